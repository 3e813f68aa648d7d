// npm run bench:bundle — prints a table: build time of each remote alone, the JavaScript that /login
// downloads (the bytes the browser received, compressed as served), and the median time from navigation to an enabled login button over 10 cold loads.
import { spawnSync } from 'node:child_process';
import { launchBrowser, median, printTable, recordScripts, root, startServer } from './support.mjs';

const rows = [];
for (const dir of ['shell', 'mf-auth', 'mf-participant', 'mf-cms']) {
  const started = performance.now();
  const result = spawnSync('npm', ['run', 'build', '-w', dir], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`build of ${dir} failed`);
  rows.push([`production build of ${dir} alone`, `${((performance.now() - started) / 1000).toFixed(1)} s`, 'printed']);
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
