import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, fromPglite, type Job, PgBoss, type QueueOptions } from 'pg-boss';
import type { Database, Db } from '../db/client';

/** Where pg-boss keeps its tables, beside ours in the same database. */
export const JOBS_SCHEMA = 'pgboss';

export interface JobsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  child(bindings: object): JobsLog;
}

/**
 * The request a piece of work runs for (app.ts enters it on each request): a job sent from it carries the request
 * id, and the job's log lines name it as `reqId`, as the request's own lines do.
 */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** What a handler gets besides the job's data: the job itself (its attempt) and whether it is the last try. */
export interface JobRun<T> {
  job: Job<T>;
  /** No retry follows when this attempt throws. */
  lastAttempt: boolean;
  /** The queue's log with the job's name and id, and the id of the request that sent it (`reqId`), if any. */
  log: JobsLog;
}

export interface JobDefinition<T extends object> {
  name: string;
  /** Retries, backoff and expiry (pg-boss queue options); every job of the queue inherits them. */
  options?: QueueOptions;
  /**
   * A cron expression (UTC): the job is then sent on it, once per occurrence for the whole cluster, however many
   * replicas run. Null or absent: the job only runs when sent.
   */
  cron?: string | null;
  /**
   * How many of its jobs a process takes in one fetch and runs at once (default 1). Each still succeeds, fails and
   * is retried on its own; while fetches come back full the next one follows at once instead of at the next poll.
   */
  batch?: number;
  /** Runs at least once per job, maybe twice (a crash after the work, before pg-boss hears of it): keep it safe. */
  handler(data: T, run: JobRun<T>): Promise<void>;
}

export interface JobQueue {
  /** Registers a queue and its handler; before start(). */
  define<T extends object>(definition: JobDefinition<T>): void;
  /**
   * Sends a job. Given `tx` (a Drizzle transaction), the job is written in it: it exists if and only if the
   * transaction commits.
   */
  send<T extends object>(name: string, data: T, tx?: Db): Promise<void>;
  /** Asks the queue's worker in this process to look for jobs now rather than at its next poll. */
  wake(name: string): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits (up to `timeoutMs`) for the ones in hand to finish. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs, in seconds (pg-boss polls; at least 0.5). */
  pollSeconds?: number;
  /** How often the occurrences of the schedules are claimed and sent, in seconds (1 to 45). */
  cronSeconds?: number;
  /** Runs the workers and the schedules here; false leaves them to other replicas (sending still works). */
  work?: boolean;
  /**
   * The heartbeat of the queues that ask for one (long work: tasks), in seconds, at least 10: a job whose process
   * died (killed, lost) is taken again once it has missed it. Supervision looks for such jobs every half of it.
   */
  heartbeatSeconds?: number;
}

function bossDb(database: Database) {
  if (database.native.driver === 'pglite') return fromPglite(database.native.client);
  const { pool } = database.native;
  // The app's own pool: pg-boss's queries take a connection for a moment like any request does.
  return { executeSql: (text: string, values: unknown[] = []) => pool.query(text, values) };
}

/** The job queue of one process, on the app's database (PostgreSQL or PGlite); see docs/jobs.md. */
export function createJobQueue(database: Database, log: JobsLog, options: JobQueueOptions = {}): JobQueue {
  const work = options.work ?? true;
  // Every half heartbeat (at most a minute, pg-boss's default); the supervision also at the schedules' pace.
  const monitorSeconds = options.heartbeatSeconds ? Math.min(60, Math.ceil(options.heartbeatSeconds / 2)) : 60;
  const superviseSeconds = Math.max(1, Math.min(monitorSeconds, options.cronSeconds ?? 60));
  const boss = new PgBoss({
    db: bossDb(database),
    backend: database.native.driver,
    schema: JOBS_SCHEMA,
    // pg-boss creates or upgrades its tables at start, under an advisory lock that serialises replicas.
    supervise: work,
    schedule: work,
    ...(options.cronSeconds ? { cronMonitorIntervalSeconds: options.cronSeconds } : {}),
    ...(options.cronSeconds ? { cronWorkerIntervalSeconds: options.cronSeconds } : {}),
    // A dead process's job is failed (then retried) by the queue's monitoring pass, which these two pace.
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: monitorSeconds,
  });
  // An unanswered 'error' event would end the process: a database away for a moment is logged and retried.
  boss.on('error', (error) => log.warn({ err: error }, 'job queue'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  const definitions = new Map<string, JobDefinition<object>>();
  const workers = new Map<string, string>();
  let started = false;

  return {
    define(definition) {
      if (started) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    async send(name, data, tx) {
      const requestId = requestContext.getStore()?.requestId;
      await boss.send(
        name,
        requestId ? { ...data, requestId } : data,
        tx ? { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) } : {},
      );
    },
    wake(name) {
      const worker = workers.get(name);
      if (worker) boss.notifyWorker(worker);
    },
    async start() {
      started = true;
      await boss.start();
      for (const definition of definitions.values()) {
        const queueOptions =
          definition.options?.heartbeatSeconds && options.heartbeatSeconds
            ? { ...definition.options, heartbeatSeconds: options.heartbeatSeconds }
            : (definition.options ?? {});
        // pg-boss keeps a queue's retryDelayMax and heartbeat from its creation: the rest follows the code.
        const { retryDelayMax: _max, heartbeatSeconds: _heartbeat, ...updatable } = queueOptions;
        if (!(await boss.getQueue(definition.name))) {
          // Another replica starting at the same moment may create it first: then it exists, as wanted.
          await boss.createQueue(definition.name, queueOptions).catch(() => undefined);
        } else if (Object.keys(updatable).length > 0) {
          await boss.updateQueue(definition.name, updatable);
        }
        if (!work) continue;
        if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
        else await boss.unschedule(definition.name);
        const retryLimit = queueOptions.retryLimit ?? 2;
        const run = async (job: Job<object>) => {
          const { requestId } = job.data as { requestId?: string };
          const jobLog = log.child({
            job: definition.name,
            jobId: job.id,
            ...(requestId ? { reqId: requestId } : {}),
          });
          await definition.handler(job.data, { job, lastAttempt: job.retryCount >= retryLimit, log: jobLog });
        };
        const pollingIntervalSeconds = options.pollSeconds ?? 2;
        const batch = definition.batch ?? 1;
        const id =
          batch > 1
            ? await boss.work<object>(
                definition.name,
                { batchSize: batch, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds },
                async (jobs) => {
                  const outcomes = await Promise.allSettled(jobs.map(run));
                  return jobs.map((job, i) => {
                    const outcome = outcomes[i] as PromiseSettledResult<void>;
                    return outcome.status === 'fulfilled'
                      ? { id: job.id, status: 'completed' as const }
                      : { id: job.id, status: 'failed' as const, output: outcome.reason };
                  });
                },
              )
            : await boss.work<object>(definition.name, { batchSize: 1, pollingIntervalSeconds }, async ([job]) => {
                if (job) await run(job);
              });
        workers.set(definition.name, id);
      }
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, close: false, timeout: timeoutMs });
    },
  };
}
