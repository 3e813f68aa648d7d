// npm run bench:api — the programme engine on PostgreSQL with a generated programme (bench/api-seed.mjs): latency of
// the ranking, extract and dashboard reads, a 100,000-row product import, one extra-points campaign given to every
// professional, the export of every specification, and the dashboard under load next to a bare Fastify route.
// Prints a table with each figure and its target. Needs PostgreSQL (BENCH_PG_URL, default the local server); it
// creates its own database and drops it at the end (BENCH_KEEP_DB=1 keeps it). Traffic goes to 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiNodeArgs } from '../scripts/api-process.mjs';
import { adminQuery, databaseUrl, programmeFacts, SIZES, seedProgramme } from './api-seed.mjs';
import { median, printTable, root, waitFor } from './support.mjs';

// BENCH_REUSE_DB=<name> measures a database kept by an earlier run (BENCH_KEEP_DB=1) without seeding it again.
const REUSE = process.env.BENCH_REUSE_DB || '';
const DB = REUSE || `especifica_bench_${Date.now()}`;
const DATABASE_URL = databaseUrl(DB);
const PORT = Number(process.env.BENCH_PORT || 8284);
const BARE_PORT = PORT + 1;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Especifica@2026';
const JWT_SECRET = randomBytes(48).toString('base64');
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 10);

const log = (line) => console.log(`[bench:api] ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (kib) => `${(kib / 1024).toFixed(0)} MB`;

/** The API alone (no web bundles): one node process, so /proc tells its memory. */
async function startApi(extraEnv = {}) {
  const child = spawn(process.execPath, apiNodeArgs, {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      DATABASE_URL,
      JWT_SECRET,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      REDIS_URL: '',
      // Every request comes from this one address: the per-IP limits are scaled up for the run (never in production).
      RATE_LIMIT_SCALE: '1000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/api/health`, child);
  return child;
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

/** Peak resident memory of a process over one phase: the kernel's high-water mark, reset before the phase. */
function resetPeak(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
function peakKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)[1]);
}

async function login(pathname, email) {
  const response = await fetch(`${base}/api${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await response.json();
  const token = body.accessToken ?? body.user?.accessToken ?? body.data?.accessToken;
  if (!response.ok || !token) throw new Error(`login ${email}: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

async function call(token, method, pathname, body) {
  const response = await fetch(`${base}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** p50 and p90 of sequential reads after a warm-up, in ms. */
async function latency(token, pathname, runs = 100) {
  for (let i = 0; i < 10; i++) await call(token, 'GET', pathname);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call(token, 'GET', pathname);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: median(times), p90: times[Math.ceil(runs * 0.9) - 1] };
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration: LOAD_SECONDS, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** A bare Fastify route in its own process, the yardstick of the load test. */
async function startBare() {
  const code = `const app = require('fastify')(); app.get('/ping', async () => ({ ok: true }));
    app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: path.join(root, 'api'), stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/ping`, child);
  return child;
}

const rows = [];
const started = performance.now();
if (!REUSE) await adminQuery(`create database "${DB}"`);
let api = null;
try {
  if (!REUSE) {
    log(`database ${DB}: migrating and seeding the demo accounts`);
    api = await startApi({ SEED_DEMO: 'true' });
    await stop(api);
    api = null;
  }

  const seedMs = REUSE ? 0 : await seedProgramme(DATABASE_URL, log);
  const db = new pg.Client(DATABASE_URL);
  // Dropping the database at the end ends this connection too, if a failure left it open.
  db.on('error', () => {});
  await db.connect();
  // The busiest professional and seller: the worst case of the personal pages; the store with the most invoices: the
  // worst case of the queue filtered by store.
  const { counts, busiest, seller, busiestStore } = await programmeFacts(db);
  const professionalIds = (
    await db.query(`select id from professionals where email like '%@bench.especifica.dev' order by id`)
  ).rows.map((row) => row.id);
  await db.end();
  rows.push([
    `seeding ${counts.professionals} professionals, ${counts.stores} stores, ${counts.products} products, ${counts.invoices} invoices, ${counts.entries} ledger entries`,
    REUSE ? 'reused' : seconds(seedMs),
    'a few minutes',
  ]);

  api = await startApi();
  const adminToken = await login('/auth/admin-login', 'admin@especifica.dev');
  const professionalToken = await login('/auth/login', busiest);
  const sellerToken = await login('/auth/shopkeeper-login', seller);

  const reads = [
    [
      'professional ranking (CMS), page 1',
      adminToken,
      '/cms/professionals/get-professionals-ranking?page=1&limit=20',
      50,
    ],
    ['professional ranking with own position', professionalToken, '/professionals/ranking?page=1&limit=20', 50],
    ['store ranking (CMS), page 1', adminToken, '/cms/stores/get-stores-ranking?page=1&limit=20', 50],
    ['seller ranking with own position', sellerToken, '/shopkeeper/seller-ranking?page=1&limit=20', 50],
    ['seller ranking (CMS, every store)', adminToken, '/admin/dashboard/store-sellers?page=1&limit=20', 50],
    [
      'extract page of the busiest professional',
      professionalToken,
      '/professionals/extract/get-all?page=1&limit=20',
      10,
    ],
    ['dashboard data of the busiest professional', professionalToken, '/professionals/get-dashboard-data', 10],
    // The CMS screens' lists (issues "CMS, part 1" and "part 2").
    [
      'CMS professionals filtered by a name fragment',
      adminToken,
      '/cms/professionals/get-all?search=Bench%204242&page=1&limit=20',
      50,
    ],
    [
      'CMS invoice queue filtered by store, pending, oldest first',
      adminToken,
      `/cms/professionals/invoices/get-all?storeId=${busiestStore}&status=pending&sort=createdAt&page=1&limit=20`,
      50,
    ],
    ['CMS dashboard data (cycle KPIs and 12 months)', adminToken, '/cms/dashboard/get-all', 100],
  ];
  for (const [label, token, pathname, target] of reads) {
    const { p50, p90 } = await latency(token, pathname);
    rows.push([`${label}: p50 (p90)`, `${p50.toFixed(1)} ms (${p90.toFixed(1)} ms)`, `p50 < ${target} ms`]);
  }

  // The dashboard under load and the bare route, alternating over three rounds on the same machine: a neighbour's
  // burst then weighs on both sides of one round's ratio, and the median ratio of the rounds is printed.
  const bare = await startBare();
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    const loaded = await load(`${base}/api/professionals/get-dashboard-data`, {
      authorization: `Bearer ${professionalToken}`,
    });
    const yardstick = await load(`http://127.0.0.1:${BARE_PORT}/ping`, {});
    rounds.push({ loaded, yardstick, ratio: loaded.requests.average / yardstick.requests.average });
  }
  await stop(bare);
  const byRatio = [...rounds].sort((a, b) => a.ratio - b.ratio);
  const middle = byRatio[1];
  rows.push([
    `dashboard data under load (50 connections, ${LOAD_SECONDS} s, median round of 3): requests/s`,
    `${middle.loaded.requests.average.toFixed(0)} (${rounds.reduce((n, r) => n + r.loaded.non2xx + r.loaded.errors, 0)} errors, p50 ${middle.loaded.latency.p50} ms)`,
    'printed',
  ]);
  rows.push(['bare Fastify route, same round: requests/s', middle.yardstick.requests.average.toFixed(0), 'printed']);
  rows.push([
    'ratio dashboard / bare Fastify (median of 3 rounds; all rounds)',
    `${middle.ratio.toFixed(2)} (${rounds.map((r) => r.ratio.toFixed(2)).join(', ')})`,
    '>= 0.4',
  ]);

  // A 100,000-row product CSV: half updates the generated products, half creates new ones.
  const csv = ['sku;nome;marca;categoria;ativo'];
  for (let i = 1; i <= 100_000; i++) {
    const sku = i <= SIZES.products / 2 ? `BENCH-${i}` : `NOVO-${i}`;
    csv.push(`${sku};Produto importado ${i};Marca ${i % 40};Categoria ${i % 25};sim`);
  }
  const form = new FormData();
  form.append('file', new Blob([`${csv.join('\n')}\n`], { type: 'text/csv' }), 'produtos.csv');
  resetPeak(api.pid);
  let t = performance.now();
  const imported = await fetch(`${base}/api/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  const importMs = performance.now() - t;
  const importBody = await imported.json();
  if (!imported.ok) throw new Error(`import: ${imported.status} ${JSON.stringify(importBody).slice(0, 300)}`);
  rows.push([
    `product CSV import, 100,000 rows (${importBody.created} created, ${importBody.updated} updated)`,
    seconds(importMs),
    '< 15 s',
  ]);
  rows.push(['API memory during the import (peak RSS)', mb(peakKiB(api.pid)), '< 300 MB']);

  // One extra-points campaign given to every generated professional in one call.
  const day = 86_400_000;
  const campaign = await call(adminToken, 'POST', '/cms/points-extra/create', {
    name: 'Campanha do benchmark',
    points: 50,
    audience: 'professional',
    startsAt: new Date(Date.now() - day).toISOString(),
    endsAt: new Date(Date.now() + 30 * day).toISOString(),
  });
  resetPeak(api.pid);
  t = performance.now();
  const granted = await call(adminToken, 'POST', '/cms/points-extra/add-extra-point-in-professional', {
    idExtraPoint: campaign.item.id,
    idProfessionals: professionalIds,
  });
  const grantMs = performance.now() - t;
  rows.push([`extra points to ${granted.added} professionals in one call`, seconds(grantMs), '< 20 s']);
  rows.push(['API memory during the campaign (peak RSS)', mb(peakKiB(api.pid)), 'printed']);

  // Every specification as CSV, read as it streams.
  resetPeak(api.pid);
  t = performance.now();
  const exported = await fetch(`${base}/api/cms/dashboard/get-specifications?format=csv`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (!exported.ok) throw new Error(`export: ${exported.status} ${await exported.text()}`);
  let lines = 0;
  let firstByteMs = null;
  for await (const chunk of exported.body) {
    firstByteMs ??= performance.now() - t;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  const exportMs = performance.now() - t;
  const exportedRows = lines - 1;
  rows.push([
    `specifications export as CSV: ${exportedRows} rows in ${seconds(exportMs)} (first byte ${firstByteMs.toFixed(0)} ms)`,
    `${Math.round(exportedRows / (exportMs / 1000))} rows/s`,
    '>= 50,000 rows/s',
  ]);
  rows.push(['API memory during the export (peak RSS)', mb(peakKiB(api.pid)), '< 300 MB']);
} finally {
  if (api) await stop(api);
  if (!REUSE && !process.env.BENCH_KEEP_DB) await adminQuery(`drop database if exists "${DB}" with (force)`);
}
rows.push(['whole benchmark', seconds(performance.now() - started), 'printed']);
printTable(rows);
