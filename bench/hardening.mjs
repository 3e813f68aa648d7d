// The API under hostile input and a database restart: a 10 MB XML sent as an invoice (the API's peak memory and
// the p99 of /api/health requests sent meanwhile), then a PostgreSQL of the benchmark's own stopped and started
// under the running API (the time from PostgreSQL accepting connections again to the API's first 200).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiNodeArgs, buildApi } from '../scripts/api-process.mjs';
import { printTable, root, waitFor } from './support.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8299);
const base = `http://127.0.0.1:${PORT}`;

function postgresBin() {
  const dir = '/usr/lib/postgresql';
  const versions = existsSync(dir) ? readdirSync(dir).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.find((version) => existsSync(path.join(dir, version, 'bin', 'pg_ctl')));
  if (!found) throw new Error('bench:hardening needs the PostgreSQL server binaries (/usr/lib/postgresql/*/bin)');
  return path.join(dir, found, 'bin');
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A PostgreSQL in a temporary folder (as the `postgres` user when run as root: PostgreSQL refuses root). */
async function ownPostgres() {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
  }
  const run = (tool, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'ignore' })
      : execFileSync(path.join(bin, tool), args, { stdio: 'ignore' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const peakKiB = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

async function login(email) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Especifica@2026' }),
  });
  const body = await response.json();
  if (!body.accessToken) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(body)}`);
  return body.accessToken;
}

/** /api/health every 10 ms while `work` runs; the latencies of every probe and what `work` resolved to. */
async function probeDuring(work) {
  const latencies = [];
  let running = true;
  const probes = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((response) => response.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await work();
  running = false;
  await probes;
  return { latencies, result };
}

const postgres = await ownPostgres();
await buildApi();
const child = spawn(process.execPath, apiNodeArgs, {
  cwd: path.join(root, 'api'),
  env: {
    ...process.env,
    DATABASE_URL: postgres.url,
    SEED_DEMO: 'true',
    JWT_SECRET: randomBytes(48).toString('base64'),
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    REDIS_URL: '',
    RATE_LIMIT_SCALE: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const rows = [];
try {
  await waitFor(`${base}/api/health`, child);
  const token = await login('ana@especifica.dev');

  // 10 MB that starts as an NF-e does: refused by its budget before any parsing.
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe">${'<det><prod><xProd>Porcelanato</xProd></prod></det>'.repeat(200_000)}</nfeProc>`.slice(
      0,
      10 * 1024 * 1024,
    );
  const baseline = await probeDuring(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
  const before = peakKiB(child.pid);
  // Sent by curl, so that this process does nothing but probe meanwhile.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-xml-')), 'nota.xml');
  writeFileSync(file, xml);
  const upload = await probeDuring(async () => {
    const started = performance.now();
    const out = await new Promise((resolve, reject) => {
      const curl = spawn('curl', [
        '-s',
        '-w',
        '\n%{http_code}',
        '-H',
        `authorization: Bearer ${token}`,
        '-F',
        `file=@${file};type=text/xml`,
        `${base}/api/professionals/invoices/create`,
      ]);
      let text = '';
      curl.stdout.on('data', (chunk) => {
        text += chunk;
      });
      curl.on('error', reject);
      curl.on('close', () => resolve(text));
    });
    const [body, status] = out.split('\n');
    return { status: Number(status), code: JSON.parse(body).code, ms: performance.now() - started };
  });
  rmSync(path.dirname(file), { recursive: true, force: true });
  const peak = peakKiB(child.pid);
  rows.push(
    [
      '10 MB XML upload: answer',
      `${upload.result.status} ${upload.result.code} in ${upload.result.ms.toFixed(0)} ms`,
      '413/422, never a crash',
    ],
    [
      'API peak RSS during the upload',
      `${(peak / 1024).toFixed(0)} MB (${(before / 1024).toFixed(0)} MB before)`,
      'printed',
    ],
    [
      '/api/health p99 during the upload (p50)',
      `${percentile(upload.latencies, 99).toFixed(1)} ms (${percentile(upload.latencies, 50).toFixed(1)} ms), ${upload.latencies.length} probes`,
      'printed',
    ],
    [
      '/api/health p99 when idle (p50)',
      `${percentile(baseline.latencies, 99).toFixed(1)} ms (${percentile(baseline.latencies, 50).toFixed(1)} ms)`,
      'printed',
    ],
  );

  postgres.stop();
  const away = await fetch(`${base}/api/professionals/dashboard/get-level`, {
    headers: { authorization: `Bearer ${token}` },
  });
  postgres.start();
  const back = performance.now();
  let firstOk = null;
  while (firstOk === null && performance.now() - back < 60_000) {
    const response = await fetch(`${base}/api/professionals/dashboard/get-level`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.ok) firstOk = performance.now() - back;
    else await new Promise((resolve) => setTimeout(resolve, 5));
  }
  rows.push(
    ['answer while PostgreSQL is stopped', `${away.status}`, '503'],
    [
      'PostgreSQL accepting again → first 200 of the API',
      firstOk === null ? 'none in 60 s' : `${firstOk.toFixed(0)} ms`,
      'printed',
    ],
    ['API process alive at the end', child.exitCode === null ? 'yes' : `no (exit ${child.exitCode})`, 'yes'],
  );
} finally {
  child.kill('SIGTERM');
  postgres.destroy();
}
printTable(rows);
