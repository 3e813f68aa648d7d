import { loadConfig } from '../src/config';
import { bearer, startTestApp, type TestApp, tokenFor } from './support/app';
import { testDrivers } from './support/database';

const TOKEN = 'metricas-de-teste-0123456789abcdef';

describe.each(testDrivers)('GET /api/metrics on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { config: { metricsToken: TOKEN } });
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  const metrics = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: token ? bearer(token) : {} });

  it('answers 401 without the token or with another one, even with a user session', async () => {
    expect((await metrics()).statusCode).toBe(401);
    expect((await metrics(`${TOKEN}x`)).statusCode).toBe(401);
    const admin = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
    const withSession = await metrics(admin);
    expect(withSession.statusCode).toBe(401);
    expect(withSession.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('counts a request under its route pattern and status, never its raw URL', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/cms/stores/get-one?id=00000000-0000-4000-8000-000000000abc',
    });
    expect(missing.statusCode).toBe(401);
    const response = await metrics(TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(
      /especifica_http_request_duration_seconds_count\{method="GET",route="\/api\/cms\/stores\/get-one",status="401"\} 1/,
    );
    // A histogram as Prometheus reads one: cumulative buckets up to +Inf, their sum and their count.
    const series = 'method="GET",route="/api/cms/stores/get-one",status="401"';
    const buckets = [...text.matchAll(/^especifica_http_request_duration_seconds_bucket\{le="([^"]+)",(.*)\} (\d+)$/gm)]
      .filter((match) => match[2] === series)
      .map((match) => [match[1], Number(match[3])]);
    expect(buckets.map(([le]) => le)).toEqual([
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    const counts = buckets.map(([, count]) => count as number);
    expect(counts.every((count, i) => i === 0 || count >= (counts[i - 1] as number))).toBe(true);
    expect(counts.at(-1)).toBe(1);
    expect(text).toMatch(
      new RegExp(`^especifica_http_request_duration_seconds_sum\\{${series.replace(/[/.]/g, '\\$&')}\\} 0\\.\\d+`, 'm'),
    );
    expect(text).toMatch(/# TYPE especifica_http_request_duration_seconds histogram/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000abc');
    expect(text).toMatch(new RegExp(`especifica_db_connections\\{driver="${driver}",state="total"\\} [1-9]`));
    expect(text).toMatch(/especifica_emails_total\{outcome="sent"\} 0/);
  });

  it('counts an e-mail the outbox worker sent', async () => {
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email: 'ana@especifica.dev' },
    });
    expect(recovery.statusCode).toBeLessThan(300);
    await t.app.mailer.idle();
    const text = (await metrics(TOKEN)).body;
    expect(text).toMatch(/especifica_emails_total\{outcome="sent"\} [1-9]/);
    // Its job, in the queue's table.
    expect(text).toMatch(/especifica_jobs\{queue="email\.send",state="(completed|active|created)"\} [1-9]/);
    expect(text).toMatch(/especifica_job_retries\{queue="email\.send"\} 0/);
  });
});

describe('METRICS_TOKEN', () => {
  it('unset: /api/metrics answers 404', async () => {
    const t = await startTestApp('pglite', { seed: false });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('refuses a short token at start with a clear sentence', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'curto' })).toThrow(/METRICS_TOKEN must hold at least 24/);
  });
});
