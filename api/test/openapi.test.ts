import type { Database } from '../src/db/client';
import { guardText } from '../src/http/openapi';
import { bearer, startTestApp, type TestApp, tokenFor } from './support/app';
import { createTestDatabase } from './support/database';

interface Operation {
  tags?: string[];
  description?: string;
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
}

/** Fastify's `/a/:id` as OpenAPI writes it: `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const isDocs = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

describe('the OpenAPI document', () => {
  let database: Database;
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    t = await startTestApp('pglite', { database, seed: false });
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const apiRoutes = () =>
    t.app.routeGuards.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !isDocs(route.url));

  it('is OpenAPI 3.1 and holds every API route, tagged by resource, with its guard in the description', () => {
    expect(document.openapi).toBe('3.1.0');
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(130);
    const missing = routes
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    for (const route of routes) {
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect([route.url, operation?.tags?.length]).toEqual([route.url, 1]);
      expect([route.url, operation?.description]).toEqual([route.url, expect.stringContaining(guardText(route.guard))]);
      expect([route.url, Boolean(operation?.security)]).toEqual([route.url, route.guard !== 'public']);
    }
  });

  it('describes the bodies and answers from the zod contracts', () => {
    const login = document.paths['/api/auth/login']?.post as Operation & {
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    };
    expect(Object.keys(login.requestBody?.content['application/json']?.schema.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    expect(document.paths['/api/cms/stores/get-all']?.get?.tags).toEqual(['stores']);
  });

  it('declares the 202 answer with the task of every route that may hand its work to a task', () => {
    const taskRoutes = [
      'post /api/products/import',
      'post /api/cms/stores/import',
      'get /api/cms/professionals/export',
      'get /api/cms/audit/get-all',
      'get /api/cms/points-extra/get-extract',
      'get /api/cms/dashboard/get-data-to-export',
      'get /api/cms/professionals/invoices/export',
      'get /api/cms/dashboard/get-specifications',
      'get /api/cms/dashboard/get-users-with-social-media',
      'get /api/professionals/extract/export',
    ];
    for (const route of taskRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const operation = document.paths[url]?.[method] as Operation & {
        responses?: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
      };
      const task = operation?.responses?.['202']?.content?.['application/json']?.schema.properties ?? {};
      expect([route, Object.keys(task)]).toEqual([route, expect.arrayContaining(['id', 'state', 'done', 'percent'])]);
    }
  });

  it('serves the interactive reference at /api/docs to anybody in development', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = response.statusCode === 302 ? await t.app.inject({ method: 'GET', url: '/api/docs/' }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('keeps the reference and the document for admins in production', async () => {
    const production = await startTestApp('pglite', { database, config: { nodeEnv: 'production' } });
    try {
      for (const url of ['/api/docs/', '/api/openapi.json']) {
        const anonymous = await production.app.inject({ method: 'GET', url });
        expect([url, anonymous.statusCode]).toEqual([url, 401]);
      }
      // The shell's developer override may load a remote from a dev server on this machine, never in production.
      const csp = (await production.app.inject({ method: 'GET', url: '/api/docs/' })).headers[
        'content-security-policy'
      ];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('localhost');
      expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).headers['content-security-policy']).toContain(
        "script-src 'self' http://localhost:* http://127.0.0.1:*",
      );
      const professional = await tokenFor(production.app, 'professional', 'ana@especifica.dev');
      const refused = await production.app.inject({
        method: 'GET',
        url: '/api/openapi.json',
        headers: bearer(professional),
      });
      expect(refused.statusCode).toBe(403);
      const admin = await tokenFor(production.app, 'admin', 'admin@especifica.dev');
      const allowed = await production.app.inject({ method: 'GET', url: '/api/openapi.json', headers: bearer(admin) });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().openapi).toBe('3.1.0');
    } finally {
      await production.close();
    }
  }, 60_000);
});
