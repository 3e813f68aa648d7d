// npm run scale:check: three API processes on one PostgreSQL database and the machine's Redis, behind the production
// nginx configuration (docker/nginx.conf, one upstream of the three), e-mail to a local SMTP sink. For SCALE_SECONDS
// (60) it drives logins, invoice approvals, experience subscriptions, campaign grants and password recoveries through
// nginx, with bounded concurrency, while one replica is killed (SIGKILL) and started again; then it reads the database
// and the sink and checks that nothing acknowledged was lost, credited twice or sent twice, that the rate limits and
// the schedules are the cluster's, and that a live event reaches clients of every replica. Exits 1 when a check fails.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startSmtpSink } from '../api/test/support/smtp-sink';
import { freePort, startNginx } from './nginx/local';

const root = path.resolve(__dirname, '..');
const SECONDS = Number(process.env.SCALE_SECONDS ?? 60);
const CONCURRENCY = 6;
const INVOICE_COPIES = 200;
const SERVER = 'postgres://postgres@127.0.0.1:5432';
// A Redis database of its own, emptied at the start: the rate limits' hourly counters of an earlier run (or of
// anything else on the machine's Redis) would otherwise answer 429 to this one's recoveries.
const REDIS_URL = 'redis://127.0.0.1:6379/11';
const PASSWORD = 'Especifica@2026';
const ADMIN = 'admin@especifica.dev';

if (!Number.isInteger(SECONDS) || SECONDS < 5 || SECONDS > 600) {
  console.error('SCALE_SECONDS must be a whole number of seconds between 5 and 600.');
  process.exit(2);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// ---------------------------------------------------------------------------------------------------------------
// The replicas

interface Replica {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'especifica-scale-'));
const database = `especifica_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
const jwtSecret = randomBytes(48).toString('base64');

/** How `npm start` runs the API (scripts/api-process.mjs, read at the start of main). */
let apiNodeArgs: string[] = [];

function startReplica(name: string, port: number, env: Record<string, string>): Promise<Replica> {
  const child = spawn(process.execPath, apiNodeArgs, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      DATABASE_URL: `${SERVER}/${database}`,
      DATA_DIR: path.join(dataDir, name),
      JWT_SECRET: jwtSecret,
      REDIS_URL,
      TRUST_PROXY: 'true',
      EXPIRY_JOB_MINUTES: '1',
      MAIL_RETRY_DELAY_SECONDS: '1',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const replica: Replica = { name, port, child, output: [] };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${replica.output.join('')}`)), 180_000);
    const read = (chunk: Buffer) => {
      replica.output.push(chunk.toString());
      if (replica.output.length > 200) replica.output.splice(0, 100);
      if (/Especifica em http/.test(chunk.toString())) {
        clearTimeout(timer);
        resolve(replica);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}):\n${replica.output.join('')}`));
    });
  });
}

function stopReplica(replica: Replica, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (replica.child.exitCode !== null || replica.child.signalCode !== null) return resolve();
    replica.child.once('exit', () => resolve());
    replica.child.kill(signal);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP through nginx

let base = '';
const status = new Map<string, Map<number, number>>();
const count = (action: string, code: number) => {
  const codes = status.get(action) ?? new Map<number, number>();
  codes.set(code, (codes.get(code) ?? 0) + 1);
  status.set(action, codes);
};

async function call(
  action: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; ip?: string; origin?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // nginx appends 127.0.0.1: the API (TRUST_PROXY) reads the first address, one per simulated client.
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  try {
    const res = await fetch(`${options.origin ?? base}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text };
    }
    if (action) count(action, res.status);
    return { status: res.status, body };
  } catch {
    if (action) count(action, 0);
    return { status: 0, body: {} };
  }
}

const ok = (code: number) => code >= 200 && code < 300;
let ipSeq = 0;
const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

async function loginAs(email: string, endpoint = '/api/auth/login'): Promise<string> {
  const { status: code, body } = await call('', 'POST', endpoint, {
    body: { email, password: PASSWORD },
    ip: nextIp(),
  });
  if (!ok(code) || typeof body.accessToken !== 'string') throw new Error(`login of ${email}: ${code}`);
  return body.accessToken;
}

// ---------------------------------------------------------------------------------------------------------------
// The checks

interface Row {
  check: string;
  measured: string;
  result: 'pass' | 'FAIL' | 'not built';
}
const rows: Row[] = [];
const record = (check: string, pass: boolean, measured: string) =>
  rows.push({ check, measured, result: pass ? 'pass' : 'FAIL' });

async function main() {
  // A module of plain JavaScript without types: the arguments of node, and the bundle they run.
  const process_ = (await import(path.join(root, 'scripts', 'api-process.mjs') as string)) as {
    apiNodeArgs: string[];
    buildApi: () => Promise<void>;
  };
  await process_.buildApi();
  apiNodeArgs = process_.apiNodeArgs;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  const sink = await startSmtpSink();
  const replicas: Replica[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  let db: pg.Client | undefined;
  const started = Date.now();
  try {
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      // The demo's passwords are hashed once, cheaply: this run measures the cluster, not Argon2.
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME: '1',
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    log(`database ${database}, SMTP sink on ${sink.port}, replicas on ${ports.join(', ')}`);
    // The first replica migrates and seeds the demo; the other two start on the finished database.
    replicas.push(await startReplica('api-1', ports[0] as number, { ...env, SEED_DEMO: 'true' }));
    replicas.push(
      ...(await Promise.all([
        startReplica('api-2', ports[1] as number, { ...env, SEED_DEMO: 'false' }),
        startReplica('api-3', ports[2] as number, { ...env, SEED_DEMO: 'false' }),
      ])),
    );
    nginx = await startNginx(
      (html) => writeFileSync(path.join(html, 'index.html'), '<!doctype html><title>scale</title>'),
      ports.map((port) => `127.0.0.1:${port}`),
    );
    base = nginx.base;
    log(`nginx on ${nginx.port}, all replicas up in ${Math.round((Date.now() - started) / 1000)} s`);

    db = new pg.Client({ connectionString: `${SERVER}/${database}` });
    await db.connect();
    const q = async <T>(text: string, values: unknown[] = []) =>
      (await (db as pg.Client).query(text, values)).rows as T[];

    // What the demo gives to work on.
    const adminToken = await loginAs(ADMIN, '/api/auth/admin-login');
    const pros = await q<{ id: string; email: string }>(
      `select id, email from professionals where email like '%@especifica.dev' and accepted_terms_version is not null
       and status <> 'pre_registered' order by email`,
    );
    const tokens = new Map<string, string>();
    for (const pro of pros) {
      try {
        tokens.set(pro.id, await loginAs(pro.email));
      } catch {
        // an account the demo keeps blocked or waiting on the terms: not one to drive
      }
    }
    const allPros = await q<{ id: string }>(`select id from professionals where status = 'active' order by id`);
    const experiences = await q<{ id: string }>(
      `select id from experiences where active and happens_at > now() + interval '1 day' and seats - seats_taken >= 10
       and cost <= 100000 order by cost limit 4`,
    );
    // The demo holds a few pending invoices: each is copied (lines and all, a new number) to give the admin a queue.
    await q(
      `create temp table copies as select i.id as old, gen_random_uuid() as new, g
       from invoices i, generate_series(1, $1::int) g where i.status = 'pending'`,
      [INVOICE_COPIES],
    );
    await q(
      `insert into invoices select (jsonb_populate_record(null::invoices, to_jsonb(i) || jsonb_build_object(
         'id', c.new, 'number', left('S' || c.g || '-' || i.number, 20), 'access_key', null,
         'created_at', now(), 'updated_at', now()))).*
       from invoices i join copies c on c.old = i.id`,
    );
    await q(
      `insert into invoice_lines select (jsonb_populate_record(null::invoice_lines, to_jsonb(l) || jsonb_build_object(
         'id', gen_random_uuid(), 'invoice_id', c.new))).*
       from invoice_lines l join copies c on c.old = l.invoice_id`,
    );
    const pendingAll = await q<{ id: string; professional_id: string }>(
      `select id, professional_id from invoices where status = 'pending' order by created_at`,
    );
    // One invoice of a driven professional is kept for the live check.
    const liveInvoice = pendingAll.find((invoice) => tokens.has(invoice.professional_id));
    const pending = pendingAll.filter((invoice) => invoice !== liveInvoice);
    const recoverEmails = (
      await q<{ email: string }>(
        `select distinct email from professionals where status = 'active' and email is not null order by email limit 200`,
      )
    ).map((r) => r.email);
    log(
      `${tokens.size} professionals signed in, ${pending.length} pending invoices, ${experiences.length} experiences, ` +
        `${allPros.length} active professionals, ${recoverEmails.length} addresses to recover`,
    );

    // Acknowledged writes, to look for afterwards.
    const approved = new Set<string>();
    const subscribed: { experienceId: string; participantId: string }[] = [];
    const cancelled: { experienceId: string; participantId: string }[] = [];
    const grants: { campaignId: string; added: number }[] = [];
    const recovered = new Map<string, number>();
    const campaigns: string[] = [];

    let stop = false;
    const deadline = Date.now() + SECONDS * 1000;
    const proIds = [...tokens.keys()];
    let cursor = 0;
    const tasks: Array<() => Promise<void>> = [
      // a login
      async () => {
        const pro = pros[cursor % pros.length];
        if (pro)
          await call('login', 'POST', '/api/auth/login', {
            body: { email: pro.email, password: PASSWORD },
            ip: nextIp(),
          });
      },
      // an approval of a pending invoice
      async () => {
        const invoice = pending.shift();
        if (!invoice) return;
        const res = await call('approve', 'POST', '/api/cms/professionals/invoices/change-status', {
          token: adminToken,
          body: { id: invoice.id, status: 'approved' },
        });
        if (ok(res.status)) approved.add(invoice.id);
      },
      // a subscription, or its cancellation when it is already subscribed
      async () => {
        const participantId = proIds[cursor % Math.max(1, proIds.length)];
        const experience =
          experiences[Math.floor(cursor / Math.max(1, proIds.length)) % Math.max(1, experiences.length)];
        if (!participantId || !experience) return;
        const token = tokens.get(participantId);
        const pair = { experienceId: experience.id, participantId };
        const res = await call('subscribe', 'POST', '/api/professionals/experiences/subscribe', {
          token,
          body: { experienceId: experience.id },
        });
        if (ok(res.status)) subscribed.push(pair);
        else if (res.status === 409) {
          const back = await call('cancel', 'POST', '/api/professionals/experiences/cancel', {
            token,
            body: { experienceId: experience.id },
          });
          if (ok(back.status)) cancelled.push(pair);
        }
      },
      // a campaign and its extra points to ten professionals
      async () => {
        const now = Date.now();
        const created = await call('campaign', 'POST', '/api/cms/points-extra/create', {
          token: adminToken,
          body: {
            name: `Carga ${campaigns.length + 1}`,
            points: 10,
            audience: 'professional',
            startsAt: new Date(now - 3_600_000).toISOString(),
            endsAt: new Date(now + 86_400_000).toISOString(),
          },
        });
        const id = (created.body.item as { id?: string } | undefined)?.id;
        if (!ok(created.status) || !id) return;
        campaigns.push(id);
        const start = (campaigns.length * 10) % Math.max(1, allPros.length);
        const ids = allPros.slice(start, start + 10).map((p) => p.id);
        const res = await call('grant', 'POST', '/api/cms/points-extra/add-extra-point-in-professional', {
          token: adminToken,
          body: { idExtraPoint: id, idProfessionals: ids },
        });
        if (ok(res.status)) grants.push({ campaignId: id, added: Number(res.body.added) });
      },
      // a password recovery (an e-mail)
      async () => {
        const email = recoverEmails[cursor % Math.max(1, recoverEmails.length)];
        if (!email || (recovered.get(email) ?? 0) >= 5) return;
        const res = await call('recover', 'POST', '/api/auth/recover', { body: { email }, ip: nextIp() });
        if (ok(res.status)) recovered.set(email, (recovered.get(email) ?? 0) + 1);
      },
    ];

    // The replica killed in the middle of the run, and started again at once.
    let restartMs = 0;
    const chaos = (async () => {
      await sleep((SECONDS * 1000) / 3);
      const victim = replicas[1] as Replica;
      log(`SIGKILL ${victim.name} (pid ${victim.child.pid})`);
      await stopReplica(victim, 'SIGKILL');
      const back = Date.now();
      replicas[1] = await startReplica(victim.name, victim.port, { ...env, SEED_DEMO: 'false' });
      restartMs = Date.now() - back;
      log(`${victim.name} back in ${restartMs} ms`);
    })();

    log(`driving for ${SECONDS} s with ${CONCURRENCY} clients through nginx`);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (!stop && Date.now() < deadline) {
          const task = tasks[cursor++ % tasks.length] as () => Promise<void>;
          await task();
        }
      }),
    );
    stop = true;
    await chaos;
    log('traffic over');

    // Rate limits: wrong passwords for an unknown account, through nginx (any replica), then on one replica alone.
    const tripAt = async (email: string, origin?: string) => {
      for (let attempt = 1; attempt <= 40; attempt++) {
        const res = await call('', 'POST', '/api/auth/login', {
          body: { email, password: 'Errada@2026x' },
          ip: nextIp(),
          origin,
        });
        if (res.status === 429) return attempt;
      }
      return Number.POSITIVE_INFINITY;
    };
    const tag = randomBytes(3).toString('hex');
    const onOne = await tripAt(`limite-um-${tag}@scale.test`, `http://127.0.0.1:${ports[0]}`);
    const acrossAll = await tripAt(`limite-todos-${tag}@scale.test`);
    record(
      'rate limits shared',
      Number.isFinite(onOne) && onOne === acrossAll,
      `429 at attempt ${acrossAll} across 3 replicas, ${onOne} on one`,
    );

    // Live events: a stream on each replica and one through nginx, for the owner of an invoice approved afterwards.
    const probe = await call('', 'GET', '/api/events', { ip: nextIp() });
    if (probe.status === 404) {
      rows.push({
        check: 'live events on every replica',
        measured: 'GET /api/events is not built',
        result: 'not built',
      });
    } else if (!liveInvoice) {
      record('live events on every replica', false, 'no pending invoice of a signed-in professional to approve');
    } else {
      const token = tokens.get(liveInvoice.professional_id) as string;
      const origins = [...ports.map((port) => `http://127.0.0.1:${port}`), base];
      const controller = new AbortController();
      const received = origins.map(() => [] as string[]);
      const ready = origins.map(() => false);
      const readers = origins.map(async (origin, i) => {
        try {
          const res = await fetch(`${origin}/api/events`, {
            headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
            signal: controller.signal,
          });
          const reader = res.body?.getReader();
          const decoder = new TextDecoder();
          let text = '';
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
            text += decoder.decode(chunk.value, { stream: true });
            for (const match of text.matchAll(/^event: (\S+)$/gm)) {
              if (match[1] === 'ready') ready[i] = true;
              else (received[i] as string[]).push(match[1] as string);
            }
            text = text.slice(text.lastIndexOf('\n\n') + 1);
          }
        } catch {
          // aborted at the end
        }
      });
      for (let i = 0; i < 100 && !ready.every(Boolean); i++) await sleep(100);
      const res = await call('approve', 'POST', '/api/cms/professionals/invoices/change-status', {
        token: adminToken,
        body: { id: liveInvoice.id, status: 'approved' },
      });
      if (ok(res.status)) approved.add(liveInvoice.id);
      for (let i = 0; i < 100 && !received.every((events) => events.length > 0); i++) await sleep(100);
      controller.abort();
      await Promise.all(readers);
      const reached = received.filter((events) => events.length > 0).length;
      record(
        'live events on every replica',
        ok(res.status) && reached === origins.length,
        `an approval reached ${reached} of ${origins.length} streams (one per replica, one via nginx)`,
      );
    }

    /** Polls a count once a second until `done` holds of it, for at most `seconds`. */
    const countUntil = async (text: string, done: (n: number) => boolean, seconds: number) => {
      for (let i = 0; i < seconds; i++) {
        const [{ n = 0 } = {}] = await q<{ n: number }>(text);
        if (done(n)) return;
        await sleep(1000);
      }
    };
    // The outbox drains (a job a killed replica held waits for its 2-minute expiry).
    log('waiting for the outbox to drain');
    await countUntil(`select count(*)::int as n from email_outbox where state = 'pending'`, (n) => n === 0, 180);
    // ... and the minute schedule has come due at least once since the replicas started.
    await countUntil(
      `select count(*)::int as n from pgboss.job where name = 'points.expire' and state = 'completed'`,
      (n) => n > 0,
      100,
    );
    // ... and the rankings' refresh jobs have copied every grant's totals (one a killed replica held is taken again
    // once it expires).
    await countUntil('select count(*)::int as n from ranking_points_pending', (n) => n === 0, 180);
    await sleep(2000);

    // 0 acknowledged writes lost.
    const lost: string[] = [];
    const approvedRows = await q<{ id: string }>(`select id from invoices where status = 'approved' and id = any($1)`, [
      [...approved],
    ]);
    if (approvedRows.length !== approved.size) lost.push(`${approved.size - approvedRows.length} approvals`);
    const subRows = await q<{ experience_id: string; participant_id: string; status: string; n: number }>(
      `select experience_id, participant_id, status, count(*)::int as n from experience_subscriptions group by 1, 2, 3`,
    );
    const subCount = (pair: { experienceId: string; participantId: string }, which: string[]) =>
      subRows
        .filter((r) => r.experience_id === pair.experienceId && r.participant_id === pair.participantId)
        .filter((r) => which.includes(r.status))
        .reduce((sum, r) => sum + r.n, 0);
    const pairs = new Map<string, { experienceId: string; participantId: string }>();
    for (const pair of [...subscribed, ...cancelled]) pairs.set(`${pair.experienceId}:${pair.participantId}`, pair);
    for (const [key, pair] of pairs) {
      const subs = subscribed.filter((p) => `${p.experienceId}:${p.participantId}` === key).length;
      const cancels = cancelled.filter((p) => `${p.experienceId}:${p.participantId}` === key).length;
      if (subCount(pair, ['subscribed', 'cancelled', 'attended']) < subs) lost.push(`subscriptions of ${key}`);
      if (subCount(pair, ['cancelled']) < cancels) lost.push(`cancellations of ${key}`);
    }
    const grantRows = await q<{ campaign_id: string; n: number }>(
      `select campaign_id, count(*)::int as n from extra_point_grants group by 1`,
    );
    for (const grant of grants) {
      const found = grantRows.find((r) => r.campaign_id === grant.campaignId)?.n ?? 0;
      if (found !== grant.added) lost.push(`grants of campaign ${grant.campaignId} (${found} of ${grant.added})`);
    }
    const recoverySubject = await q<{ recipient: string; n: number }>(
      `select recipient, count(*)::int as n from email_outbox where subject ilike '%senha%' group by 1`,
    );
    for (const [email, n] of recovered) {
      const found = recoverySubject.find((r) => r.recipient === email)?.n ?? 0;
      if (found < n) lost.push(`recoveries of ${email} (${found} of ${n})`);
    }
    const writes =
      approved.size +
      subscribed.length +
      cancelled.length +
      grants.length +
      [...recovered.values()].reduce((a, b) => a + b, 0);
    record(
      '0 acknowledged writes lost',
      lost.length === 0,
      lost.length === 0 ? `${writes} 2xx writes, all in the database` : `lost: ${lost.slice(0, 3).join('; ')}`,
    );

    // 0 double credits.
    const [credits] = await q<{ approved: number; once: number; twice: number; missing: number }>(
      `with c as (
         select i.id, (select count(*) from ledger_entries l where l.source_type = 'invoice' and l.source_id = i.id::text
                        and l.kind = 'credit' and l.participant_kind = 'professional') as n
         from invoices i where i.status = 'approved' and i.id = any($1))
       select count(*)::int as approved, count(*) filter (where n = 1)::int as once,
              count(*) filter (where n > 1)::int as twice, count(*) filter (where n = 0)::int as missing from c`,
      [[...approved]],
    );
    const [debits] = await q<{ subs: number; once: number }>(
      `select count(*)::int as subs, count(*) filter (where (select count(*) from ledger_entries l
         where l.source_type = 'experience' and l.source_id = s.id::text and l.kind = 'redemption') = 1)::int as once
       from experience_subscriptions s where s.cost > 0`,
    );
    const [extras] = await q<{ grants: number; once: number }>(
      `select count(*)::int as grants, count(*) filter (where (select count(*) from ledger_entries l
         where l.source_type = 'extra-point' and l.source_id = g.campaign_id::text and l.kind = 'extra'
         and l.participant_id = g.participant_id) = 1)::int as once
       from extra_point_grants g where g.campaign_id = any($1)`,
      [campaigns],
    );
    record(
      '0 double credits',
      !!credits &&
        !!debits &&
        !!extras &&
        credits.approved === credits.once &&
        debits.subs === debits.once &&
        extras.grants === extras.once,
      `${credits?.once}/${credits?.approved} approvals credited once (${credits?.twice} twice, ${credits?.missing} none); ` +
        `${debits?.once}/${debits?.subs} subscriptions debited once; ${extras?.once}/${extras?.grants} grants once`,
    );

    // The rankings hold every total the ledger moved: their copy equals cycle_points, the grants' (copied by jobs) too.
    const [ranked] = await q<{ cycles: number; differ: number; listed: number }>(
      `select (select count(*)::int from cycle_points) as cycles,
              (select count(*)::int from cycle_points c
                 full join ranking_points r using (participant_kind, participant_id, cycle_year)
                 where (c.earned, c.reached_at) is distinct from (r.earned, r.reached_at)) as differ,
              (select count(*)::int from ranking_points_pending) as listed`,
    );
    record(
      'the rankings equal the points',
      !!ranked && ranked.differ === 0 && ranked.listed === 0,
      `${ranked?.cycles} cycles; ${ranked?.differ} differ in the rankings, ${ranked?.listed} still listed for their job`,
    );

    // Every e-mail sent once: the sink's messages per recipient and subject against the outbox's rows.
    const outbox = await q<{ recipient: string; subject: string; state: string; n: number }>(
      `select recipient, subject, state, count(*)::int as n from email_outbox group by 1, 2, 3`,
    );
    const decode = (subject: string) =>
      subject.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
        kind.toLowerCase() === 'b'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-F]{2})/gi, (_m: string, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              'latin1',
            ).toString('utf8'),
      );
    const sent = new Map<string, number>();
    for (const message of sink.messages) {
      const subject = decode(
        /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(message.data)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '',
      );
      for (const to of message.to) {
        const key = `${to.replace(/^<|>$/g, '').toLowerCase()}\n${subject}`;
        sent.set(key, (sent.get(key) ?? 0) + 1);
      }
    }
    const queued = new Map<string, number>();
    let notSent = 0;
    for (const row of outbox) {
      const key = `${row.recipient.toLowerCase()}\n${row.subject}`;
      queued.set(key, (queued.get(key) ?? 0) + row.n);
      if (row.state !== 'sent') notSent += row.n;
    }
    let duplicates = 0;
    let missing = 0;
    for (const [key, n] of queued) {
      const got = sent.get(key) ?? 0;
      if (got > n) duplicates += got - n;
      if (got < n) missing += n - got;
    }
    const strangers = [...sent.keys()].filter((key) => !queued.has(key)).length;
    const rowsQueued = [...queued.values()].reduce((a, b) => a + b, 0);
    record(
      'every e-mail sent once',
      rowsQueued > 0 && duplicates === 0 && missing === 0 && strangers === 0 && notSent === 0,
      `${rowsQueued} queued, ${sink.messages.length} received; ${duplicates} duplicates, ${missing} missing, ` +
        `${notSent} not sent, ${strangers} unknown`,
    );

    // Every scheduled job run once: one points.expire job per minute tick, whatever the replicas.
    const ticks = await q<{ minute: string; n: number; done: number }>(
      `select date_trunc('minute', created_on)::text as minute, count(*)::int as n,
              count(*) filter (where state = 'completed')::int as done
       from pgboss.job where name = 'points.expire' group by 1 order by 1`,
    );
    const twice = ticks.filter((t) => t.n > 1).length;
    record(
      'every scheduled job run once',
      ticks.length > 0 && twice === 0,
      `points.expire (every minute): ${ticks.length} ticks, ${ticks.reduce((a, t) => a + t.n, 0)} jobs, ` +
        `${ticks.reduce((a, t) => a + t.done, 0)} completed, ${twice} minutes twice`,
    );

    // The table.
    console.log('');
    console.log(
      `Traffic through nginx, ${SECONDS} s, ${CONCURRENCY} clients, 3 replicas (one SIGKILLed, back in ${restartMs} ms):`,
    );
    console.log('| request | answers |');
    console.log('|---|---|');
    for (const [action, codes] of status) {
      const parts = [...codes].sort(([a], [b]) => a - b).map(([code, n]) => `${code === 0 ? 'no answer' : code}: ${n}`);
      console.log(`| ${action} | ${parts.join(', ')} |`);
    }
    console.log('');
    console.log('| check | measured | result |');
    console.log('|---|---|---|');
    for (const row of rows) console.log(`| ${row.check} | ${row.measured} | ${row.result} |`);
  } finally {
    await db?.end().catch(() => undefined);
    await nginx?.stop();
    await Promise.all(replicas.map((replica) => stopReplica(replica, 'SIGTERM')));
    await sink.close();
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = rows.filter((row) => row.result !== 'pass');
  if (failed.length > 0) {
    console.error(`\n${failed.length} check(s) not passed: ${failed.map((row) => row.check).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
