import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base } from '@playwright/test';
import pg from 'pg';
import { type Issued, issueCertificate, signNfe } from '../../api/src/demo/nfe-signing';
import { demoStore } from './support';

/** The server one worker's journeys run against, with the folders the journeys read beside it. */
export interface JourneyServer {
  url: string;
  /** Where the server writes each e-mail as a .eml file (no SMTP_URL). */
  outbox: string;
  /** The server's releases folder, where the release journey publishes and switches versions with the commands. */
  releasesDir: string;
}

const root = path.resolve(__dirname, '../..');

let chain: { root: Issued; store: Issued } | undefined;

/**
 * A certification chain of the journeys' own: a root that every worker's server trusts (NFE_TRUSTED_ROOTS, as a
 * homologation deployment adds its roots) and the demo store's certificate under it. The demo signs its own XMLs
 * with a root only an embedded demo trusts, whose key never leaves its process, and a server on PostgreSQL trusts it
 * not at all: a journey that needs a new signed NF-e signs it with this one (signJourneyNfe).
 */
function journeysChain() {
  if (!chain) {
    const authority = issueCertificate({ commonName: 'AC Raiz das Jornadas Especifica (sem valor)', ca: true });
    const store = issueCertificate({
      commonName: `CASA E ACABAMENTO DEMO LTDA:${demoStore.cnpj}`,
      issuer: authority,
      cnpj: demoStore.cnpj,
    });
    chain = { root: authority, store };
  }
  return chain;
}

/** An NF-e XML of the demo store signed as SEFAZ expects, by a certificate the journeys' servers trust. */
export const signJourneyNfe = (xml: string): string => signNfe(xml, journeysChain().store);

/**
 * When DATABASE_URL names a PostgreSQL server (as in CI), each worker's server gets a database of its own there, made
 * empty here and dropped at the end: two servers seeding and changing one database would see each other's journeys.
 * Without it, each server keeps an embedded PGlite in its own data folder.
 */
async function workerDatabase(serverUrl: string, name: string) {
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the journeys' server at ${url} exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the journeys' server at ${url} did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** Options a project gives its workers' servers (playwright.config.ts). */
export interface ServerOptions {
  /**
   * An instant the server's clock starts at (ISO 8601), for journeys that must draw the same on any day: the demo seed
   * and every date the API works out are then relative to it (support/server-clock.mjs). Such a server keeps an
   * embedded PGlite even where DATABASE_URL names a PostgreSQL server, whose own now() could not be moved.
   */
  serverClockAt: string | undefined;
}

export const test = base.extend<Record<never, never>, { server: JourneyServer } & ServerOptions>({
  serverClockAt: [undefined, { scope: 'worker', option: true }],
  // One server per worker (`npm start` on a fresh data folder with the demo seed), on E2E_PORT plus the worker's
  // slot: the journeys of one worker share it in order, as they shared the single server before, and never see
  // another worker's changes. A worker that restarts after a failure starts a fresh one.
  server: [
    async ({ serverClockAt }, use, workerInfo) => {
      const port = Number(process.env.E2E_PORT || 8181) + workerInfo.parallelIndex;
      const url = `http://127.0.0.1:${port}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'especifica-e2e-'));
      const releasesDir = path.join(dataDir, 'releases');
      const database =
        process.env.DATABASE_URL && !serverClockAt
          ? await workerDatabase(process.env.DATABASE_URL, `especifica_e2e_${process.pid}_${workerInfo.parallelIndex}`)
          : undefined;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_LAYOUT_DIR: path.join(dataDir, 'web'),
        RELEASES_DIR: releasesDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // Rate limits stay in memory so that each server starts with fresh counters.
        REDIS_URL: '',
        NFE_TRUSTED_ROOTS: path.join(dataDir, 'nfe-roots.pem'),
      };
      writeFileSync(env.NFE_TRUSTED_ROOTS as string, journeysChain().root.pem);
      if (database) env.DATABASE_URL = database.url;
      else delete env.DATABASE_URL;
      if (serverClockAt) {
        env.E2E_CLOCK_AT = serverClockAt;
        // A picture is of the demo as seeded: the automatic review, which decides pending invoices a few minutes after
        // start, would change the queue and the participant's invoices in the middle of a run.
        env.AUTO_REVIEW_JOB_MINUTES = '0';
        const clock = pathToFileURL(path.join(__dirname, '..', 'support', 'server-clock.mjs')).href;
        env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import ${clock}`.trim();
      }
      // A server left on the port (by a run that was killed) would answer in place of this worker's own.
      if (await fetch(`${url}/api/health`).catch(() => null))
        throw new Error(`port ${port} already answers: stop that server or choose another E2E_PORT`);
      // The IPC channel ends with this worker, however it ends, and npm start then stops its server (start.mjs).
      const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
        cwd: root,
        env,
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      try {
        await waitForHealth(url, server, 240_000);
        await use({ url, outbox: path.join(dataDir, 'outbox'), releasesDir });
      } finally {
        if (server.exitCode === null) {
          const exited = once(server, 'exit');
          server.kill('SIGTERM');
          await exited;
        }
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
