// npm run bench:api — the programme engine on PostgreSQL with a generated programme (bench/api-seed.mjs: 1,000,000
// professionals and 10,000,000 invoices; BENCH_SCALE=0.1 the earlier tenth): latency of the ranking, extract and
// dashboard reads, the dashboard under load next to a bare Fastify route, a 1,000,000-row export, one extra-points
// campaign given to 100,000 professionals, a 100,000-row product import, the e-mail outbox's throughput to a
// local SMTP sink, the NF-e signature check on its worker thread and the automatic review of 10,000 invoices. Prints a table with each figure, its target and the machine's load average when it was taken.
// Needs PostgreSQL (BENCH_PG_URL, default the local server); it creates its own database and drops it at the end
// (BENCH_KEEP_DB=1 keeps it). Traffic goes to 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { startSmtpSink } from '../api/test/support/smtp-sink.ts';
import { apiNodeArgs, buildApi } from '../scripts/api-process.mjs';
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
const WARM_UP_SECONDS = 3;
// The rounds of each timed write (export, campaign, import, outbox), of which the median is printed.
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const EXPORT_ROWS = 1_000_000;
const GRANTED = 100_000;
const MAILS = Number(process.env.BENCH_MAILS || 3_000);
// BENCH_ONLY=export,campaign measures only those parts (reads, load, export, campaign, import, outbox, signature,
// review, privacy). BENCH_ONLY=signature alone needs no database: nothing is seeded.
const ONLY = (process.env.BENCH_ONLY || 'reads,load,export,campaign,import,outbox,signature,review,privacy').split(',');
// The holder of the privacy part (issue 38): a professional with this many invoices and ledger entries.
const HOLDER_INVOICES = 5_000;
const HOLDER_ENTRIES = 20_000;
// NF-e signature checks timed one after the other, of which the median is the figure.
const SIGNATURE_CHECKS = Number(process.env.BENCH_SIGNATURE_CHECKS || 250);
// Pending invoices the automatic review decides in one run.
const REVIEWED = 10_000;
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'bench-api-'));

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
      DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // Every request comes from this one address: the per-IP limits are scaled up for the run (never in production).
      RATE_LIMIT_SCALE: '1000',
      // The schedules that nothing here measures are off: the automatic review every 5 minutes (over the seed's
      // 700,000 pending invoices, some minutes of work) and the hourly expiry (its first run over a million
      // professionals, about 40 minutes) would otherwise weigh on whichever rounds they meet. The review is measured
      // by itself (BENCH_ONLY=review), run as an admin runs it.
      AUTO_REVIEW_JOB_MINUTES: '0',
      EXPIRY_JOB_MINUTES: '0',
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

const DASHBOARD = '/professionals/get-dashboard-data';
// Headers that belong to the connection or that the server sets by itself.
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** An answer of the API as it was sent: its body and its headers, for the bare route to send again. */
async function answerOf(token, pathname) {
  const response = await fetch(`${base}/api${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${pathname}: ${response.status}`);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  return { headers, body: await response.text() };
}

/** Polls `done` every 50 ms until it holds (at most 10 minutes); returns when, on performance.now()'s clock. */
async function waitUntil(done) {
  const deadline = performance.now() + 600_000;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now();
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

function loadTest(url, headers, duration = LOAD_SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 50, duration, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * A bare Fastify route in its own process, the yardstick of the load test; and beside it, for reading the ratio, one
 * that answers a fixed copy of the dashboard's answer (`same`: its body and headers as the API sent them), so that
 * what the client reads is the same and only the API's work (guard, handler, contract, hooks) differs.
 */
async function startBare(same) {
  const code = `const app = require('fastify')(); app.get('/ping', async () => ({ ok: true }));
    const same = JSON.parse(process.env.BENCH_SAME);
    app.get('/same', (_request, reply) => { reply.headers(same.headers).send(same.body); });
    app.listen({ port: ${BARE_PORT}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: path.join(root, 'api'),
    stdio: 'inherit',
    env: { ...process.env, BENCH_SAME: JSON.stringify(same) },
  });
  await waitFor(`http://127.0.0.1:${BARE_PORT}/ping`, child);
  return child;
}

/** The load average (1, 5 and 15 minutes, as `uptime` prints it) when a figure is taken: the machine is shared. */
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const rows = [];
const row = (measure, value, target) => rows.push([measure, value, target, load()]);
/** The median round of `ROUNDS` of `measure`, by `key`, with every round's key. */
async function rounds(measure, key) {
  const all = [];
  for (let round = 0; round < ROUNDS; round++) all.push(await measure(round));
  const sorted = [...all].sort((a, b) => key(a) - key(b));
  return { median: sorted[Math.floor((sorted.length - 1) / 2)], all };
}

/** A timed write's row (the median round, every round beside it) and the row of the API's peak memory during it. */
function writeRows(label, measured, format, target, during, memoryTarget) {
  row(`${label} (median of ${ROUNDS}: ${measured.all.map(format).join(', ')})`, format(measured.median), target);
  const peak = Math.max(...measured.all.map((r) => r.peak));
  row(`API memory during ${during} (peak RSS, the highest round)`, mb(peak), memoryTarget);
}

/**
 * The NF-e signature check (issue 42): a 100-line NF-e signed by a test chain (a root and an intermediate made here,
 * trusted beside the ICP-Brasil roots and the 248 intermediates, as NFE_TRUSTED_ROOTS adds them), read by the upload
 * routes' own readNfeOffThread, one after the other on the worker thread: the median and p90 of SIGNATURE_CHECKS, and
 * how long the main thread's event loop was held meanwhile (its longest delay).
 */
async function signatureBench() {
  const { issueCertificate } = await import('../api/src/demo/nfe-signing.ts');
  const { DEMO_STORE_CNPJ } = await import('../api/src/demo/seed.ts');
  const { configureNfe, readNfeOffThread } = await import('../api/src/files/nfe.ts');
  const { icpBrasilTrust, withRoots } = await import('../api/src/files/nfe-signature.ts');
  const { nfeXml } = await import('../api/test/support/nfe.ts');
  const testRoot = issueCertificate({ commonName: 'AC Raiz do Benchmark', ca: true });
  const intermediate = issueCertificate({ commonName: 'AC Intermediária do Benchmark', ca: true, issuer: testRoot });
  const store = issueCertificate({
    commonName: `LOJA DO BENCHMARK:${DEMO_STORE_CNPJ}`,
    issuer: intermediate,
    cnpj: DEMO_STORE_CNPJ,
  });
  configureNfe({ environment: 'producao', trust: withRoots(icpBrasilTrust(), testRoot.pem + intermediate.pem) });
  const lines = Array.from({ length: 100 }, (_, i) => ({
    sku: `SKU-${String(i).padStart(4, '0')}`,
    description: `Revestimento cerâmico ${i} 60x60 retificado`,
    quantity: '2.0000',
    total: '189.90',
  }));
  const xml = Buffer.from(nfeXml({ signer: store, lines }));
  const check = async () => {
    const document = await readNfeOffThread(xml);
    if (document.signature.status !== 'verified') throw new Error(`signature ${document.signature.status}`);
  };
  for (let i = 0; i < 20; i++) await check();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const times = [];
  for (let i = 0; i < SIGNATURE_CHECKS; i++) {
    const t = performance.now();
    await check();
    times.push(performance.now() - t);
  }
  delay.disable();
  times.sort((a, b) => a - b);
  const p90 = times[Math.ceil(times.length * 0.9) - 1];
  row(
    `NF-e signature check of a 100-line NF-e (${(xml.length / 1024).toFixed(0)} KB) on the XML worker: median of ${SIGNATURE_CHECKS} (p90)`,
    `${median(times).toFixed(1)} ms (${p90.toFixed(1)} ms)`,
    'median < 20 ms, off the main thread',
  );
  row(
    'the main thread meanwhile: event-loop delay p99 (max)',
    `${(delay.percentile(99) / 1e6).toFixed(1)} ms (${(delay.max / 1e6).toFixed(1)} ms)`,
    'printed',
  );
}

if (ONLY.includes('signature')) await signatureBench();
// The signature alone needs no programme: its figures are printed without a database.
if (ONLY.every((part) => part === 'signature')) {
  rmSync(DATA_DIR, { recursive: true, force: true });
  printTable(rows, ['measure', 'value', 'target', 'load average (1, 5, 15 min)']);
  process.exit(0);
}

await buildApi();
const sink = await startSmtpSink();
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
    await db.query(
      `select id from professionals where email like '%@bench.especifica.dev' order by id limit ${GRANTED}`,
    )
  ).rows.map((r) => r.id);
  // The export: the newest 1,000,000 invoices by their issue date (every one at a smaller scale).
  const exportFrom =
    (
      await db.query(
        `select issued_on::text as day from invoices order by created_at desc, id desc offset ${EXPORT_ROWS - 1} limit 1`,
      )
    ).rows[0]?.day ?? '2000-01-01';
  rows.push([
    `seeding ${counts.professionals} professionals, ${counts.stores} stores, ${counts.products} products, ${counts.invoices} invoices, ${counts.entries} ledger entries`,
    REUSE ? 'reused' : seconds(seedMs),
    'a few minutes',
    load(),
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
      10,
    ],
    ['professional ranking with own position', professionalToken, '/professionals/ranking?page=1&limit=20', 10],
    ['store ranking (CMS), page 1', adminToken, '/cms/stores/get-stores-ranking?page=1&limit=20', 10],
    ['seller ranking with own position', sellerToken, '/shopkeeper/seller-ranking?page=1&limit=20', 10],
    ['seller ranking (CMS, every store)', adminToken, '/admin/dashboard/store-sellers?page=1&limit=20', 10],
    [
      'extract page of the busiest professional',
      professionalToken,
      '/professionals/extract/get-all?page=1&limit=20',
      10,
    ],
    ['dashboard data of the busiest professional', professionalToken, '/professionals/get-dashboard-data', 5],
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
    // Issue 42: the review queue filtered by a risk flag, in its default order (pending first, oldest first).
    [
      'CMS invoice queue filtered by a risk flag, in the queue order',
      adminToken,
      '/cms/professionals/invoices/get-all?flag=above-usual&sort=queue&page=1&limit=20',
      50,
    ],
  ];
  // The generator flags nothing: about one invoice in 256 gets the flag the queue is filtered by.
  if (ONLY.includes('reads')) {
    await db.query(`update invoices set risk_flags = array['above-usual'] where right(id::text, 2) = '00'`);
    await db.query('analyze invoices');
  }
  for (const [label, token, pathname, target] of ONLY.includes('reads') ? reads : []) {
    const { p50, p90 } = await latency(token, pathname);
    row(`${label}: p50 (p90)`, `${p50.toFixed(1)} ms (${p90.toFixed(1)} ms)`, `p50 < ${target} ms`);
  }

  // The dashboard under load and the bare route, alternating over three rounds on the same machine: a neighbour's
  // burst then weighs on both sides of one round's ratio, and the median ratio of the rounds is printed.
  const bare = ONLY.includes('load') ? await startBare(await answerOf(professionalToken, DASHBOARD)) : null;
  const loadRounds = [];
  // A few seconds of each before the rounds: the first seconds of load measure V8 compiling the route's code (the
  // API's first round answered about a third fewer requests than its next ones), not the route.
  if (bare) {
    await loadTest(`${base}/api${DASHBOARD}`, { authorization: `Bearer ${professionalToken}` }, WARM_UP_SECONDS);
    await loadTest(`http://127.0.0.1:${BARE_PORT}/ping`, {}, WARM_UP_SECONDS);
    await loadTest(`http://127.0.0.1:${BARE_PORT}/same`, {}, WARM_UP_SECONDS);
  }
  for (let round = 0; bare && round < 3; round++) {
    const loaded = await loadTest(`${base}/api${DASHBOARD}`, { authorization: `Bearer ${professionalToken}` });
    const yardstick = await loadTest(`http://127.0.0.1:${BARE_PORT}/ping`, {});
    const same = await loadTest(`http://127.0.0.1:${BARE_PORT}/same`, {});
    loadRounds.push({
      loaded,
      yardstick,
      ratio: loaded.requests.average / yardstick.requests.average,
      sameRatio: loaded.requests.average / same.requests.average,
    });
  }
  if (bare) await stop(bare);
  const middle = [...loadRounds].sort((a, b) => a.ratio - b.ratio)[1];
  if (middle)
    row(
      `dashboard data under load (50 connections, ${LOAD_SECONDS} s, median round of 3): requests/s`,
      `${middle.loaded.requests.average.toFixed(0)} (${loadRounds.reduce((n, r) => n + r.loaded.non2xx + r.loaded.errors, 0)} errors, p50 ${middle.loaded.latency.p50} ms)`,
      'printed',
    );
  if (middle)
    row('bare Fastify route, same round: requests/s', middle.yardstick.requests.average.toFixed(0), 'printed');
  if (middle)
    row(
      'ratio dashboard / bare Fastify (median of 3 rounds; all rounds)',
      `${middle.ratio.toFixed(2)} (${loadRounds.map((r) => r.ratio.toFixed(2)).join(', ')})`,
      '>= 0.8',
    );
  if (middle)
    row(
      "ratio dashboard / a bare route answering the dashboard's own bytes and headers (same rounds)",
      loadRounds.map((r) => r.sameRatio.toFixed(2)).join(', '),
      'printed',
    );

  // Each write's memory is that of an API just started, not of one that the load test or the write before it has
  // grown: V8 keeps the heap a write has grown, and the next write's peak would start from it.
  const freshApi = async () => {
    await stop(api);
    api = await startApi();
  };

  if (ONLY.includes('export')) {
    await freshApi();
    // The specifications issued since `exportFrom` (1,000,000 rows) as CSV, read as it streams.
    const exported = await rounds(
      async () => {
        resetPeak(api.pid);
        const t = performance.now();
        const response = await fetch(`${base}/api/cms/dashboard/get-specifications?format=csv&from=${exportFrom}`, {
          headers: { authorization: `Bearer ${adminToken}` },
        });
        if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
        if (response.status === 202) {
          // A large export is a task: its file written to storage by a job (the time is until it is done).
          const body = await response.json();
          const done = await taskDone(adminToken, body.item ?? body);
          const ms = performance.now() - t;
          const rows = done.file.rows;
          return { rows, ms, firstByteMs: ms, rate: rows / (ms / 1000), peak: peakKiB(api.pid), asTask: true };
        }
        let lines = 0;
        let firstByteMs = null;
        for await (const chunk of response.body) {
          firstByteMs ??= performance.now() - t;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        }
        const ms = performance.now() - t;
        return { rows: lines - 1, ms, firstByteMs, rate: (lines - 1) / (ms / 1000), peak: peakKiB(api.pid) };
      },
      (r) => r.rate,
    );
    const ex = exported.median;
    writeRows(
      `specifications export as CSV${ex.asTask ? ' (a task, to storage)' : ', streamed'}, issued since ${exportFrom}: ${ex.rows} rows in ${seconds(ex.ms)} (first byte ${ex.firstByteMs.toFixed(0)} ms)`,
      exported,
      (r) => `${Math.round(r.rate)} rows/s`,
      '>= 150,000 rows/s',
      'the export',
      '< 250 MB',
    );
  }
  if (ONLY.includes('campaign')) {
    await freshApi();
    // One extra-points campaign given to 100,000 professionals in one call, a new campaign each round.
    const day = 86_400_000;
    const granted = await rounds(
      async (round) => {
        const campaign = await call(adminToken, 'POST', '/cms/points-extra/create', {
          name: `Campanha do benchmark ${round + 1}`,
          points: 50,
          audience: 'professional',
          startsAt: new Date(Date.now() - day).toISOString(),
          endsAt: new Date(Date.now() + 30 * day).toISOString(),
        });
        resetPeak(api.pid);
        const t = performance.now();
        const answer = await call(adminToken, 'POST', '/cms/points-extra/add-extra-point-in-professional', {
          idExtraPoint: campaign.item.id,
          idProfessionals: professionalIds,
        });
        const ms = performance.now() - t;
        const peak = peakKiB(api.pid);
        // The bell's notices and the rankings follow the answer, written by jobs once the call has committed
        // (docs/jobs.md): the round ends when both are in, so that no round's jobs weigh on the next one's call.
        const [noticed, ranked] = await Promise.all([
          waitUntil(async () => {
            const { rows } = await db.query(
              `select exists (select 1 from extra_point_notice_batches where batch =
                 (select notice_batch from extra_point_grants where campaign_id = $1 limit 1)) as done`,
              [campaign.item.id],
            );
            return rows[0].done;
          }),
          waitUntil(async () => {
            const { rows } = await db.query('select not exists (select 1 from ranking_points_pending) as done');
            return rows[0].done;
          }),
        ]);
        return { ms, added: answer.added, peak, noticedMs: noticed - t - ms, rankedMs: ranked - t - ms };
      },
      (r) => r.ms,
    );
    writeRows(
      `extra points to ${granted.median.added} professionals in one call`,
      granted,
      (r) => seconds(r.ms),
      '< 5 s',
      'the campaign',
      'printed',
    );
    row(
      `the campaign's ${granted.median.added} bell notices, all written after the answer (each round)`,
      granted.all.map((r) => seconds(r.noticedMs)).join(', '),
      'printed',
    );
    row(
      `the campaign's ${granted.median.added} totals in the rankings, all copied after the answer (each round)`,
      granted.all.map((r) => seconds(r.rankedMs)).join(', '),
      'printed',
    );
  }
  if (ONLY.includes('import')) {
    await freshApi();
    // A 100,000-row product CSV: half updates generated products, half creates new ones (new ones each round).
    const imported = await rounds(
      async (round) => {
        const csv = ['sku;nome;marca;categoria;ativo'];
        for (let i = 1; i <= 100_000; i++) {
          const sku = i <= Math.min(50_000, SIZES.products) ? `BENCH-${i}` : `NOVO-${round}-${i}`;
          csv.push(`${sku};Produto importado ${i};Marca ${i % 40};Categoria ${i % 25};sim`);
        }
        const form = new FormData();
        form.append('file', new Blob([`${csv.join('\n')}\n`], { type: 'text/csv' }), 'produtos.csv');
        resetPeak(api.pid);
        const t = performance.now();
        const answer = await fetch(`${base}/api/products/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}` },
          body: form,
        });
        const body = await answer.json();
        if (!answer.ok) throw new Error(`import: ${answer.status} ${JSON.stringify(body).slice(0, 300)}`);
        const result = answer.status === 202 ? (await taskDone(adminToken, body.item ?? body)).counts : body;
        return { ms: performance.now() - t, result, peak: peakKiB(api.pid), asJob: answer.status === 202 };
      },
      (r) => r.ms,
    );
    const im = imported.median;
    writeRows(
      `product CSV import, 100,000 rows ${im.asJob ? 'as a job' : 'in the request'} (${im.result.created} created, ${im.result.updated} updated)`,
      imported,
      (r) => seconds(r.ms),
      '< 3 s',
      'the import',
      '< 250 MB',
    );
  }
  if (ONLY.includes('outbox')) {
    // The e-mail outbox: MAILS messages queued at once as the API queues them (each with its job, in one
    // transaction), sent by the API's worker to the local SMTP sink.
    const mailed = await rounds(
      () => outboxRound(db, MAILS),
      (r) => r.rate,
    );
    const ma = mailed.median;
    row(
      `e-mail outbox: ${MAILS} messages queued together, sent to a local SMTP sink (${ma.sent} sent, ${ma.received} received in ${seconds(ma.ms)}; median of ${ROUNDS}: ${mailed.all.map((r) => Math.round(r.rate)).join(', ')})`,
      `${Math.round(ma.rate)} messages/s`,
      '>= 200 messages/s',
    );
  }
  // The automatic review (issue 42): REVIEWED pending invoices with verified signatures whose every rule holds (each
  // for its professional, bought by them, at an active store, one line, issued 3 days ago), decided by one run of the
  // job as an admin starts it. The seed's own pending invoices are set aside as already decided first, so the run
  // decides exactly these.
  if (ONLY.includes('review')) {
    const settings = await call(adminToken, 'GET', '/cms/config/get-settings');
    await call(adminToken, 'POST', '/cms/config/update-settings', { ...settings, automaticReview: true });
    await db.query(
      `update invoices set auto_reviewed_at = now() where status = 'pending' and auto_reviewed_at is null`,
    );
    const { sku } = (await db.query(`select sku from products where active order by sku limit 1`)).rows[0];
    const inserted = await db.query(
      `with people as (
         select id, cpf, row_number() over (order by id) - 1 as n from professionals
         where cpf is not null and behaviour = 'active' order by id limit 1000),
       shops as (select id, cnpj, row_number() over (order by id) - 1 as n from stores where active order by id limit 100),
       sizes as (select (select count(*) from people) as people, (select count(*) from shops) as shops),
       made as (
         insert into invoices (id, professional_id, store_id, number, series, issued_on, issued_at, total, customer_cpf,
           submitted_by, signature, signer_name, signer_cnpj, created_at, updated_at)
         select gen_random_uuid(), people.id, shops.id, ($3::bigint + g)::text, '977', (now() - interval '3 days')::date,
           now() - interval '3 days', 25000, people.cpf, 'professional:' || people.id, 'verified', 'LOJA DO BENCHMARK',
           shops.cnpj, now() - interval '2 days' + g * interval '1 ms', now()
         from generate_series(1, $1::int) g
         cross join sizes
         join people on people.n = g % sizes.people
         join shops on shops.n = g % sizes.shops
         returning id)
       insert into invoice_lines (invoice_id, position, sku, description, quantity, total)
       select id, 1, $2, 'Produto do benchmark', 1, 25000 from made`,
      // Numbers of their own in each run (a kept database has the last run's): a block of a million per minute.
      [REVIEWED, sku, 700_000_000 + (Math.floor(Date.now() / 60_000) % 99) * 1_000_000],
    );
    if (inserted.rowCount !== REVIEWED) throw new Error(`review: ${inserted.rowCount} invoices made`);
    const t = performance.now();
    const run = await call(adminToken, 'POST', '/cms/jobs/automatic-review');
    const ms = performance.now() - t;
    row(
      `automatic review of ${REVIEWED} pending invoices with verified signatures, one run (${run.approved} approved, ${run.held} held, ${run.sampled} sampled)`,
      seconds(ms),
      `< 30 s for 10000`,
    );
    await call(adminToken, 'POST', '/cms/config/update-settings', settings);
  }
  // The LGPD (issue 38): the copy of the data of a professional with HOLDER_INVOICES invoices and HOLDER_ENTRIES ledger
  // entries, a ZIP written by a job (time and the API's peak memory), then the deletion of that account once an admin
  // completes the request, until the anonymisation job has ended it.
  if (ONLY.includes('privacy')) {
    await freshApi();
    const email = `titular.${Date.now()}@bench.especifica.dev`;
    const holder = (
      await db.query(
        `insert into professionals (name, email, password_hash, status, email_confirmed_at, accepted_terms_version, cpf)
         select 'Titular do Benchmark', $1, password_hash, 'active', now(), accepted_terms_version, null
         from professionals where email = $2 returning id`,
        [email, busiest],
      )
    ).rows[0].id;
    await db.query(
      `with made as (
         insert into invoices (id, professional_id, store_id, number, series, issued_on, total, status, submitted_by, created_at, updated_at)
         select gen_random_uuid(), $1::uuid, (select id from stores order by id limit 1), ($3::bigint * 10000 + g)::text, '978',
           (now() - g * interval '1 hour')::date, 10000, 'approved', 'professional:' || $1::text, now() - g * interval '1 hour', now()
         from generate_series(1, $2::int) g returning id)
       insert into invoice_lines (invoice_id, position, sku, description, quantity, total)
       select id, 1, 'BENCH-SKU', 'Produto do benchmark', 1, 10000 from made`,
      // A number of this run's own, so that a database kept by an earlier run (BENCH_REUSE_DB) takes them too.
      [holder, HOLDER_INVOICES, Math.floor(Date.now() / 1000) % 100_000],
    );
    await db.query(
      `insert into ledger_entries (participant_kind, participant_id, amount, kind, source_type, source_id, issuer, reason, created_at)
       select 'professional', $1::uuid, 100, 'credit', 'bench', 'privacy-' || g, 'system', 'Pontos do benchmark', now() - g * interval '1 minute'
       from generate_series(1, $2::int) g`,
      [holder, HOLDER_ENTRIES],
    );
    const holderToken = await login('/auth/login', email);
    resetPeak(api.pid);
    // What the API holds before the copy starts: the peak below includes it.
    const copyBase = peakKiB(api.pid);
    let t = performance.now();
    const task = await call(holderToken, 'POST', '/professionals/privacy/request-copy');
    const copy = await taskDone(holderToken, task.item ?? task);
    const copyMs = performance.now() - t;
    const copyPeak = peakKiB(api.pid);
    row(
      `copy of one's data: ${HOLDER_INVOICES} invoices, ${HOLDER_ENTRIES} ledger entries, a ZIP of ${copy.file.rows} files (${(copy.file.bytes / 1_048_576).toFixed(1)} MB) written by its job`,
      seconds(copyMs),
      '< 10 s',
    );
    row('peak resident memory of the API during the copy', mb(copyPeak), '< 200 MB');
    row('of which the API held before the copy started', mb(copyBase), 'printed');
    await call(holderToken, 'POST', '/professionals/privacy/request-deletion', { password: PASSWORD });
    const request = (
      await db.query(`select id from data_requests where subject_id = $1 and state = 'received'`, [holder])
    ).rows[0];
    t = performance.now();
    await call(adminToken, 'POST', '/cms/privacy/requests/complete', { id: request.id });
    while ((await db.query(`select state from data_requests where id = $1`, [request.id])).rows[0].state !== 'done') {
      if (performance.now() - t > 120_000) throw new Error('the anonymisation did not end within 2 minutes');
      await new Promise((r) => setTimeout(r, 50));
    }
    row(
      `deletion of that account: completed by an admin until its anonymisation job has ended it`,
      seconds(performance.now() - t),
      '< 5 s',
    );
  }
  await db.end();
} finally {
  if (api) await stop(api);
  await sink.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
  if (!REUSE && !process.env.BENCH_KEEP_DB) await adminQuery(`drop database if exists "${DB}" with (force)`);
}
row('whole benchmark', seconds(performance.now() - started), 'printed');
printTable(rows, ['measure', 'value', 'target', 'load average (1, 5, 15 min)']);

/** Follows a task (an import or export answered 202, done by a job) until it ends, and answers it. */
async function taskDone(token, task) {
  for (;;) {
    const now = await call(token, 'GET', `/tasks/${task.id}`);
    const current = now.item ?? now;
    if (current.state === 'done') return current;
    if (current.state === 'failed') throw new Error(`task ${task.kind} failed: ${current.error}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * One round of the outbox: `count` messages written with their jobs through the API's own mail queue (not its
 * worker: this process only sends), then the time until the API's worker has sent them all.
 */
async function outboxRound(db, count) {
  const { openDatabase } = await import('../api/src/db/client.ts');
  const { createJobQueue, createMailQueue } = await import('../api/src/jobs/index.ts');
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
  const quiet = { info() {}, warn() {}, error() {}, child: () => quiet };
  const queue = createJobQueue(database, quiet, { work: false });
  const mailQueue = createMailQueue(
    database.db,
    queue,
    { outbox: null, send: async () => {}, close() {} },
    {
      retries: 3,
      delaySeconds: 5,
    },
  );
  await queue.start();
  try {
    const before = sink.messages.length;
    const tag = randomBytes(4).toString('hex');
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await mailQueue.enqueue(tx, {
          to: `leitor${i}@bench.especifica.dev`,
          subject: `Mensagem ${tag} ${i}`,
          text: 'Uma mensagem do benchmark.',
          html: '<p>Uma mensagem do benchmark.</p>',
        });
      }
    });
    const t = performance.now();
    const deadline = t + 300_000;
    let sent = 0;
    while (performance.now() < deadline) {
      sent = (
        await db.query(`select count(*)::int as n from email_outbox where state = 'sent' and subject like $1`, [
          `Mensagem ${tag} %`,
        ])
      ).rows[0].n;
      if (sent === count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const span = (
      await db.query(
        `select extract(epoch from max(sent_at) - min(sent_at)) * 1000 as ms from email_outbox where subject like $1`,
        [`Mensagem ${tag} %`],
      )
    ).rows[0].ms;
    const ms = performance.now() - t;
    // From the first message sent to the last: the worker's pace, not the wait for its next poll.
    const rate = sent === count && span > 0 ? (count - 1) / (span / 1000) : sent / (ms / 1000);
    return { sent, received: sink.messages.length - before, ms, rate };
  } finally {
    await queue.stop();
    await database.close();
  }
}
