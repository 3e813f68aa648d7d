import type { App } from '../../http/zod';
import type { Deps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { LiveHub, openStream, parseLastEventId } from './service';

export interface LiveOptions {
  /** Tests shorten the heartbeat. */
  heartbeatMs?: number;
}

/**
 * GET /api/events: the signed-in user's live stream (Server-Sent Events, docs/live.md). Authenticated like every
 * route, by the bearer token: the web client reads it with fetch, which can send the header, not with EventSource.
 */
export async function liveRoutes(app: App, deps: Pick<Deps, 'db' | 'caches'>, options: LiveOptions = {}) {
  const hub = new LiveHub(deps.caches.changes);
  app.addHook('preClose', (done) => {
    hub.endAll();
    done();
  });

  app.get('/events', { config: { guard: ['admin', 'professional', 'shopkeeper'] } }, async (request, reply) => {
    const principal = principalOf(request);
    // A client that does not read event streams (a plain GET, a link opened by hand) gets an answer, not a stream
    // that never ends.
    if (!/\btext\/event-stream\b/.test(request.headers.accept ?? '')) {
      return reply.code(406).send({ msg: 'Este endereço envia eventos (text/event-stream).', code: 'not-acceptable' });
    }
    const query = request.query as Record<string, unknown> | undefined;
    const lastEventId =
      parseLastEventId(request.headers['last-event-id']) ?? parseLastEventId(query?.lastEventId ?? undefined);
    reply.hijack();
    const headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])),
    );
    const onError = (error: Error) => request.log.warn({ err: error }, 'live stream');
    // The reply is the stream's own now: a database that fails before the stream starts is answered 503 here (the
    // client tries again); once started, the stream just ends.
    await openStream(
      { db: deps.db, hub, heartbeatMs: options.heartbeatMs, onError },
      { kind: principal.role, id: principal.id },
      lastEventId,
      reply.raw,
      headers,
    ).catch((error: Error) => {
      onError(error);
      if (!reply.raw.headersSent) reply.raw.writeHead(503, { 'content-type': 'application/json' });
      reply.raw.end();
    });
  });
}
