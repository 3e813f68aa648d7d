// npm run bench:pages — Lighthouse (the npm package, in Debian's Chromium) on the first screens, both presets:
// /login, then logged in /dashboard, /extract, /invoices (a professional) and /cms/dashboard (the admin).
// Prints the median of BENCH_RUNS runs (default 3) of performance, LCP (and its network-only part), TBT, CLS,
// accessibility and best practices, and the bytes the browser received (compressed as served). Each run is a fresh
// browser profile.
// BENCH_PAGES=/login,/dashboard picks pages, BENCH_PRESETS=mobile a preset; the full Lighthouse reports go to BENCH_LH_DIR when it is set.
// BENCH_LCP_PATH=1 prints, for each run, what Lighthouse's LCP estimate is made of (requests and counted tasks).
// BENCH_COMPARE=<base URL> of a running `npm start` of another build measures both in one run, alternating their
// runs page by page, each first in every other run, so that a busy or slow machine weighs on both sides alike.
// BENCH_NGINX=1 measures the same way the production web image's nginx serving this checkout's build, beside it.
// BENCH_CPU_INDEX=2400 measures the mobile preset as on a machine of that CPU index: Lighthouse's 4x slowdown is scaled
// by the index this machine measured in its last run over the one asked for (a first run, not counted, measures it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { describeLcpPath, lanternLcp, launchForLighthouse, recordedLoad } from './lighthouse-support.mjs';
import { imageLayout, median, PAGES, printTable, sessionFor, startServer } from './support.mjs';

// Required, not imported: loaded as CommonJS by tsx (the script runs under it), as the API suite loads it.
const { startNginx } = createRequire(import.meta.url)('../scripts/nginx/local.ts');

const PRESETS = [
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];
const runs = Number(process.env.BENCH_RUNS || 3);
const wanted = process.env.BENCH_PAGES?.split(',');
const presets = process.env.BENCH_PRESETS?.split(',');
const reports = process.env.BENCH_LH_DIR;
const compare = process.env.BENCH_COMPARE?.replace(/\/+$/, '');
const lcpPaths = Boolean(process.env.BENCH_LCP_PATH);
const cpuIndex = Number(process.env.BENCH_CPU_INDEX || 0);
// The CPU index Lighthouse measured in the latest run, which scales the next run's slowdown under BENCH_CPU_INDEX.
let lastIndex = 0;
const MOBILE_SLOWDOWN = 4;

/** The mobile preset with its CPU slowdown scaled to BENCH_CPU_INDEX (Lighthouse's own calibration: index ratio). */
function configFor(preset) {
  if (!cpuIndex || preset.config || !lastIndex) return preset.config;
  const cpuSlowdownMultiplier = (MOBILE_SLOWDOWN * lastIndex) / cpuIndex;
  return {
    extends: 'lighthouse:default',
    settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } },
  };
}

async function audit(base, page, preset, store) {
  const chrome = await launchForLighthouse(base, store);
  try {
    const result = await lighthouse(
      base + page.path,
      {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      configFor(preset),
    );
    if (result.lhr.environment?.benchmarkIndex) lastIndex = result.lhr.environment.benchmarkIndex;
    if (!result.lhr.runtimeError) {
      const load = recordedLoad(result);
      result.lhr.networkLcp = (await lanternLcp(load, 0.001)).timing;
      if (lcpPaths) {
        const lines = describeLcpPath(await lanternLcp(load));
        console.error(`\nLCP estimate of ${base}${page.path}, ${preset.name}:\n${lines.join('\n')}`);
      }
    }
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

function figures(lhr) {
  const audits = lhr.audits;
  const requests = audits['network-requests'].details.items;
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items) => items.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  return {
    performance: lhr.categories.performance.score * 100,
    lcp: audits['largest-contentful-paint'].numericValue,
    networkLcp: lhr.networkLcp,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    accessibility: lhr.categories.accessibility.score * 100,
    bestPractices: lhr.categories['best-practices'].score * 100,
    bytes: sum(requests),
    scriptBytes: sum(scripts),
    scripts: scripts.length,
    finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
    // Lighthouse's CPU benchmark of the machine at the time: lower means a busier machine, hence slower figures.
    benchmark: lhr.environment.benchmarkIndex,
    slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
  };
}

const server = await startServer(Number(process.env.BENCH_PORT || process.env.PORT || 8283));
const builds = [{ name: 'this checkout', base: server.base, tag: '' }];
if (compare) builds.push({ name: compare, base: compare, tag: '-compare' });
// Refused (no nginx here, or a configuration nginx -t refuses): said, with the server stopped.
const nginx = process.env.BENCH_NGINX
  ? await startNginx(imageLayout, server.base).catch(async (error) => {
      await server.stop();
      throw error;
    })
  : null;
if (nginx) builds.push({ name: 'this checkout, nginx image', base: nginx.base, tag: '-nginx' });
const rows = [];
try {
  // Under BENCH_CPU_INDEX, a first load (not counted) measures the machine's index.
  if (cpuIndex) await audit(server.base, PAGES[0], PRESETS[0], null);
  for (const page of PAGES.filter((p) => !wanted || wanted.includes(p.path))) {
    // Each server has its own database and signing key, so each build gets a session of its own.
    const stores = await Promise.all(
      builds.map((build) => (page.login ? sessionFor(build.base, page.login.endpoint, page.login.email) : null)),
    );
    for (const preset of PRESETS.filter((p) => !presets || presets.includes(p.name))) {
      const measured = builds.map(() => []);
      for (let run = 0; run < runs; run++) {
        // Each build goes first in every other run: the first of a pair measured a lower CPU index here, run after
        // run (1,119-1,934 against 1,495-2,556 for the same pages), whichever build it was.
        const order = [...builds.entries()];
        if (run % 2) order.reverse();
        for (const [b, build] of order) {
          // Lighthouse now and then fails to record a load (NO_NAVSTART, NO_FCP on a page that paints): that run is
          // made again, up to twice, and said.
          let lhr = await audit(build.base, page, preset, stores[b]);
          for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
            console.error(`${page.path} ${preset.name} (${build.name}): ${lhr.runtimeError.code}, measured again`);
            lhr = await audit(build.base, page, preset, stores[b]);
          }
          if (lhr.runtimeError) throw new Error(`${page.path} ${preset.name}: ${lhr.runtimeError.message}`);
          if (reports) {
            mkdirSync(reports, { recursive: true });
            const name = `${page.path.replaceAll('/', '_')}-${preset.name}${build.tag}-${run + 1}.json`;
            writeFileSync(path.join(reports, name), JSON.stringify(lhr));
          }
          for (const warning of lhr.runWarnings) console.error(`${page.path} ${preset.name}: ${warning}`);
          measured[b].push(figures(lhr));
        }
      }
      for (const [b, build] of builds.entries())
        rows.push(row(page, preset, measured[b], builds.length > 1 ? [build.name] : []));
    }
  }
} finally {
  await nginx?.stop();
  server.stop();
}

function row(page, preset, measured, build) {
  const mid = (key) => median(measured.map((m) => m[key]));
  const finals = [...new Set(measured.map((m) => m.finalUrl))].join(', ');
  return [
    page.path + (finals !== page.path ? ` (ends at ${finals})` : ''),
    preset.name,
    ...build,
    mid('performance').toFixed(0),
    `${(mid('lcp') / 1000).toFixed(2)} s`,
    `${(mid('networkLcp') / 1000).toFixed(2)} s`,
    `${mid('tbt').toFixed(0)} ms`,
    mid('cls').toFixed(3),
    mid('accessibility').toFixed(0),
    mid('bestPractices').toFixed(0),
    `${(mid('bytes') / 1024).toFixed(1)} KiB`,
    `${(mid('scriptBytes') / 1024).toFixed(1)} KiB in ${mid('scripts')}`,
    mid('benchmark').toFixed(0),
    ...(cpuIndex ? [`${mid('slowdown').toFixed(1)}x`] : []),
  ];
}

console.log(`\nLighthouse, median of ${runs} run(s) per row (goals: performance >= 90 on mobile, LCP <= 2.5 s,`);
console.log('TBT <= 200 ms, CLS <= 0.05, accessibility and best practices 100, /login JavaScript <= 150 KB as served)');
console.log(
  "'LCP, network only' is Lighthouse's estimate of the same load with the page's main-thread work taken as free:",
);
console.log('what the bytes and round trips before the largest paint cost by themselves.');
const headers = [
  'page',
  'preset',
  ...(builds.length > 1 ? ['build'] : []),
  'performance',
  'LCP',
  'LCP, network only',
  'TBT',
];
headers.push('CLS', 'accessibility', 'best practices', 'bytes as served', 'JavaScript as served', 'CPU index');
if (cpuIndex) {
  headers.push('CPU slowdown');
  console.log(
    `Mobile measured as on a machine of CPU index ${cpuIndex}: the slowdown is 4x the measured index over ${cpuIndex}.`,
  );
}
printTable(rows, headers);
