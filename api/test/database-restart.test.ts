import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { seedDemo } from '../src/demo/seed';
import { cheapArgon2, testConfig, tokenFor } from './support/app';
import { type OwnPostgres, postgresBinaries, startOwnPostgres } from './support/own-postgres';

// A PostgreSQL of the test's own, stopped and started under a running API. CI has the server binaries; a machine
// without them cannot run this suite at all, and says so instead of passing quietly.
const bin = postgresBinaries();
if (!bin) console.warn('database-restart.test.ts skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin');
const describeWithServer = bin ? describe : describe.skip;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithServer('the API across a PostgreSQL restart', () => {
  let server: OwnPostgres;
  let database: Database;
  let app: App;
  let admin: string;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    server = await startOwnPostgres(bin as string);
    database = await openDatabase({ databaseUrl: server.url, dataDir: '' }, (error) => poolErrors.push(error));
    await database.migrate();
    await seedDemo(database.db, cheapArgon2);
    app = await buildApp({ config: testConfig({ databaseUrl: server.url }), database });
    await app.ready();
    admin = await tokenFor(app, 'admin', 'admin@especifica.dev');
  }, 120_000);
  afterAll(async () => {
    // The server goes whatever happens before: a PostgreSQL left running would outlive the test run.
    try {
      await app?.close();
      await database?.close();
    } finally {
      await server?.destroy();
    }
  }, 60_000);

  const createCategory = (name: string) =>
    app.inject({
      method: 'POST',
      url: '/api/cms/experiences-categories/create',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name, type: 'professional' },
    });
  const namesSaved = async () =>
    (
      (await app.inject({
        method: 'GET',
        url: '/api/cms/experiences-categories/get-all?limit=100',
        headers: { authorization: `Bearer ${admin}` },
      })) as { json(): { items: { name: string }[] } }
    )
      .json()
      .items.map((item) => item.name);

  it('survives a connection cut under a checked-out client, answers 503 while away and serves again', async () => {
    const tag = randomBytes(3).toString('hex');
    // A transaction holds a pool client between two statements when the server goes away: that client emits
    // 'error' on itself, which would end the process if nobody listened.
    let heldUntil: () => void = () => undefined;
    const held = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise<void>((resolve) => {
          heldUntil = resolve;
        });
        await tx.execute(sql`select 1`);
      })
      .then(
        () => 'committed',
        (error: Error) => `failed: ${error.message}`,
      );
    await sleep(50);

    // Writes in flight while the server stops: each answers either 200 (and is then kept) or 503, never 500.
    const inFlight = Array.from({ length: 12 }, (_, index) =>
      sleep(index * 15).then(() => createCategory(`Antes ${tag} ${index}`)),
    );
    await sleep(60);
    await server.stop('fast');
    heldUntil();
    expect(await held).toMatch(/^failed: /);
    const answers = await Promise.all(inFlight);
    for (const answer of answers) expect([200, 503]).toContain(answer.statusCode);
    const acknowledged = answers
      .map((answer, index) => (answer.statusCode === 200 ? `Antes ${tag} ${index}` : null))
      .filter((name): name is string => name !== null);

    const away = await createCategory(`Durante ${tag}`);
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ msg: expect.stringMatching(/indisponível/), code: 'database-unavailable' });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);

    await server.start();
    const started = Date.now();
    let back = await createCategory(`Depois ${tag}`);
    while (back.statusCode !== 200 && Date.now() - started < 45_000) {
      expect(back.statusCode).toBe(503);
      await sleep(100);
      back = await createCategory(`Depois ${tag}`);
    }
    expect(back.statusCode).toBe(200);

    const saved = await namesSaved();
    for (const name of acknowledged) expect(saved).toContain(name);
    expect(saved).toContain(`Depois ${tag}`);
    expect(saved).not.toContain(`Durante ${tag}`);
    // The lost connections were reported, not thrown.
    expect(poolErrors.length).toBeGreaterThan(0);
  }, 150_000);

  it('comes back after an immediate stop (a crash) too, with the change feed live again', async () => {
    await server.stop('immediate');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    await server.start();
    const started = Date.now();
    while (Date.now() - started < 45_000) {
      if ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200 && app.caches.changes.live) {
        break;
      }
      await sleep(100);
    }
    expect(app.caches.changes.live).toBe(true);
    expect((await createCategory(`Crash ${randomBytes(3).toString('hex')}`)).statusCode).toBe(200);
  }, 150_000);
});
