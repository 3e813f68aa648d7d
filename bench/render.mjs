// npm run bench:render — how long list and dashboard pages take to show their content after their data arrives, on
// the generated programme of `npm run bench:api` (bench/api-seed.mjs) in PostgreSQL, with the built bundles as
// `npm start` serves them. Measured from outside the app: an init script wraps XMLHttpRequest and fetch to note when
// the page's data response finished, and watches the page (a MutationObserver and every animation frame) for its
// content: the table's rows showing that response's items, or every chart's canvas with pixels drawn. The time is
// taken after the frame that shows the content (a message posted from that frame's requestAnimationFrame runs once it
// is rendered). Each round is a reload of the page's address (a new document, the HTTP cache warm); the first load
// of each page, in a fresh browser profile, is printed apart and records the scripts the page downloads, to tell
// whether the chart library's chunk reaches any page but /cms/dashboard.
// BENCH_REUSE_DB=<name> measures a database kept by `npm run bench:api` (BENCH_KEEP_DB=1); otherwise the benchmark
// creates and seeds its own (a few minutes) and drops it at the end (BENCH_KEEP_DB=1 keeps it).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminQuery, databaseUrl, programmeFacts, seedProgramme } from './api-seed.mjs';
import { launchBrowser, median, printTable, recordScripts, root, sessionFor, startServer } from './support.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 7);
const PORT = Number(process.env.BENCH_PORT || 8286);
const REUSE = process.env.BENCH_REUSE_DB || '';
// BENCH_VERBOSE=1 logs each load's timeline (ms since the document's start): the data responses, the content seen and
// painted, and the main thread's long tasks after the data.
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
// BENCH_RENDER_PAGES=invoices,dashboard measures only the pages whose address holds one of these words.
const WANTED = process.env.BENCH_RENDER_PAGES?.split(',').filter(Boolean);
const DB = REUSE || `especifica_bench_${Date.now()}`;
const DATABASE_URL = databaseUrl(DB);
// A string only Chart.js's code holds (its error when a canvas gets a second chart): the chart chunk is the script
// that carries it, whatever webpack named it.
const CHART_MARKER = 'Canvas is already in use';

const log = (line) => console.log(`[bench:render] ${line}`);
const ms = (value) => `${value.toFixed(0)} ms`;

const serverEnv = {
  DATABASE_URL,
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64'),
  REDIS_URL: '',
  // The points expiry job would otherwise sweep the million-invoice ledger 10 s after the start, mid-measurement.
  EXPIRY_JOB_MINUTES: '0',
};

/**
 * Runs in every document before the app's scripts: notes each response whose path and query match `data` (when it
 * finished, i.e. the XHR reached readyState 4 or the fetch body was read, before the app's own handlers), and
 * watches for the content; `window.__bench` holds the figures.
 */
function watch({ data, content, key, charts }) {
  const pattern = new RegExp(data);
  const bench = { responses: [], shown: null, seen: 0, painted: 0, error: null, longTasks: [] };
  window.__bench = bench;
  // The main thread's long tasks (over 50 ms), to tell in BENCH_VERBOSE's timeline what held the content back.
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) bench.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask' });
  const matches = (url) => {
    const href = new URL(String(url), location.href);
    return pattern.test(href.pathname + href.search) ? href.href : null;
  };

  const entries = new WeakMap();
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    const href = matches(url);
    if (href) {
      const entry = { url: href, sent: 0, finished: 0, status: 0 };
      entry.body = () => (typeof this.response === 'string' ? JSON.parse(this.responseText) : this.response);
      entries.set(this, entry);
      // Added at open, before the app's handlers; readyState 4 comes before the load and loadend events.
      this.addEventListener('readystatechange', () => {
        if (this.readyState !== 4 || entry.finished) return;
        entry.finished = performance.now();
        entry.status = this.status;
        bench.responses.push(entry);
      });
    }
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    const entry = entries.get(this);
    if (entry) entry.sent = performance.now();
    return send.apply(this, args);
  };
  const originalFetch = window.fetch;
  window.fetch = async function (input, init) {
    const href = matches(input instanceof Request ? input.url : input);
    if (!href) return originalFetch.call(this, input, init);
    const entry = { url: href, sent: performance.now(), finished: 0, status: 0 };
    const response = await originalFetch.call(this, input, init);
    response
      .clone()
      .text()
      .then((text) => {
        entry.finished = performance.now();
        entry.status = response.status;
        entry.body = () => JSON.parse(text);
        bench.responses.push(entry);
      });
    return response;
  };

  const drawn = (canvas) => {
    if (!canvas.width || !canvas.height) return false;
    const { data: bytes } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    return new Uint32Array(bytes.buffer).some((pixel) => pixel !== 0);
  };
  /** The response whose data is on the page now, or null. */
  const shown = () => {
    const response = bench.responses.findLast((entry) => entry.status === 200);
    if (!response) return null;
    if (content === 'rows') {
      response.items ??= response.body().items;
      if (response.items.length === 0) bench.error = `${response.url} answered no items`;
      const rows = document.querySelectorAll('[data-testid="data-table"] tbody tr');
      const first = String(response.items[0]?.[key]);
      return rows.length === response.items.length && rows[0]?.textContent.includes(first) ? response : null;
    }
    // Chart.js marks the canvases it took (initCanvas); a canvas it has not reached yet is left alone.
    const canvases = [...document.querySelectorAll('canvas[data-testid^="chart-"]')];
    return canvases.length === charts && canvases.every((canvas) => canvas.$chartjs && drawn(canvas)) ? response : null;
  };
  const painted = () => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      bench.painted = performance.now();
    };
    channel.port2.postMessage(null);
  };
  const check = (inFrame) => {
    if (bench.seen || bench.error) return;
    try {
      bench.shown = shown();
    } catch (error) {
      bench.error = String(error);
    }
    if (!bench.shown) return;
    bench.seen = performance.now();
    // Seen in a frame's callback, the content is rendered with that frame; seen in the DOM between frames, with the next.
    if (inFrame) painted();
    else requestAnimationFrame(painted);
  };
  const frame = () => {
    check(true);
    if (!bench.seen && !bench.error) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  // Rows are DOM: a MutationObserver sees them when React commits them, between frames.
  if (content === 'rows')
    new MutationObserver(() => check(false)).observe(document, { childList: true, subtree: true });
}

/** One load of the page: its data response (sent, finished) and when its content was seen and painted. */
async function measure(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  // Polled on a timer rather than on every frame, so that the polling stays out of the frames being measured.
  const handle = await page.waitForFunction(
    () => (window.__bench?.painted || window.__bench?.error ? true : null),
    null,
    {
      polling: 100,
      timeout: 60_000,
    },
  );
  await handle.dispose();
  const result = await page.evaluate(() => {
    const { shown, seen, painted, error, responses, longTasks } = window.__bench;
    return {
      error,
      responses: responses.map(({ url, sent, finished, status }) => ({ url, sent, finished, status })),
      longTasks,
      url: shown?.url,
      sent: shown?.sent,
      finished: shown?.finished,
      seen,
      painted,
    };
  });
  if (result.error) throw new Error(`${url}: ${result.error}`);
  if (VERBOSE) {
    const at = (time) => time.toFixed(0);
    const responses = result.responses.map((r) => `${r.status} ${at(r.sent)}→${at(r.finished)}`).join(', ');
    const tasks = result.longTasks
      .filter(([start, duration]) => start + duration > result.finished)
      .map(([start, duration]) => `${at(start)}+${at(duration)}`);
    log(
      `  ${url}: data ${responses}; content in the DOM ${at(result.seen)}, painted ${at(result.painted)}; long tasks after the data: ${tasks.join(', ') || 'none'}`,
    );
  }
  return { ...result, render: result.painted - result.finished, api: result.finished - result.sent };
}

if (!existsSync(path.join(root, 'mf-cms', 'dist', 'mf-manifest.json'))) log('no built bundles: npm start builds them');
const started = performance.now();
if (!REUSE) await adminQuery(`create database "${DB}"`);
let server = null;
const rows = [];
const scriptsOf = new Map();
try {
  if (!REUSE) {
    log(`database ${DB}: migrating and seeding the demo accounts`);
    server = await startServer(PORT, { ...serverEnv, SEED_DEMO: 'true' });
    await server.stop();
    server = null;
    const seedMs = await seedProgramme(DATABASE_URL, log);
    log(`programme seeded in ${(seedMs / 1000).toFixed(0)} s`);
  }
  const db = new pg.Client(DATABASE_URL);
  db.on('error', () => {});
  await db.connect();
  const { counts, busiest, busiestStore } = await programmeFacts(db);
  await db.end();
  log(
    `${counts.professionals} professionals, ${counts.invoices} invoices; busiest professional ${busiest}, busiest store ${busiestStore}`,
  );

  // The name fragment bench:api searches for (11 people in the full programme); a smaller BENCH_SCALE has no 4242nd.
  const fragment = counts.professionals >= 42_430 ? 'Bench 4242' : 'Bench 42';

  server = await startServer(PORT, serverEnv);
  const professional = await sessionFor(server.base, '/api/auth/login', busiest);
  const admin = await sessionFor(server.base, '/api/auth/admin-login', 'admin@especifica.dev');
  const pages = [
    {
      name: '/extract of the busiest professional, 18 movements a page, credits only',
      session: professional,
      path: '/extract?kind=credit&limit=18',
      watch: { data: '^/api/professionals/extract/get-all\\?', content: 'rows', key: 'reason' },
      target: 100,
    },
    {
      name: `/cms/professionals searched for "${fragment}"`,
      session: admin,
      path: `/cms/professionals?${new URLSearchParams({ search: fragment })}`,
      watch: { data: '^/api/cms/professionals/get-all\\?', content: 'rows', key: 'name' },
      target: 100,
      apiTarget: 50,
    },
    {
      name: '/invoices (the queue) filtered by the busiest store',
      session: admin,
      path: `/invoices?storeId=${busiestStore}`,
      watch: { data: '^/api/cms/professionals/invoices/get-all\\?.*storeId=', content: 'rows', key: 'number' },
      target: 100,
      apiTarget: 50,
    },
    {
      name: '/cms/dashboard: its 3 charts drawn',
      session: admin,
      path: '/cms/dashboard',
      watch: { data: '^/api/cms/dashboard/get-all$', content: 'charts', charts: 3 },
      target: 300,
      apiTarget: 100,
      charts: true,
    },
  ];

  const browser = await launchBrowser();
  try {
    for (const spec of pages.filter((p) => !WANTED || WANTED.some((word) => p.path.includes(word)))) {
      // A fresh profile per page: its first load downloads every script it needs, and only those.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript(watch, spec.watch);
      const page = await context.newPage();
      await page.goto(`${server.base}/api/health`);
      await page.evaluate((store) => localStorage.setItem('store', store), spec.session);
      const scripts = recordScripts(page);
      const cold = await measure(page, server.base + spec.path);
      await page.waitForLoadState('networkidle');
      page.removeAllListeners('requestfinished');
      scriptsOf.set(spec.path, scripts);
      const rounds = [];
      for (let round = 0; round < ROUNDS; round++) rounds.push(await measure(page, server.base + spec.path));
      await context.close();
      const renders = rounds.map((r) => r.render);
      rows.push([
        `${spec.name}: rendered after its data`,
        ms(median(renders)),
        `< ${spec.target} ms`,
        ms(cold.render),
        renders.map((value) => value.toFixed(0)).join(', '),
      ]);
      if (spec.apiTarget) {
        const apis = rounds.map((r) => r.api);
        rows.push([
          `${spec.name}: its data request (${new URL(rounds[0].url).pathname}), sent to finished`,
          ms(median(apis)),
          `< ${spec.apiTarget} ms`,
          ms(cold.api),
          apis.map((value) => value.toFixed(0)).join(', '),
        ]);
      }
      log(`${spec.path}: done`);
    }
  } finally {
    await browser.close();
  }

  // Which scripts carry Chart.js, read as served.
  const chartChunks = new Set();
  for (const url of new Set([...scriptsOf.values()].flatMap((scripts) => [...scripts.keys()]))) {
    if ((await (await fetch(url)).text()).includes(CHART_MARKER)) chartChunks.add(url);
  }
  const requested = (pagePath) => [...scriptsOf.get(pagePath).keys()].some((url) => chartChunks.has(url));
  const others = [...scriptsOf.keys()].filter((pagePath) => pagePath !== '/cms/dashboard' && requested(pagePath));
  const names = [...chartChunks].map((url) => new URL(url).pathname).join(', ');
  rows.push([
    `the chart chunk (${names || 'not found'}) requested by a page other than /cms/dashboard`,
    // Not found on the dashboard itself means this check no longer recognises the chunk: it proves nothing then.
    !scriptsOf.has('/cms/dashboard') || !requested('/cms/dashboard')
      ? 'unknown: /cms/dashboard downloaded no script with Chart.js'
      : others.length
        ? `yes: ${others.map((pagePath) => pagePath.split('?')[0]).join(', ')}`
        : 'no',
    'no',
    '',
    '',
  ]);
} finally {
  if (server) await server.stop();
  if (!REUSE && !process.env.BENCH_KEEP_DB) await adminQuery(`drop database if exists "${DB}" with (force)`);
}

console.log(
  `\nRendering after the data arrives (bench:render, ${ROUNDS} reloads a page after a first load in a fresh profile; the median is of the reloads)`,
);
printTable(rows, ['measure', 'median', 'target', 'first load', 'each reload']);
console.log('\nScripts each page downloaded on its first load, as served:');
for (const [pagePath, scripts] of scriptsOf) {
  const kb = [...scripts.values()].reduce((sum, script) => sum + script.bytes, 0) / 1024;
  console.log(`  ${pagePath.split('?')[0]}: ${scripts.size} scripts, ${kb.toFixed(1)} KB`);
  for (const [url, script] of scripts)
    console.log(`    ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
}
console.log(`\nwhole benchmark: ${((performance.now() - started) / 1000).toFixed(0)} s`);
