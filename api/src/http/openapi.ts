import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Guard } from '../kernel/principal';
import type { App } from './zod';

const BEARER = 'bearer';

/** Who may call a route, in words, from the guard it declares. */
export function guardText(guard: unknown): string {
  if (guard === 'public') return 'Guard: public (no token).';
  if (Array.isArray(guard)) return `Guard: ${guard.join(', ')} (Bearer token).`;
  return 'Guard: none declared (answers 500).';
}

/** Tags a route with its resource and says its guard in its description, for the OpenAPI document. */
function describeRoute(route: RouteOptions, tag: string) {
  const guard = (route.config as { guard?: unknown } | undefined)?.guard;
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  route.schema = {
    ...schema,
    tags: [tag],
    description: [guardText(guard), schema.description].filter(Boolean).join('\n\n'),
    ...(guard === 'public' ? {} : { security: [{ [BEARER]: [] }] }),
  };
}

/** Registers one resource's routes in a scope of their own, each tagged with the resource in the document. */
export async function resource(app: App, tag: string, register: (scoped: App) => Promise<void>): Promise<void> {
  await app.register(async (scoped) => {
    scoped.addHook('onRoute', (route) => describeRoute(route as RouteOptions, tag));
    await register(scoped as App);
  });
}

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas as they are registered, at /api/openapi.json, and
 * its interactive reference at /api/docs: open to anybody in development, to admins only in production.
 */
export async function registerOpenApi(app: App, { production }: { production: boolean }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Especifica API',
        description: 'Every route of the API, generated from the zod contracts that validate it.',
        version: '1.0.0',
      },
      components: { securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  const docsGuard: Guard = production ? ['admin'] : 'public';
  await app.register(async (scoped) => {
    // The reference's own routes (page, assets, document) carry the docs' guard like every other route.
    scoped.addHook('onRoute', (route) => {
      route.config = { ...route.config, guard: docsGuard };
    });
    await scoped.register(swaggerUi, { routePrefix: '/api/docs' });
    scoped.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  });
}
