import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import type { ServerOptions } from './tests/fixtures';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium não foi encontrado em ${chromium}. Instale o do Debian com "apt-get install -y chromium" ou aponte CHROMIUM_PATH para outro executável; os testes nunca baixam um navegador.`,
  );
}

// The journeys' servers are the workers' own (see tests/fixtures.ts): each `npm start` on a fresh data folder, at
// E2E_PORT, E2E_PORT + 1, … Two workers by default, one per core of a CI machine; E2E_WORKERS changes that.
const workers = Number(process.env.E2E_WORKERS || 2);

// Every server lays out the built bundles as they are: building them is `npm run build`'s (npm run test:e2e runs it).
for (const marker of [
  'shell/dist/index.html',
  ...['mf-auth', 'mf-participant', 'mf-cms'].map((r) => `${r}/dist/mf-manifest.json`),
]) {
  if (!existsSync(path.resolve(__dirname, '..', marker)))
    throw new Error(`${marker} is missing: run "npm run build" before the journeys.`);
}

export default defineConfig<ServerOptions>({
  testDir: './tests',
  // A file's journeys run in order on one worker, and so on one server.
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  // Journeys that change what every other journey sees (a new regulation makes every demo login ask for it) run in a
  // project of their own, after the rest has run; running one of them alone, add --no-deps to skip the rest.
  projects: [
    { name: 'journeys', testIgnore: /(programme-changes|profession-rules|screens)\.spec\.ts$/ },
    {
      name: 'programme-changes',
      testMatch: /(programme-changes|profession-rules)\.spec\.ts$/,
      dependencies: ['journeys'],
    },
    // The screenshot baselines (docs/screenshots.md) on servers of their own, which no other journey changes, whose
    // clock starts at one instant: the demo data is seeded relative to it, and the pages' clock is held there.
    {
      name: 'screens',
      testMatch: /screens\.spec\.ts$/,
      snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
      use: { serverClockAt: '2026-03-16T12:00:00-03:00', timezoneId: 'America/Sao_Paulo' },
    },
  ],
  expect: {
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      stylePath: path.join(__dirname, 'support', 'screenshot.css'),
      threshold: 0.05,
      maxDiffPixelRatio: 0.0002,
    },
  },
  use: {
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'pt-BR',
    screenshot: 'only-on-failure',
  },
});
