import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { JOBS_SCHEMA } from '../jobs/queue';

/** What the e-mail worker counts (jobs/email.ts): a message handed to the server or the outbox, or given up. */
export interface MailCounters {
  sent(): void;
  failed(): void;
}

export interface Metrics {
  registry: Registry;
  mail: MailCounters;
  /** Records an answered request under its route's pattern (never the raw URL, which holds ids). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
}

/**
 * The Prometheus metrics of one app (a registry of its own, so that several apps in one process do not mix):
 * request durations by route and status, the database's connections, the job queue's jobs by state, and the
 * e-mails sent and failed. Read at /api/metrics with the METRICS_TOKEN (docs/live.md, Operability).
 */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const duration = new Histogram({
    name: 'especifica_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Each method, status and route pattern's series, found once: prom-client would otherwise hash the three labels on
  // every answer. Patterns, not URLs, so the map is bounded by the routes.
  const seriesByKey = new Map<string, ReturnType<typeof duration.labels>>();
  const emails = new Counter({
    name: 'especifica_emails_total',
    help: 'E-mails handed to the SMTP server or the .eml outbox (outcome "sent"), or failed after their last retry.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  emails.inc({ outcome: 'sent' }, 0);
  emails.inc({ outcome: 'failed' }, 0);

  new Gauge({
    name: 'especifica_db_connections',
    help: 'Database connections by state. PostgreSQL: the pool (total, idle, and requests waiting for one). PGlite: its one in-process connection.',
    labelNames: ['driver', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (database.native.driver === 'postgres') {
        const { pool } = database.native;
        this.set({ driver: 'postgres', state: 'total' }, pool.totalCount);
        this.set({ driver: 'postgres', state: 'idle' }, pool.idleCount);
        this.set({ driver: 'postgres', state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ driver: 'pglite', state: 'total' }, database.native.client.closed ? 0 : 1);
      }
    },
  });

  const jobRows = async () => {
    const result = await database.db.execute(
      sql.raw(
        `select name, state::text as state, count(*)::int as jobs, coalesce(sum(retry_count), 0)::int as retries
         from ${JOBS_SCHEMA}.job group by name, state`,
      ),
    );
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      name: string;
      state: string;
      jobs: number;
      retries: number;
    }[];
  };
  new Gauge({
    name: 'especifica_jobs',
    help: 'Jobs of the queue by name and state (created: queued; retry: waiting to be tried again; active; completed; failed; cancelled).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobRows().catch(() => [])) this.set({ queue: row.name, state: row.state }, row.jobs);
    },
  });
  new Gauge({
    name: 'especifica_job_retries',
    help: 'Retries taken by the jobs the queue still keeps, by name.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const byQueue = new Map<string, number>();
      for (const row of await jobRows().catch(() => []))
        byQueue.set(row.name, (byQueue.get(row.name) ?? 0) + row.retries);
      for (const [queue, retries] of byQueue) this.set({ queue }, retries);
    },
  });

  return {
    registry,
    mail: { sent: () => emails.inc({ outcome: 'sent' }), failed: () => emails.inc({ outcome: 'failed' }) },
    observe(request, reply) {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let series = seriesByKey.get(key);
      if (!series) {
        series = duration.labels({ method: request.method, route, status: String(reply.statusCode) });
        seriesByKey.set(key, series);
      }
      series.observe(reply.elapsedTime / 1000);
    },
  };
}

/** The token guard of /api/metrics: the configured token, compared in constant time. */
export function metricsTokenMatches(expected: string, authorization: string | undefined): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
