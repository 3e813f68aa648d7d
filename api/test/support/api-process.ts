import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestDriver } from './database';
import { freePort } from './smtp-sink';

// A real API process, as `npm start` runs it, for the tests that kill one with SIGKILL and start the next.

const root = path.join(__dirname, '..', '..', '..');

export interface ApiProcess {
  child: ChildProcess;
  origin: string;
  output: string[];
}

/** Starts the API with `env` and resolves once it says where it listens. */
export function startApi(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'src', 'server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output.join('')}`)), 90_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      const origin = /Especifica em (http:\/\/[^\s]+) /.exec(output.join(''))?.[1];
      if (origin) {
        clearTimeout(timer);
        resolve({ child, origin, output });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}):\n${output.join('')}`));
    });
  });
}

/** SIGKILL: no shutdown hook runs, as when a machine loses power. */
export function kill9(api: ApiProcess): Promise<void> {
  return new Promise((resolve) => {
    if (api.child.exitCode !== null) return resolve();
    api.child.once('exit', () => resolve());
    api.child.kill('SIGKILL');
  });
}

async function serverQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A data directory and, on PostgreSQL, a database of their own for real API processes: `env` is what starts one on
 * them (the demo seeded), with `extra` settings on top.
 */
export function apiSandbox(driver: TestDriver, name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `especifica-${name}-`));
  const databaseName = `especifica_${name.replace(/-/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const jwtSecret = randomBytes(48).toString('base64');
  return {
    dataDir,
    async create() {
      if (driver === 'postgres') await serverQuery(`create database ${databaseName}`);
    },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (driver === 'postgres') await serverQuery(`drop database if exists ${databaseName} with (force)`);
    },
    async env(extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
      const url = new URL(process.env.DATABASE_URL ?? 'postgres://localhost/x');
      url.pathname = `/${databaseName}`;
      return {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        ARGON2_MEMORY_KIB: '8',
        ARGON2_TIME: '1',
        LOG_LEVEL: 'warn',
        EXPIRY_JOB_MINUTES: '0',
        AUTO_REVIEW_JOB_MINUTES: '0',
        ...(driver === 'postgres' ? { DATABASE_URL: url.toString(), SEED_DEMO: 'true' } : {}),
        ...extra,
      };
    },
  };
}

/**
 * A sandbox's real API process, one at a time, for a test that kills it (SIGKILL) and starts the next: the database
 * is made before the suite and dropped after it, with whatever process is still running.
 */
export function killableApi(driver: TestDriver, name: string) {
  const sandbox = apiSandbox(driver, name);
  let current: ApiProcess | null = null;
  beforeAll(() => sandbox.create());
  afterAll(async () => {
    if (current) await kill9(current);
    await sandbox.remove();
  }, 30_000);
  return {
    dataDir: sandbox.dataDir,
    env: sandbox.env,
    async start(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
      current = await startApi(env);
      return current;
    },
    /** SIGKILL, as a crash: nothing of the process's own shutdown runs. */
    async kill(): Promise<void> {
      if (current) await kill9(current);
      current = null;
    },
  };
}

/** One call to a real API process: its status and JSON body. */
export async function apiCall(
  api: ApiProcess,
  method: string,
  route: string,
  options: { json?: object; form?: FormData; token?: string; timeoutMs?: number } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${api.origin}${route}`, {
    method,
    headers: {
      ...(options.json ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.json ? JSON.stringify(options.json) : options.form,
    ...(options.timeoutMs ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}
