import type { RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'preValidation' | 'onSend';

/**
 * Adds `hook` to one route's own hooks, from an onRoute hook: work that only some routes need (a write's cache sync, a
 * held shopkeeper route's check) runs on those routes alone, and a read answered under load passes through no hook
 * that would return at once for it.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown): void {
  const own = route[name] as unknown;
  (route as unknown as Record<HookName, unknown[]>)[name] = [...(own ? (Array.isArray(own) ? own : [own]) : []), hook];
}
