// npm run bench:releases — prints a table: the time from `npm run remotes -- use` (and `rollback`) to the first page
// load that shows the other version of mf-participant, median of several rounds, and the shell's bytes before and
// after the switches (which must not change: the shell is not rebuilt). Runs under tsx to reuse the journeys' helpers.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, median, printTable, recordScripts, root, startServer } from './support.mjs';

// Required, not imported: loaded as CommonJS by tsx, the helpers find the repository from their own folder.
const { participantRelease, releaseCommand } = createRequire(import.meta.url)('../e2e/support/releases.ts');

const ROUNDS = Number(process.env.BENCH_RUNS || 5);
const NEXT = '0.99.0';
const releasesDir = mkdtempSync(path.join(tmpdir(), 'bench-releases-'));
process.env.RELEASES_DIR = releasesDir;

const participant = path.join(root, 'mf-participant');
const next = participantRelease(NEXT);
for (const dist of ['dist', next]) {
  const result = releaseCommand('release', ['--dist', dist], releasesDir, participant);
  if (result.status !== 0) throw new Error(result.stderr);
}

/** The shell's part of a page load: every script and page not under /remotes/, with the bytes received. */
async function shellBytes(page, url) {
  const scripts = recordScripts(page);
  const response = await page.goto(url);
  await page.getByTestId('dashboard-points').waitFor();
  await page.waitForLoadState('networkidle');
  const shell = [...scripts.entries()].filter(([src]) => !new URL(src).pathname.startsWith('/remotes/'));
  const body = (await response?.body())?.length ?? 0;
  return {
    bytes: body + shell.reduce((sum, [, script]) => sum + script.bytes, 0),
    files: shell.map(([src]) => new URL(src).pathname).sort(),
  };
}

const server = await startServer(Number(process.env.BENCH_PORT || 8142));
try {
  const browser = await launchBrowser();
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.base}/login`);
  await page.getByLabel('E-mail').fill('ana@especifica.dev');
  await page.getByLabel('Senha').fill('Especifica@2026');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  const before = await shellBytes(
    await (await browser.newContext({ storageState: await page.context().storageState() })).newPage(),
    `${server.base}/dashboard`,
  );

  const switches = [];
  const commands = [];
  const loads = [];
  for (let round = 0; round < ROUNDS * 2; round++) {
    const forward = round % 2 === 0;
    const started = performance.now();
    const result = releaseCommand(
      'remotes',
      forward ? ['use', 'mf_participant', NEXT] : ['rollback', 'mf_participant'],
      releasesDir,
    );
    if (result.status !== 0) throw new Error(result.stderr);
    commands.push(performance.now() - started);
    let load = 0;
    for (; ; load++) {
      await page.goto(`${server.base}/dashboard`);
      await page.getByTestId('dashboard-points').waitFor();
      const shown = (await page.getByTestId('release-mark').count()) > 0;
      if (shown === forward) break;
      if (load > 50) throw new Error('the switch never showed');
    }
    switches.push(performance.now() - started);
    loads.push(load + 1);
  }
  const after = await shellBytes(
    await (await browser.newContext({ storageState: await page.context().storageState() })).newPage(),
    `${server.base}/dashboard`,
  );
  await browser.close();

  printTable([
    [
      `remotes use / rollback → first page load showing the other version (median of ${switches.length})`,
      `${median(switches).toFixed(0)} ms`,
      'printed',
    ],
    ['  of which the command itself (node + tsx start, check, write)', `${median(commands).toFixed(0)} ms`, 'printed'],
    ['  page loads until it showed, each round', loads.join(', '), '1 each'],
    ['  each round', switches.map((ms) => ms.toFixed(0)).join(', '), ''],
    [
      'shell bytes on /dashboard before the switches (page + scripts, as served)',
      `${before.bytes} B in ${before.files.length} files`,
      '',
    ],
    ['shell bytes on /dashboard after the switches', `${after.bytes} B in ${after.files.length} files`, 'unchanged'],
    ['shell unchanged', String(before.bytes === after.bytes && before.files.join() === after.files.join()), 'true'],
  ]);
} finally {
  server.stop();
  rmSync(releasesDir, { recursive: true, force: true });
}
