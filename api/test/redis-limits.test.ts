import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from './support/app';

/** Six codes asked for one e-mail, spread over the given apps from different addresses: the 6th is refused. */
async function askSixCodes(apps: TestApp[]): Promise<number[]> {
  const email = `limits-${Date.now()}-${Math.random().toString(36).slice(2)}@especifica.dev`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await apps[i % apps.length]?.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { email },
      remoteAddress: `10.9.0.${i}`,
    });
    statuses.push(response?.statusCode ?? 0);
  }
  return statuses;
}

describe('recovery rate limit per account, in memory (no REDIS_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite', { seed: false });
  }, 60_000);
  afterAll(() => app.close());

  it('refuses the 6th code asked for one e-mail within the hour, whatever the address', async () => {
    expect(await askSixCodes([app])).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

// With REDIS_URL (CI sets it; the machine's Redis), replicas share their counters: two apps count one e-mail together.
const redisUrl = process.env.REDIS_URL;
if (redisUrl) {
  describe('rate limits kept in Redis (REDIS_URL)', () => {
    let apps: TestApp[] = [];
    beforeAll(async () => {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys('especifica-rl:*recoverAccount:professional:limits-*');
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      apps = [
        await startTestApp('pglite', { config: { redisUrl } }),
        await startTestApp('pglite', { seed: false, config: { redisUrl } }),
      ];
    }, 60_000);
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    it('counts the codes asked for one e-mail across two API replicas', async () => {
      expect(await askSixCodes(apps)).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
}
