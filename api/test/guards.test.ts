import type { Role } from '@especifica/mf-shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { adminUsers, professionals, stores, storeUsers } from '../src/db/schema';
import { unguardedRoutes } from '../src/modules/auth';
import { bearer, createProfessional, startTestApp, type TestApp, testConfig, tokenFor } from './support/app';
import { createTestDatabase, testDrivers } from './support/database';

const invalidToken = { msg: 'Sessão expirada ou inválida. Entre novamente.', code: 'auth.invalid-token' };
const forbidden = { msg: 'Você não tem permissão para acessar este recurso.', code: 'auth.forbidden' };
const DASHBOARD = '/api/professionals/get-dashboard-data';
const CMS = '/api/cms/dashboard/get-all';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('route guards', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  }, 60_000);
  afterAll(() => database?.close());

  it('every registered route declares a valid guard', async () => {
    const t = await startTestApp('pglite', { database, seed: false, config: { webDir: __dirname } });
    try {
      const routes = t.app.routeGuards;
      expect(routes.map((route) => route.url)).toEqual(
        expect.arrayContaining(['/api/health', '/api/auth/login', DASHBOARD, CMS, '/remotes/*', '/*']),
      );
      expect(unguardedRoutes(routes)).toEqual([]);
    } finally {
      await t.close();
    }
    // The first app on a fresh database installs the job queue's tables (about 6 s on a busy machine).
  }, 30_000);

  it('the check finds a route without a guard, and that route fails closed', async () => {
    const app = await buildApp({ config: testConfig(), database });
    app.get('/api/forgotten', async () => ({ secret: true }));
    app.get('/api/made-up-role', { config: { guard: ['root' as Role] } }, async () => ({ secret: true }));
    await app.ready();
    try {
      expect(unguardedRoutes(app.routeGuards).map(({ method, url }) => `${method} ${url}`)).toEqual([
        'GET /api/forgotten',
        'HEAD /api/forgotten',
        'GET /api/made-up-role',
        'HEAD /api/made-up-role',
      ]);
      const response = await app.inject({ method: 'GET', url: '/api/forgotten' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        msg: 'Ocorreu um erro interno. Tente novamente mais tarde.',
        code: 'internal',
      });
    } finally {
      await app.close();
    }
  }, 30_000);
});

describe.each(testDrivers)('tokens and roles on %s', (driver) => {
  let t: TestApp;
  const tokens: Record<'professional' | 'shopkeeper' | 'admin', string> = {
    professional: '',
    shopkeeper: '',
    admin: '',
  };
  beforeAll(async () => {
    t = await startTestApp(driver);
    tokens.professional = await tokenFor(t.app, 'professional', 'ana@especifica.dev');
    // The store's manager: among shopkeepers the one every shopkeeper route admits (approvals are managers' only).
    tokens.shopkeeper = await tokenFor(t.app, 'shopkeeper', 'monica@especifica.dev');
    tokens.admin = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  // A change written by another connection (another replica, a job) reaches the session cache through its
  // announcement, asynchronously: wait for it, as any later request would find it.
  const changedElsewhere = () => t.app.caches.changes.sync();

  const sign = (payload: object, options: { key?: string; clockTimestamp?: number; expiresIn?: number } = {}) =>
    createSigner({
      key: options.key ?? t.config.jwtSecret,
      algorithm: 'HS256',
      iss: 'especifica-api',
      expiresIn: options.expiresIn ?? 60_000,
      ...(options.clockTimestamp ? { clockTimestamp: options.clockTimestamp } : {}),
    })(payload);

  async function anaClaims() {
    const [ana] = await t.database.db.select().from(professionals).where(eq(professionals.email, 'ana@especifica.dev'));
    if (!ana) throw new Error('no Ana');
    return { sub: ana.id, role: 'professional', tv: ana.tokenVersion };
  }

  it('accepts a token that it signed (the control for the refusals below)', async () => {
    expect((await get(DASHBOARD, bearer(sign(await anaClaims())))).statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', {}],
    ['a scheme other than Bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['Bearer without a token', { authorization: 'Bearer ' }],
    ['a token that is not a JWT', { authorization: 'Bearer abc.def' }],
  ])('answers 401 to %s', async (_case, headers) => {
    const response = await get(DASHBOARD, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidToken);
  });

  it('answers 401 to a token signed with another secret', async () => {
    const forged = sign(await anaClaims(), { key: 'outro-segredo-com-mais-de-32-caracteres!!' });
    expect((await get(DASHBOARD, bearer(forged))).json()).toEqual(invalidToken);
  });

  it('answers 401 to an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      ...(await anaClaims()),
      iss: 'especifica-api',
      iat: now,
      exp: now + 600,
    })}.`;
    const response = await get(DASHBOARD, bearer(unsigned));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidToken);
  });

  it('answers 401 to an expired token', async () => {
    const expired = sign(await anaClaims(), { clockTimestamp: Date.now() - 2 * 3_600_000, expiresIn: 3_600_000 });
    expect((await get(DASHBOARD, bearer(expired))).statusCode).toBe(401);
  });

  it('answers 401 to a token without the token version', async () => {
    const { sub, role } = await anaClaims();
    expect((await get(DASHBOARD, bearer(sign({ sub, role })))).statusCode).toBe(401);
  });

  it('answers 401 to a role claim that does not match the account table', async () => {
    const { sub, tv } = await anaClaims();
    expect((await get(CMS, bearer(sign({ sub, role: 'admin', tv })))).statusCode).toBe(401);
  });

  it('revokes every earlier token when the token version is bumped', async () => {
    const professional = await createProfessional(t.database);
    const token = await tokenFor(t.app, 'professional', professional.email, professional.password);
    expect((await get(DASHBOARD, bearer(token))).statusCode).toBe(200);
    await t.database.db
      .update(professionals)
      .set({ tokenVersion: sql`${professionals.tokenVersion} + 1` })
      .where(eq(professionals.id, professional.id));
    await changedElsewhere();
    expect((await get(DASHBOARD, bearer(token))).json()).toEqual(invalidToken);
    const fresh = await tokenFor(t.app, 'professional', professional.email, professional.password);
    expect((await get(DASHBOARD, bearer(fresh))).statusCode).toBe(200);
  });

  it.each(['inactive', 'blocked'] as const)(
    'refuses the token of a professional made %s at once',
    async (behaviour) => {
      const professional = await createProfessional(t.database);
      const token = await tokenFor(t.app, 'professional', professional.email, professional.password);
      expect((await get(DASHBOARD, bearer(token))).statusCode).toBe(200);
      await t.database.db.update(professionals).set({ behaviour }).where(eq(professionals.id, professional.id));
      await changedElsewhere();
      expect((await get(DASHBOARD, bearer(token))).json()).toEqual(invalidToken);
    },
  );

  it('refuses the tokens of a deactivated admin and of the users of a deactivated store', async () => {
    const admin = await tokenFor(t.app, 'admin', 'admin@especifica.dev');
    const carla = await tokenFor(t.app, 'shopkeeper', 'carla@especifica.dev');
    expect((await get(CMS, bearer(admin))).statusCode).toBe(200);
    expect((await get(DASHBOARD, bearer(carla))).statusCode).toBe(200);
    await t.database.db.update(adminUsers).set({ active: false });
    await t.database.db.update(stores).set({ active: false });
    await changedElsewhere();
    try {
      expect((await get(CMS, bearer(admin))).statusCode).toBe(401);
      expect((await get(DASHBOARD, bearer(carla))).statusCode).toBe(401);
    } finally {
      await t.database.db.update(adminUsers).set({ active: true });
      await t.database.db.update(stores).set({ active: true });
      await changedElsewhere();
    }
    expect((await get(DASHBOARD, bearer(carla))).statusCode).toBe(200);
    await t.database.db.update(storeUsers).set({ active: false }).where(eq(storeUsers.email, 'carla@especifica.dev'));
    await changedElsewhere();
    expect((await get(DASHBOARD, bearer(carla))).statusCode).toBe(401);
  });

  it("takes the role from the token, never from the client's headers", async () => {
    const response = await get(CMS, { ...bearer(tokens.professional), 'x-usertype': 'admin', 'x-shopkeeper': 'true' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbidden);
  });

  it('answers 403 to an admin on the participant dashboard', async () => {
    const response = await get(DASHBOARD, bearer(tokens.admin));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(forbidden);
  });

  // The role-by-route matrix: every guarded route, every role, and nobody.
  it('lets each role through exactly the routes whose guard names it', async () => {
    const guarded = t.app.routeGuards.filter((route) => route.method !== 'HEAD' && Array.isArray(route.guard));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const url = route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const method = route.method as 'GET' | 'POST';
      const anonymous = await t.app.inject({ method, url });
      expect([route.url, anonymous.statusCode]).toEqual([route.url, 401]);
      for (const [role, token] of Object.entries(tokens)) {
        const response = await t.app.inject({ method, url, headers: bearer(token) });
        const allowed = (route.guard as string[]).includes(role);
        if (allowed) expect([route.url, role, response.statusCode]).not.toEqual([route.url, role, 403]);
        else expect([route.url, role, response.statusCode]).toEqual([route.url, role, 403]);
        expect(response.statusCode).not.toBe(401);
      }
    }
  });
});
