import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../src/demo/logins';
import { testDrivers } from './support/database';
import { freePort, type SmtpSink, startSmtpSink } from './support/smtp-sink';
import { sleep, waitFor } from './support/wait';

// A real API process (as npm start runs it) killed with SIGKILL after it committed an e-mail and before the e-mail
// went out: the next process sends it, once.

const root = path.join(__dirname, '..', '..');

interface Api {
  child: ChildProcess;
  origin: string;
  output: string[];
}

function startApi(env: NodeJS.ProcessEnv): Promise<Api> {
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

function kill9(api: Api): Promise<void> {
  return new Promise((resolve) => {
    if (api.child.exitCode !== null) return resolve();
    api.child.once('exit', () => resolve());
    api.child.kill('SIGKILL');
  });
}

describe.each(testDrivers)('an e-mail across a killed API process on %s', (driver) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'especifica-email-restart-'));
  const databaseName = `especifica_email_restart_${process.pid}_${randomBytes(3).toString('hex')}`;
  const serverUrl = process.env.DATABASE_URL;
  let api: Api | null = null;
  let sink: SmtpSink | null = null;

  const adminQuery = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    if (driver === 'postgres') await adminQuery(`create database ${databaseName}`);
  });
  afterAll(async () => {
    if (api) await kill9(api);
    await sink?.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (driver === 'postgres') await adminQuery(`drop database if exists ${databaseName} with (force)`);
  }, 30_000);

  it('is sent after the restart, once', async () => {
    const smtpPort = await freePort();
    const url = new URL(serverUrl ?? 'postgres://localhost/x');
    url.pathname = `/${databaseName}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64'),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_RETRIES: '20',
      MAIL_RETRY_DELAY_SECONDS: '1',
      ARGON2_MEMORY_KIB: '8',
      ARGON2_TIME: '1',
      LOG_LEVEL: 'warn',
      EXPIRY_JOB_MINUTES: '0',
      ...(driver === 'postgres' ? { DATABASE_URL: url.toString(), SEED_DEMO: 'true' } : {}),
    };
    api = await startApi(env);
    const call = async (method: string, route: string, body?: object, token?: string) => {
      const response = await fetch(`${api?.origin}${route}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const login = await call('POST', '/api/auth/admin-login', {
      email: 'admin@especifica.dev',
      password: DEMO_PASSWORD,
    });
    const admin = login.json.accessToken as string;
    expect(admin).toBeTruthy();
    const outbox = async () =>
      (await call('GET', '/api/cms/emails/get-all?limit=10', undefined, admin)).json.items as {
        to: string;
        state: string;
        attempts: number;
        lastError: string | null;
      }[];

    const recover = await call('POST', '/api/auth/recover', { email: 'ana@especifica.dev' });
    expect(recover.status).toBe(200);
    // Committed, and tried once against a mail server that is down.
    await waitFor(
      'a failed attempt',
      async () => (await outbox()).find((mail) => mail.to === 'ana@especifica.dev' && mail.lastError),
      60_000,
    );
    await kill9(api);
    api = null;

    sink = await startSmtpSink(smtpPort);
    api = await startApi(env);
    await waitFor(
      'the e-mail sent',
      async () => (await outbox()).find((mail) => mail.to === 'ana@especifica.dev' && mail.state === 'sent'),
      60_000,
    );
    // A retry still due (of the job the killed process held) finds it sent: nothing more goes out.
    await sleep(3_000);
    expect(sink.messages.filter((m) => m.to.some((to) => to.includes('ana@especifica.dev')))).toHaveLength(1);
  }, 240_000);
});
