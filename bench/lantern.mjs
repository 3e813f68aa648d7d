// npm run bench:lantern — what Lighthouse's LCP estimate (its Lantern simulation, mobile preset) would be if a load
// were different, without building that change: record one load's trace and network log once, then ask.
//
//   npm run bench:lantern -- record /extract load.json     one Lighthouse load of a page (logged in as in bench:pages)
//   npm run bench:lantern -- what-if load.json [change…]   the estimate of that load, as recorded and as changed
//
// Changes, each naming its requests by a part of their address:
//   size:<part>:<bytes>     the response is that many bytes as served (a smaller or a merged file)
//   drop:<part>             the request is not made (its bytes moved into another file with size:)
//   priority:<part>:<level> asked for at that priority (VeryHigh, High, Medium, Low, VeryLow)
//   unlinked:<part>         not tied to the task it was sent from (as if the page's inline script asked for it)
// `--path` prints, for each, the requests and the counted tasks in simulated time.
//
// Lantern shares the link evenly among the requests in flight, gives an HTTP/1.1 host six connections, and moves
// in round trips of 150 ms: a few KB less often changes nothing and a change can move the figure by a whole round
// trip either way. Ask of several recorded loads before building a change, and measure it with bench:pages.
import { readFileSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { describeLcpPath, lanternLcp, launchForLighthouse, recordedLoad } from './lighthouse-support.mjs';
import { PAGES, sessionFor, startServer } from './support.mjs';

const [command, ...args] = process.argv.slice(2);

async function record(pagePath, file) {
  const page = PAGES.find((p) => p.path === pagePath);
  if (!page) throw new Error(`${pagePath}: not one of ${PAGES.map((p) => p.path).join(', ')}`);
  const server = await startServer(Number(process.env.BENCH_PORT || 8285));
  try {
    const store = page.login ? await sessionFor(server.base, page.login.endpoint, page.login.email) : null;
    const chrome = await launchForLighthouse(server.base, store);
    try {
      const result = await lighthouse(server.base + page.path, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (result.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      writeFileSync(file, JSON.stringify(recordedLoad(result)));
      const lcp = Math.round(result.lhr.audits['largest-contentful-paint'].numericValue);
      console.log(`${page.path}: LCP ${lcp} ms, kept in ${file}`);
    } finally {
      await chrome.kill();
    }
  } finally {
    server.stop();
  }
}

/** The recorded load with the changes made to its network log and trace. */
function changed(load, changes) {
  const { DevtoolsLog: log, Trace: trace } = structuredClone(load);
  const dropped = new Set();
  for (const change of changes) {
    const [kind, part, value] = change.split(':');
    const ids = new Set(
      log
        .filter((e) => e.method === 'Network.requestWillBeSent' && e.params.request.url.includes(part))
        .map((e) => e.params.requestId),
    );
    if (!ids.size) throw new Error(`${change}: no request's address has "${part}"`);
    if (kind === 'unlinked') {
      for (const e of trace.traceEvents)
        if (e.name === 'ResourceSendRequest' && ids.has(e.args?.data?.requestId))
          e.name = 'ResourceSendRequestUnlinked';
      continue;
    }
    if (!['size', 'drop', 'priority'].includes(kind)) throw new Error(`${change}: no such change`);
    for (const e of log) {
      if (!ids.has(e.params?.requestId)) continue;
      if (kind === 'drop') dropped.add(e.params.requestId);
      if (kind === 'size' && e.method === 'Network.loadingFinished') e.params.encodedDataLength = Number(value);
      if (kind === 'size' && e.method === 'Network.dataReceived') e.params.encodedDataLength = 0;
      if (kind === 'priority' && e.method === 'Network.requestWillBeSent') e.params.request.initialPriority = value;
    }
  }
  return { ...load, DevtoolsLog: log.filter((e) => !dropped.has(e.params?.requestId)), Trace: trace };
}

async function whatIf(file, changes) {
  const load = JSON.parse(readFileSync(file, 'utf8'));
  const paths = changes.includes('--path');
  const wanted = changes.filter((c) => c !== '--path');
  const rows = [['as recorded', load]];
  if (wanted.length) rows.push([wanted.join(' '), changed(load, wanted)]);
  for (const [label, variant] of rows) {
    const full = await lanternLcp(variant);
    const network = await lanternLcp(variant, 0.001);
    console.log(`LCP ${Math.round(full.timing)} ms, network only ${Math.round(network.timing)} ms: ${label}`);
    if (paths) console.log(`${describeLcpPath(full).join('\n')}\n`);
  }
}

if (command === 'record' && args.length === 2) await record(...args);
else if (command === 'what-if' && args.length >= 1) await whatIf(args[0], args.slice(1));
else {
  console.error('usage: npm run bench:lantern -- record <page> <file> | what-if <file> [change…] [--path]');
  process.exit(1);
}
