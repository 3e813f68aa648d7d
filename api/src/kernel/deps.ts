import type { ReadCaches } from '../cache';
import type { Config } from '../config';
import type { Database, Db, LongReads } from '../db/client';
import type { Metrics } from '../http/metrics';
import type { JobQueue, Tasks } from '../jobs';
import type { MailQueue } from '../mail/mailer';
import type { Argon2Params } from '../security/passwords';
import type { RateLimiter } from '../security/rate-limits';
import type { PurposeTokens, Tokens } from '../security/tokens';
import type { FileStorage } from '../storage';

/** The one object the app builds for its routes: each route file takes the part of it that it uses. */
export interface Deps {
  db: Db;
  /** The clock of cycles, periods, expiry, codes and links; tests move it. */
  now: () => Date;
  tokens: Tokens;
  steps: PurposeTokens;
  argon2: Argon2Params;
  /** A hash of a random password with the live argon2 parameters: verified when the e-mail is unknown. */
  dummyHash: string;
  /** E-mails go through the outbox: `mailer.enqueue(tx, message)` in the transaction of the change. */
  mailer: MailQueue;
  /** The job queue on the database (docs/jobs.md). */
  jobs: JobQueue;
  /** Long work (imports, large exports) as tasks with progress, done by a job (docs/jobs.md). */
  tasks: Tasks;
  storage: FileStorage;
  limiter: RateLimiter;
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'cepLookupUrl' | 'metricsToken'>;
  caches: ReadCaches;
  /** The address people open (links in e-mails). */
  publicUrl: string;
  /** Long reads (exports) through one cursor or PostgreSQL's COPY, where the database has connections to spare. */
  longReads: LongReads;
  /** The largest CSV an import takes. */
  importMaxBytes: number;
  /** The database itself, for the health probe. */
  database: Database;
  /** The Prometheus metrics (/api/metrics). */
  metrics: Metrics;
}

/** What the account routes (auth, sign-up, profiles) use. */
export type AccountDeps = Pick<
  Deps,
  'db' | 'tokens' | 'steps' | 'argon2' | 'dummyHash' | 'mailer' | 'storage' | 'limiter' | 'config' | 'now' | 'caches'
>;

/** What the programme's routes use. */
export type ProgrammeDeps = Pick<
  Deps,
  | 'db'
  | 'now'
  | 'storage'
  | 'mailer'
  | 'publicUrl'
  | 'argon2'
  | 'caches'
  | 'longReads'
  | 'importMaxBytes'
  | 'limiter'
  | 'tasks'
  | 'jobs'
  | 'config'
>;
