import { healthSchema, readySchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { migrationsState } from './service';

export async function healthRoutes(app: App, deps: Pick<Deps, 'database'>) {
  app.get(
    '/health',
    { config: { guard: 'public' }, schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const ok = await deps.database.ping();
      // 503 takes a replica out of a load balancer while its database is unreachable.
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok, driver: deps.database.driver },
      });
    },
  );

  // Readiness, apart from the liveness above: a replica takes traffic once its database answers and has every
  // migration of this build (a replica of a newer build waits for them rather than failing requests).
  app.get(
    '/ready',
    { config: { guard: 'public' }, schema: { response: { 200: readySchema, 503: readySchema } } },
    async (_request, reply) => {
      const migrations = await migrationsState(deps.database);
      const ok = migrations !== null;
      const ready = ok && migrations.applied >= migrations.expected;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'not-ready',
        database: { ok, driver: deps.database.driver },
        migrations: migrations ?? { applied: 0, expected: 0 },
      });
    },
  );
}
