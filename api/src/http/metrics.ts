import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Metric, Registry } from 'prom-client';
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
  const duration = new RequestDurations();
  registry.registerMetric(duration as unknown as Metric);
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
      duration.observe(request, reply.statusCode, reply.elapsedTime / 1000);
    },
  };
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string; status: string };
  /** Requests in each bucket alone (the last: above every bound); made cumulative when read. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * Request durations as a Prometheus histogram, by method, route pattern and status, in the registry beside
 * prom-client's own metrics (it reads any metric's `get()`). prom-client's Histogram builds and hashes a string of the
 * three labels, and writes its buckets under number-named keys, on every answer: some 3 µs of the 40 that the
 * dashboard data takes under load. Here each route's series are found by the route's own object and the status, and
 * an answer adds one to an array slot.
 */
class RequestDurations {
  readonly name = 'especifica_http_request_duration_seconds';
  readonly help = 'Time to answer a request, by method, route pattern and status.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** By the route's config object (one per route; the not-found handler has its own), then method and status. */
  private byRoute = new WeakMap<object, Map<string, Series>>();
  private all: Series[] = [];

  observe(request: FastifyRequest, status: number, seconds: number): void {
    const options = request.routeOptions;
    let route = this.byRoute.get(options.config);
    if (!route) {
      route = new Map();
      this.byRoute.set(options.config, route);
    }
    const key = request.method + status;
    let series = route.get(key);
    if (!series) {
      const labels = { method: request.method, route: options.url ?? 'unmatched', status: String(status) };
      series = { labels, counts: new Float64Array(BUCKETS.length + 1), sum: 0, count: 0 };
      route.set(key, series);
      this.all.push(series);
    }
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    series.counts[bucket] = (series.counts[bucket] ?? 0) + 1;
    series.sum += seconds;
    series.count += 1;
  }

  async get() {
    const values = this.all.flatMap(({ labels, counts, sum, count }) => {
      let below = 0;
      return [
        ...[...BUCKETS, '+Inf'].map((le, i) => {
          below += counts[i] ?? 0;
          return { labels: { le, ...labels }, value: below, metricName: `${this.name}_bucket` };
        }),
        { labels, value: sum, metricName: `${this.name}_sum` },
        { labels, value: count, metricName: `${this.name}_count` },
      ];
    });
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  reset(): void {
    this.byRoute = new WeakMap();
    this.all = [];
  }
}

/** The token guard of /api/metrics: the configured token, compared in constant time. */
export function metricsTokenMatches(expected: string, authorization: string | undefined): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
