import Fastify from 'fastify';
import { type App, serializerCompiler, validatorCompiler, type ZodTypeProvider } from '../../src/http/zod';
import { registerAuth } from '../../src/modules/auth';
import { createTasks } from '../../src/modules/tasks';
import { programmeRoutes } from '../../src/routes';
import { createTokens } from '../../src/security/tokens';
import { localStorage } from '../../src/storage';
import { testDrivers } from '../support/database';
import { type Caller, type ProgrammeTest, startProgramme } from '../support/programme';

type Role = 'admin' | 'professional' | 'shopkeeper';
const A: Role[] = ['admin'];
const P: Role[] = ['professional'];
const S: Role[] = ['shopkeeper'];
const PS: Role[] = ['professional', 'shopkeeper'];
const ALL: Role[] = ['admin', 'professional', 'shopkeeper'];

/**
 * Who may call each programme route (domain: roles on the server). The registered guards must match this table
 * exactly, and every route answers 401 to nobody and 403 to each role that the table leaves out.
 */
export const roleTable: Record<string, Role[]> = {
  'GET /api/cms/config/get-levels': A,
  'POST /api/cms/config/update-levels': A,
  'GET /api/cms/config/get-profession-rules': A,
  'POST /api/cms/config/update-profession-rules': A,
  'GET /api/professionals/rules': PS,
  'POST /api/professionals/invoices/:id/declare-disclosure': P,
  'GET /api/cms/config/get-settings': A,
  'POST /api/cms/config/update-settings': A,
  'GET /api/professionals/dashboard/get-level': PS,
  'GET /api/professionals/notifications/get-all-notifications': PS,
  'POST /api/professionals/notifications/read-notification': PS,
  'GET /api/cms/notifications/get-all-notifications': A,
  'POST /api/cms/notifications/read-notification': A,
  'POST /api/cms/notifications/send': A,
  'GET /api/cms/audit/get-all': A,
  'GET /api/cms/regulation/get-all': A,
  'POST /api/cms/regulation/preview': A,
  'POST /api/cms/regulation/publish': A,
  'POST /api/cms/jobs/expire-points': A,
  'GET /api/cms/stores/get-all': A,
  'GET /api/cms/stores/get-one': A,
  'POST /api/cms/stores/create': A,
  'POST /api/cms/stores/update': A,
  'POST /api/cms/stores/change-status': A,
  'POST /api/cms/stores/import': A,
  'GET /api/professionals/stores/get-all': P,
  'GET /api/cms/stores/get-all-stores-users': A,
  'GET /api/cms/stores/:id/get-users': A,
  'POST /api/cms/stores/update-store-user': A,
  'POST /api/cms/stores/approve-store-user': A,
  'GET /api/cms/stores/invites/get-all': A,
  'GET /api/cms/stores/invites/get-one': A,
  'POST /api/cms/stores/invites/invite': A,
  'GET /api/shopkeeper/invites/get-all': S,
  'POST /api/shopkeeper/invites/invite': S,
  'GET /api/products/get-all': ALL,
  'GET /api/products/get-all-brands': ALL,
  'GET /api/products/get-all-categories': ALL,
  'POST /api/products/change-status': A,
  'POST /api/products/import': A,
  'GET /api/cms/accelerators/get-all': A,
  'GET /api/cms/accelerators/get-one': A,
  'POST /api/cms/accelerators/create': A,
  'POST /api/cms/accelerators/update': A,
  'GET /api/professionals/dashboard/get-all-accelerators': PS,
  'POST /api/professionals/customers/create': P,
  'GET /api/professionals/customers/get-all': P,
  'POST /api/professionals/customers/update': P,
  'PUT /api/professionals/customers/renew': P,
  'GET /api/cms/professionals/get-all-customers': A,
  'POST /api/cms/professionals/change-customer-status': A,
  'POST /api/cms/professionals/invoices/create': A,
  'POST /api/professionals/invoices/create': P,
  'POST /api/shopkeeper/invoices/create': S,
  'GET /api/cms/professionals/invoices/get-all': A,
  'GET /api/professionals/invoices/get-all': P,
  'GET /api/shopkeeper/invoices/get-all': S,
  'GET /api/shopkeeper/store-sales/get-all': S,
  'GET /api/cms/professionals/invoices/:id/file': A,
  'GET /api/professionals/invoices/:id/file': P,
  'GET /api/shopkeeper/invoices/:id/file': S,
  'GET /api/professionals/invoices/:id/timeline': P,
  'GET /api/shopkeeper/invoices/:id/timeline': S,
  'GET /api/cms/professionals/invoices/:id/timeline': A,
  'POST /api/professionals/invoices/read-nfe': P,
  'POST /api/professionals/invoices/read-key': P,
  'POST /api/shopkeeper/invoices/read-nfe': S,
  'POST /api/shopkeeper/invoices/read-key': S,
  'POST /api/cms/professionals/invoices/change-status': A,
  'POST /api/cms/professionals/invoices/approve-many': A,
  'GET /api/cms/professionals/invoices/conference/get-all': A,
  'POST /api/cms/professionals/invoices/conference/confirm': A,
  'POST /api/cms/jobs/automatic-review': A,
  'GET /api/cms/jobs/automatic-review/today': A,
  'POST /api/cms/professionals/invoices/update': A,
  'POST /api/cms/professionals/invoices/update-products': A,
  'POST /api/cms/professionals/invoices/update-file': A,
  'GET /api/professionals/extract/get-all': PS,
  'GET /api/professionals/extract/totals': PS,
  'GET /api/professionals/extract/export': PS,
  'GET /api/cms/professionals/pce/get-all': A,
  'GET /api/cms/points-extra/get-all': A,
  'POST /api/cms/points-extra/create': A,
  'POST /api/cms/points-extra/update': A,
  'POST /api/cms/points-extra/change-status': A,
  'GET /api/cms/points-extra/get-extract': A,
  'POST /api/cms/points-extra/update-extract': A,
  'GET /api/cms/points-extra/:id': A,
  'POST /api/cms/points-extra/add-extra-point-in-professional': A,
  'POST /api/cms/points-extra/remove-extra-point-in-professional': A,
  'GET /api/cms/points-extra/:id/store': A,
  'POST /api/cms/points-extra/add-extra-point-in-store': A,
  'POST /api/cms/points-extra/remove-extra-point-in-store': A,
  'POST /api/cms/points-extra/add-by-documents': A,
  'GET /api/professionals/points-extra/open': PS,
  'GET /api/professionals/points-extra/:id': PS,
  'POST /api/professionals/points-extra/subscribed': PS,
  'GET /api/cms/experiences-categories/get-all': A,
  'POST /api/cms/experiences-categories/create': A,
  'POST /api/cms/experiences-categories/update': A,
  'POST /api/cms/experiences-categories/change-status': A,
  'GET /api/professionals/experiences/get-all-categories': PS,
  'POST /api/cms/experiences/create': A,
  'POST /api/cms/experiences/:id/update': A,
  'POST /api/cms/experiences/change-status': A,
  'GET /api/cms/experiences/get-all': A,
  'GET /api/professionals/experiences/get-all': PS,
  'GET /api/professionals/experiences/get-one/:id': PS,
  'POST /api/professionals/experiences/subscribe': PS,
  'POST /api/professionals/experiences/cancel': PS,
  'POST /api/professionals/experiences/subscribe-qrcode/:experienceId/:code': PS,
  'POST /api/cms/experiences/cancel-subscription': A,
  'POST /api/cms/experiences/cancel': A,
  'GET /api/cms/professionals/get-subscribers': A,
  'GET /api/cms/professionals/get-professionals-ranking': A,
  'GET /api/cms/stores/get-stores-ranking': A,
  'GET /api/admin/dashboard/store-sellers': A,
  'GET /api/shopkeeper/seller-ranking': S,
  'GET /api/professionals/ranking': P,
  'GET /api/cms/dashboard/get-data-to-export': A,
  'GET /api/cms/dashboard/get-specifications': A,
  'GET /api/cms/dashboard/get-users-with-social-media': A,
  'GET /api/cms/users/get-all': A,
  'POST /api/cms/users/create': A,
  'POST /api/cms/users/update': A,
  'POST /api/cms/users/change-status': A,
  'GET /api/cms/professionals/get-all': A,
  'GET /api/cms/professionals/export': A,
  'POST /api/cms/professionals/create': A,
  'POST /api/cms/professionals/update': A,
  'POST /api/cms/professionals/change-status': A,
  'POST /api/cms/professionals/adjust-points': A,
  'GET /api/cms/professionals/get-one': A,
  'GET /api/cms/professionals/invoices/export': A,
  'GET /api/users/consultants': A,
  'POST /api/users/consultants': A,
  'PUT /api/users/consultants': A,
  // The participant area's reading screens and the FAQ's administration.
  'GET /api/professionals/faq/get-all': PS,
  'GET /api/cms/faq/get-all': A,
  'POST /api/cms/faq/create': A,
  'POST /api/cms/faq/update': A,
  'POST /api/cms/faq/change-status': A,
  'POST /api/cms/faq/remove': A,
  'GET /api/professionals/regulation': PS,
  'GET /api/professionals/settings': PS,
  'GET /api/professionals/score': PS,
};

/**
 * Public on purpose: experience and product images go into <img> tags, which carry no token; sign-up shows each profession's
 * rules before there is an account.
 */
const publicRoutes = [
  'GET /api/experiences/:id/image',
  'GET /api/products/:id/image',
  'GET /api/auth/profession-rules',
];

/** A shopkeeper's routes that only a store's manager passes: the seller who calls here is refused by type. */
const managerRoutes = ['GET /api/shopkeeper/store-sales/get-all'];

async function registeredGuards(): Promise<Record<string, unknown>> {
  const app = Fastify().withTypeProvider<ZodTypeProvider>() as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const { routes } = registerAuth(app, {
    db: {} as never,
    tokens: createTokens('x'.repeat(48), 60),
    caches: {} as never,
  });
  await app.register(
    (api) =>
      programmeRoutes(api as App, {
        db: {} as never,
        now: () => new Date(),
        storage: localStorage('/nowhere'),
        importMaxBytes: 1024,
        mailer: {} as never,
        publicUrl: 'http://localhost',
        argon2: { memoryKib: 8, time: 1 },
        caches: {} as never,
        longReads: { cursor: null, copyCsv: null },
        limiter: {} as never,
        config: {} as never,
        jobs: {} as never,
        // The real tasks over a queue that only takes definitions: the routes register their kinds with it.
        tasks: createTasks({
          db: {} as never,
          jobs: { define: () => undefined } as never,
          storage: localStorage('/nowhere'),
          limiter: {} as never,
          now: () => new Date(),
          importMaxBytes: 1024,
        }),
      }),
    { prefix: '/api' },
  );
  await app.ready();
  await app.close();
  return Object.fromEntries(
    routes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => [`${route.method} ${route.url}`, route.guard])
      .filter(([route, guard]) => !(publicRoutes.includes(route as string) && guard === 'public')),
  );
}

describe('the role-by-route table', () => {
  it('is exactly the guards the programme routes declare', async () => {
    expect(await registeredGuards()).toEqual(roleTable);
  });
});

describe.each(testDrivers)('roles on every programme route on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const callers: Record<Role, Caller> = { admin: 'admin', professional: 'professional', shopkeeper: 'shopkeeper' };

  it.each(Object.entries(roleTable))('%s: 401 to nobody, 403 to the other roles', async (route, allowed) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
    const url = path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
    const anonymous = await t.call(null, method, url);
    expect([route, anonymous.statusCode, anonymous.json().code]).toEqual([route, 401, 'auth.invalid-token']);
    for (const role of Object.keys(callers) as Role[]) {
      const response = await t.call(callers[role], method, url);
      if (role === 'shopkeeper' && managerRoutes.includes(route)) {
        expect([route, response.statusCode, response.json().code]).toEqual([route, 403, 'managers-only']);
      } else if (allowed.includes(role)) {
        expect([route, role, response.statusCode]).not.toEqual([route, role, 403]);
        expect([route, role, response.statusCode]).not.toEqual([route, role, 401]);
        expect([route, role, response.statusCode]).not.toEqual([route, role, 500]);
      } else {
        expect([route, role, response.statusCode, response.json().msg]).toEqual([
          route,
          role,
          403,
          'Você não tem permissão para acessar este recurso.',
        ]);
      }
    }
  });
});
