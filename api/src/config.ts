import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  port: number;
  host: string;
  nodeEnv: string;
  /** Unset: the embedded PGlite database in `${dataDir}/pglite`. */
  databaseUrl: string | null;
  dataDir: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Seed the demo data at every start (idempotent); the embedded database is seeded when created anyway. */
  seedDemo: boolean;
  /** Fastify's trustProxy: true (nginx in docker/), or the addresses or CIDRs of the proxies to trust. */
  trustProxy: boolean | string;
  webDir: string | null;
  /** Overrides `${webDir}/remotes.json` so ops can swap a remote version without touching files. */
  remotesJson: Record<string, string> | null;
  logLevel: (typeof logLevels)[number];
  argon2: { memoryKib: number; time: number };
  redisUrl: string | null;
  /** Unset: every e-mail is written as a .eml file to `${dataDir}/outbox`. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Sends tried again after a failed one, before an e-mail is listed to admins as failed. */
  mailRetries: number;
  /** The wait before the first of them, in seconds; each next one waits about twice as long (at most an hour). */
  mailRetryDelaySeconds: number;
  /** The address people open, for the links inside e-mails (never taken from a request's Host header). */
  publicUrl: string;
  /** Multiplies every rate limit; the login benchmark raises it, production keeps 1. */
  rateLimitScale: number;
  /** Where the address of a CEP is looked up; {cep} is replaced by its 8 digits. */
  cepLookupUrl: string;
  /** How often the points-expiry job runs (a schedule of the job queue, once per cluster); 0 leaves it to an outside scheduler. */
  expiryJobMinutes: number;
  /** How often the automatic review of invoices runs (once per cluster); 0 removes its schedule. */
  autoReviewJobMinutes: number;
  /** The heartbeat of long jobs (tasks): a dead replica's is taken again about this long after (JOB_HEARTBEAT_SECONDS). */
  jobHeartbeatSeconds: number;
  /** The largest CSV an import takes, in MB (past it: 413 and nothing imported). */
  importMaxMb: number;
  /** A request whose headers and body have not all arrived by then is cut off (slow clients). */
  requestTimeoutSeconds: number;
  /** The bearer token that reads /api/metrics; unset, the route answers 404. */
  metricsToken: string | null;
  /** Which NF-e a deployment takes: production only tpAmb 1; a staging one (homologacao) only tpAmb 2. */
  nfeEnvironment: 'producao' | 'homologacao';
  /** The PEM bundle of roots trusted for NF-e signatures besides ICP-Brasil's (homologation and tests only). */
  nfeTrustedRoots: string | null;
}

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** "28800", "45m", "8h" or "7d" to seconds; null when it reads as none of them. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match?.[1]) return null;
  const seconds = Number(match[1]) * (durationUnits[match[2] || 's'] ?? 1);
  return seconds > 0 && Number.isSafeInteger(seconds) ? seconds : null;
}

const optional = z
  .string()
  .transform((v) => v.trim())
  .optional()
  .transform((v) => (v ? v : undefined));

const integer = (name: string, min: number, max: number) =>
  optional.pipe(
    z
      .string()
      .regex(/^\d+$/, `${name} must be a whole number between ${min} and ${max}.`)
      .transform(Number)
      .pipe(z.number().min(min, `${name} must be at least ${min}.`).max(max, `${name} must be at most ${max}.`))
      .optional(),
  );

const envSchema = z.object({
  PORT: integer('PORT', 0, 65535),
  HOST: optional,
  NODE_ENV: optional,
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a PostgreSQL URL such as postgres://user@host:5432/db.')
      .optional(),
  ),
  DATA_DIR: optional,
  JWT_SECRET: optional.pipe(
    z.string().min(32, 'JWT_SECRET must hold at least 32 characters (better: 48 random bytes in base64).').optional(),
  ),
  JWT_TTL: optional.pipe(
    z
      .string()
      .refine(
        (v) => parseDuration(v) !== null,
        'JWT_TTL must be a number of seconds or a duration such as 45m, 8h or 7d.',
      )
      .optional(),
  ),
  SEED_DEMO: optional.pipe(
    z
      .enum(['true', 'false', '1', '0'], { error: 'SEED_DEMO must be true or false.' })
      .transform((v) => v === 'true' || v === '1')
      .optional(),
  ),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .regex(
        /^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'TRUST_PROXY must be true, false or a comma-separated list of proxy addresses or CIDRs.',
      )
      .transform((v) => (v === 'true' ? true : v === 'false' ? false : v))
      .optional(),
  ),
  WEB_DIR: optional,
  REMOTES_JSON: optional,
  LOG_LEVEL: optional.pipe(
    z.enum(logLevels, { error: `LOG_LEVEL must be one of ${logLevels.join(', ')}.` }).optional(),
  ),
  // 8 KiB per lane is the floor of the Argon2 specification; production keeps the default.
  ARGON2_MEMORY_KIB: integer('ARGON2_MEMORY_KIB', 8, 4_194_304),
  ARGON2_TIME: integer('ARGON2_TIME', 1, 100),
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must be a Redis URL such as redis://host:6379.')
      .optional(),
  ),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an SMTP URL such as smtp://user:password@host:587.')
      .optional(),
  ),
  MAIL_FROM: optional,
  MAIL_RETRIES: integer('MAIL_RETRIES', 0, 50),
  MAIL_RETRY_DELAY_SECONDS: integer('MAIL_RETRY_DELAY_SECONDS', 1, 3600),
  PUBLIC_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+$/, 'PUBLIC_URL must be an origin such as https://especifica.example, without a path.')
      .optional(),
  ),
  RATE_LIMIT_SCALE: integer('RATE_LIMIT_SCALE', 1, 1000),
  EXPIRY_JOB_MINUTES: integer('EXPIRY_JOB_MINUTES', 0, 10_080),
  AUTO_REVIEW_JOB_MINUTES: integer('AUTO_REVIEW_JOB_MINUTES', 0, 1440),
  JOB_HEARTBEAT_SECONDS: integer('JOB_HEARTBEAT_SECONDS', 10, 600),
  IMPORT_MAX_MB: integer('IMPORT_MAX_MB', 1, 1024),
  REQUEST_TIMEOUT_SECONDS: integer('REQUEST_TIMEOUT_SECONDS', 1, 3600),
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{24,}$/, 'METRICS_TOKEN must hold at least 24 printable characters and no space.')
      .optional(),
  ),
  NFE_ENVIRONMENT: optional.pipe(
    z.enum(['producao', 'homologacao'], { error: 'NFE_ENVIRONMENT must be producao or homologacao.' }).optional(),
  ),
  NFE_TRUSTED_ROOTS: optional,
  CEP_LOOKUP_URL: optional.pipe(
    z
      .string()
      .regex(/^https?:\/\/.*\{cep\}/, 'CEP_LOOKUP_URL must be an http(s) URL with {cep} where the digits go.')
      .optional(),
  ),
});

const remotesSchema = z.record(z.string().min(1), z.string().min(1));

function parseRemotesJson(raw: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error(
      'REMOTES_JSON is not valid JSON: it must be an object such as {"mf_auth": "<url>/mf-manifest.json"}.',
    );
  }
  const parsed = remotesSchema.safeParse(value);
  if (!parsed.success || Array.isArray(value)) {
    throw new Error('REMOTES_JSON must be a JSON object that maps each remote name to its manifest URL.');
  }
  return parsed.data;
}

/** One secret per data folder, so tokens survive restarts without anybody having to choose one. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) throw new Error(`JWT_SECRET is unset and the saved secret in ${file} is too short.`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting on the same folder wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return persistedSecret(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}

/** Reads and checks the environment; throws an Error whose message names the variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const message = issue?.message ?? '';
    throw new Error(message.includes(name) ? message : `${name} has an invalid value: ${message}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  const databaseUrl = e.DATABASE_URL ?? null;

  if (!e.JWT_SECRET && databaseUrl && nodeEnv === 'production') {
    throw new Error(
      'JWT_SECRET is required in production with DATABASE_URL: every API replica must sign with the same secret.',
    );
  }

  let webDir: string | null = null;
  if (e.WEB_DIR) {
    webDir = path.resolve(e.WEB_DIR);
    if (!existsSync(webDir) || !statSync(webDir).isDirectory()) {
      throw new Error(`WEB_DIR points to ${webDir}, which is not a folder.`);
    }
  }

  let nfeTrustedRoots: string | null = null;
  if (e.NFE_TRUSTED_ROOTS) {
    nfeTrustedRoots = path.resolve(e.NFE_TRUSTED_ROOTS);
    if (!existsSync(nfeTrustedRoots) || !statSync(nfeTrustedRoots).isFile()) {
      throw new Error(`NFE_TRUSTED_ROOTS points to ${nfeTrustedRoots}, which is not a PEM file.`);
    }
  }

  return {
    port: e.PORT ?? 8080,
    host: e.HOST ?? '0.0.0.0',
    nodeEnv,
    databaseUrl,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    jwtTtlSeconds: parseDuration(e.JWT_TTL ?? '8h') ?? 8 * 3600,
    seedDemo: e.SEED_DEMO ?? false,
    trustProxy: e.TRUST_PROXY ?? false,
    webDir,
    remotesJson: e.REMOTES_JSON ? parseRemotesJson(e.REMOTES_JSON) : null,
    logLevel: e.LOG_LEVEL ?? 'info',
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB ?? 19456, time: e.ARGON2_TIME ?? 2 },
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? 'Especifica <nao-responda@especifica.dev>',
    // 10 retries from 30 s with backoff: about 8 hours before an e-mail is given up.
    mailRetries: e.MAIL_RETRIES ?? 10,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS ?? 30,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT ?? 8080}`,
    rateLimitScale: e.RATE_LIMIT_SCALE ?? 1,
    expiryJobMinutes: e.EXPIRY_JOB_MINUTES ?? 60,
    autoReviewJobMinutes: e.AUTO_REVIEW_JOB_MINUTES ?? 5,
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS ?? 30,
    importMaxMb: e.IMPORT_MAX_MB ?? 64,
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS ?? 60,
    metricsToken: e.METRICS_TOKEN ?? null,
    nfeEnvironment: e.NFE_ENVIRONMENT ?? 'producao',
    nfeTrustedRoots,
    cepLookupUrl: e.CEP_LOOKUP_URL ?? 'https://viacep.com.br/ws/{cep}/json/',
  };
}
