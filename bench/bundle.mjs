// npm run bench:bundle — prints a table: build time of each remote alone, the JavaScript that /login
// downloads (the bytes the browser received, compressed as served), and the median time from navigation to an enabled login button over 10 cold loads.
// BENCH_BASE_DIR=<another checkout, installed> times each remote's build there too, in the same run: BENCH_BUILDS
// rounds (default 3) per remote, the two checkouts alternating and each first in every other round, medians printed,
// so that a busy machine weighs on both alike.
import { spawnSync } from 'node:child_process';
import { launchBrowser, median, printTable, recordScripts, root, startServer } from './support.mjs';

const baseDir = process.env.BENCH_BASE_DIR;
const rounds = baseDir ? Number(process.env.BENCH_BUILDS || 3) : 1;

/** Seconds taken by the production build of `dir` alone, in the checkout at `cwd`. */
function buildSeconds(cwd, dir) {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', dir], { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`build of ${dir} failed in ${cwd}`);
  return (performance.now() - started) / 1000;
}

const rows = [];
for (const dir of ['shell', 'mf-auth', 'mf-participant', 'mf-cms']) {
  const here = [];
  const there = [];
  for (let round = 0; round < rounds; round++) {
    const order = baseDir && round % 2 === 0 ? ['base', 'here'] : ['here', 'base'];
    for (const side of order) {
      if (side === 'here') here.push(buildSeconds(root, dir));
      else if (baseDir) there.push(buildSeconds(baseDir, dir));
    }
  }
  const seconds = (times) => `${median(times).toFixed(1)} s`;
  rows.push([
    `production build of ${dir} alone${baseDir ? ` (median of ${rounds}; base ${seconds(there)})` : ''}`,
    seconds(here),
    baseDir ? 'no slower than base' : 'printed',
  ]);
}

const server = await startServer(Number(process.env.BENCH_PORT || 8282));
try {
  const browser = await launchBrowser();
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${server.base}/login`);
  await page.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((sum, script) => sum + script.bytes, 0);
  const encodings = [...new Set([...scripts.values()].map((script) => script.encoding))].join(', ');
  rows.push([
    `JavaScript downloaded by /login, as served (${encodings})`,
    `${(total / 1024).toFixed(1)} KB in ${scripts.size} files`,
    '≤ 150 KB',
  ]);
  const largest = [...scripts.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 5);
  await context.close();

  // Cold loads: a new context each time, so nothing is cached.
  const times = [];
  for (let i = 0; i < 10; i++) {
    const cold = await browser.newContext();
    const p = await cold.newPage();
    const started = performance.now();
    await p.goto(`${server.base}/login`);
    await p.getByRole('button', { name: 'Entrar', exact: true }).and(p.locator(':enabled')).waitFor();
    times.push(performance.now() - started);
    await cold.close();
  }
  rows.push([
    'navigation to an enabled login button (median of 10 cold loads)',
    `${median(times).toFixed(0)} ms`,
    'printed (includes the 500 ms gate wait)',
  ]);
  await browser.close();

  printTable(rows);
  console.log('\nLargest scripts on /login, as served:');
  for (const [url, script] of largest)
    console.log(
      `  ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${script.encoding.padEnd(8)} ${new URL(url).pathname}`,
    );
} finally {
  server.stop();
}
