import { metricsTokenMatches } from '../../http/metrics';
import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { notFoundBody } from '../../kernel/errors';

/**
 * GET /api/metrics: the Prometheus metrics, for the bearer token METRICS_TOKEN alone (not a user's session). Without
 * the setting the route does not exist as far as anyone can tell (404); a missing or wrong token is 401.
 */
export async function metricsRoutes(app: App, deps: Pick<Deps, 'metrics' | 'config'>) {
  app.get('/metrics', { config: { guard: 'public' } }, async (request, reply) => {
    const token = deps.config.metricsToken;
    if (!token) return reply.code(404).send(notFoundBody);
    if (!metricsTokenMatches(token, request.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ msg: 'O token das métricas está ausente ou incorreto.', code: 'unauthorized' });
    }
    const body = await deps.metrics.registry.metrics();
    return reply.type(deps.metrics.registry.contentType).send(body);
  });
}
