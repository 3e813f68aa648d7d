import { healthSchema } from '@especifica/mf-shared/contracts';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';

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
}
