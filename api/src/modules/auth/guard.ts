import type { FastifyRequest } from 'fastify';
import type { ReadCaches } from '../../cache';
import type { Db } from '../../db/client';
import { addRouteHook } from '../../http/route-hooks';
import type { App } from '../../http/zod';
import { fail } from '../../kernel/errors';
import type { Guard, Principal } from '../../kernel/principal';
import type { Tokens } from '../../security/tokens';
import { findSessionAccount } from './queries';

export interface RouteRecord {
  method: string;
  url: string;
  guard: unknown;
}

const roles = new Set<string>(['admin', 'professional', 'shopkeeper']);
const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isValidGuard(guard: unknown): guard is Guard {
  if (guard === 'public') return true;
  return Array.isArray(guard) && guard.length > 0 && guard.every((role) => roles.has(role));
}

/** The routes of `routes` whose guard is missing or malformed: the list a test keeps empty. */
export function unguardedRoutes(routes: readonly RouteRecord[]): RouteRecord[] {
  return routes.filter((route) => !isValidGuard(route.guard));
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function authenticate(
  request: FastifyRequest,
  db: Db,
  tokens: Tokens,
  sessions: ReadCaches['sessions'],
): Promise<Principal | null> {
  const token = bearerToken(request);
  const claims = token ? tokens.verify(token) : null;
  if (!claims) return null;
  const account = await sessions.get(`${claims.role}:${claims.sub}`, () =>
    findSessionAccount(db, claims.role, claims.sub),
  );
  // A bumped token_version revokes every token issued before it; deactivation takes effect at once.
  if (!account?.canSignIn || account.tokenVersion !== claims.tv) return null;
  return {
    id: account.id,
    role: claims.role,
    name: account.name,
    shopkeeperType: account.shopkeeperType,
    linked: claims.acc ?? [],
  };
}

/**
 * Records every route with its guard (`routes`, for the test that walks them) and enforces the guards. The check
 * runs on request, before the body is read, so an anonymous caller cannot make the server parse anything.
 */
export function registerAuth(
  app: App,
  deps: { db: Db; tokens: Tokens; caches: ReadCaches },
): { routes: readonly RouteRecord[] } {
  const routes: RouteRecord[] = [];
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A change made by this request reaches this process's caches before the caller can make another one (a route
    // that only reads has nothing to wait for, so it carries no such hook).
    if (methods.some((method) => !READ_ONLY.has(method))) {
      addRouteHook(route, 'onSend', (_request: unknown, _reply: unknown, _payload: unknown, done: () => void) => {
        deps.caches.changes.sync().then(() => done(), done);
      });
    }
    // Read when asked, not now: a scope's own onRoute hook (the API reference's) may set the guard after this one.
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        get guard() {
          return route.config?.guard;
        },
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const guard = request.routeOptions.config.guard;
    if (guard === 'public') return;
    // Fail closed: a route that forgot its guard answers 500 (and fails the route test) rather than opening up.
    if (!isValidGuard(guard)) throw new Error(`Route ${request.routeOptions.url} has no valid guard.`);
    const principal = await authenticate(request, deps.db, deps.tokens, deps.caches.sessions);
    if (!principal) throw fail.invalidToken();
    if (!guard.includes(principal.role)) throw fail.forbidden();
    request.principal = principal;
  });

  return { routes };
}
