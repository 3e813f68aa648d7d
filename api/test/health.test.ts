import { healthSchema, readySchema } from '@especifica/mf-shared/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { startTestApp, type TestApp } from './support/app';
import { testDrivers } from './support/database';

describe.each(testDrivers)('GET /api/health on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { seed: false });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers ok with the driver, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(z.parse(healthSchema, response.json())).toEqual({ status: 'ok', database: { ok: true, driver } });
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const down = await startTestApp(driver, {
      seed: false,
      database: { ...t.database, ping: async () => false },
    });
    const response = await down.app.inject({ method: 'GET', url: '/api/health' });
    await down.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'degraded', database: { ok: false, driver } });
  });

  it('GET /api/ready: ready once every migration of this build is applied, 503 while one is missing', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    const body = z.parse(readySchema, ready.json());
    expect(body).toMatchObject({ status: 'ready', database: { ok: true, driver } });
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(20);

    // As a replica of a newer build sees a database that an older one migrated. Last: the suite's database goes.
    await t.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    const behind = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({
      status: 'not-ready',
      migrations: { applied: body.migrations.expected - 1, expected: body.migrations.expected },
    });
    // Liveness is not readiness: the process itself is fine.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
