// npm run bench:login — prints a table: the median time of one login (argon2id at the production cost included)
// and, at a steady 20 logins per second for 15 s, the errors and the p99. Traffic goes to 127.0.0.1 only.
import { median, printTable, startServer } from './support.mjs';

const RATE = 20;
const SECONDS = 15;
const body = JSON.stringify({ email: 'ana@especifica.dev', password: 'Especifica@2026' });

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function login(base) {
  const started = performance.now();
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.status === 200, status: response.status };
}

// Every request comes from this one address: the per-IP login limit is scaled up for the run (never in production).
process.env.RATE_LIMIT_SCALE = '100';
process.env.ARGON2_MEMORY_KIB = '';
process.env.ARGON2_TIME = '';
const server = await startServer(Number(process.env.BENCH_PORT || 8283));
try {
  for (let i = 0; i < 3; i++) await login(server.base);

  const sequential = [];
  for (let i = 0; i < 30; i++) sequential.push((await login(server.base)).ms);

  // Open loop: a request leaves every 50 ms whatever the answers do, as independent people would.
  const pending = [];
  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(login(server.base).catch(() => ({ ms: Number.NaN, ok: false, status: 0 })));
  }
  const results = await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const times = results.filter((r) => r.ok).map((r) => r.ms);
  const errors = results.filter((r) => !r.ok);

  printTable([
    ['one login, median of 30 in a row (argon2id 19 MiB, t=2)', `${median(sequential).toFixed(0)} ms`, '< 300 ms'],
    ['one login, p90 of 30 in a row', `${percentile(sequential, 90).toFixed(0)} ms`, 'printed'],
    [`logins sent at ${RATE}/s for ${SECONDS} s`, `${results.length} in ${elapsed.toFixed(1)} s`, 'printed'],
    [
      'errors at that rate',
      `${errors.length}${errors.length ? ` (status ${[...new Set(errors.map((e) => e.status))].join(', ')})` : ''}`,
      '0',
    ],
    ['median at that rate', `${median(times).toFixed(0)} ms`, 'printed'],
    ['p99 at that rate', `${percentile(times, 99).toFixed(0)} ms`, 'printed'],
  ]);
} finally {
  server.stop();
}
