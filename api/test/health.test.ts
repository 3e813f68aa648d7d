import { healthSchema } from '@especifica/mf-shared/contracts';
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
});
