import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium não foi encontrado em ${chromium}. Instale o do Debian com "apt-get install -y chromium" ou aponte CHROMIUM_PATH para outro executável; os testes nunca baixam um navegador.`,
  );
}

const port = Number(process.env.E2E_PORT || 8181);
// Made once by the main process; the workers load this file again and inherit the variable, so they all read the
// server's outbox (the e-mails of recovery and sign-up) at E2E_DATA_DIR/outbox.
process.env.E2E_DATA_DIR ||= mkdtempSync(path.join(tmpdir(), 'especifica-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
// The server's releases folder, where the release journey publishes and switches versions with the commands.
process.env.E2E_RELEASES_DIR ||= path.join(dataDir, 'releases');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  // Journeys that change what every other journey sees (a new regulation makes every demo login ask for it) run in a
  // project of their own, after the rest has run; running one of them alone, add --no-deps to skip the rest.
  projects: [
    { name: 'journeys', testIgnore: /programme-changes\.spec\.ts$/ },
    { name: 'programme-changes', testMatch: /programme-changes\.spec\.ts$/, dependencies: ['journeys'] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: path.resolve(__dirname, '..'),
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    // Rate limits stay in memory (REDIS_URL empty) so that each run starts with fresh counters.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      RELEASES_DIR: process.env.E2E_RELEASES_DIR,
    },
  },
});
