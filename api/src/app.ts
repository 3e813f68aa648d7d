import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { createReadCaches, type ReadCaches } from './cache';
import type { Config } from './config';
import type { Database } from './db/client';
import { nfeSettingsOf } from './demo/nfe-signing';
import { configureNfe } from './files/nfe';
import { createMetrics } from './http/metrics';
import { containsNul, nulRefused } from './http/nul';
import { registerOpenApi } from './http/openapi';
import { helmetHeaders } from './http/security-headers';
import { type App, serializerCompiler, validatorCompiler, type ZodTypeProvider } from './http/zod';
import { createJobQueue, createMailQueue, cronEvery, type JobQueue, requestContext } from './jobs';
import type { Deps } from './kernel/deps';
import { errorHandler, notFoundBody } from './kernel/errors';
import { registerMultipart } from './kernel/uploads';
import { createMailer, type MailQueue } from './mail/mailer';
import { type RouteRecord, registerAuth } from './modules/auth';
import { defineGrantNotices } from './modules/extra-points';
import { runAutomaticReview } from './modules/invoices';
import { runExpiryJob } from './modules/ledger';
import { defineRankingsRefresh } from './modules/rankings';
import { createTasks } from './modules/tasks';
import { apiRoutes } from './routes';
import { hashPassword } from './security/passwords';
import { registerRateLimits } from './security/rate-limits';
import { createPurposeTokens, createTokens } from './security/tokens';
import { localStorage } from './storage';
import { shellInlineScripts, webRoutes } from './web';

export type { App } from './http/zod';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the guard that it declared, in registration order (HEAD twins included). */
    routeGuards: readonly RouteRecord[];
    /** Tests wait on `mailer.idle()` before reading the outbox. */
    mailer: MailQueue;
    /** The job queue on the database, started with the app and stopped when it closes. */
    jobs: JobQueue;
    /** The session and standing caches; `caches.changes.sync()` waits for changes made by other connections. */
    caches: ReadCaches;
  }
}

export interface AppOptions {
  config: Config;
  /** Opened and migrated by the caller, which also closes it after the app. */
  database: Database;
  /** The clock of the points cycle and of codes and links; tests move it. */
  now?: () => Date;
  /** How often the job queue polls and claims schedules, in seconds (tests shorten them). */
  jobs?: { pollSeconds?: number; cronSeconds?: number };
}

async function connectRedis(url: string): Promise<Redis> {
  // Loaded only where Redis is configured: some 7 MB of memory that a single process without it does not need.
  const { Redis: Client } = await import('ioredis');
  // A first connection that never retries, so a wrong REDIS_URL stops the boot at once with a clear sentence.
  const probe = new Client(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
  } catch (error) {
    throw new Error(`REDIS_URL is set but Redis does not answer there: ${(error as Error).message}`);
  } finally {
    probe.disconnect();
  }
  // No offline queue: while Redis is away a limit check fails at once (and is skipped) instead of hanging a login.
  const redis = new Client(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

/** Origins other than ours that the remotes table loads from: the page must be allowed to fetch and run them. */
function remoteOrigins(table: Record<string, string> | null): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(table ?? {})) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A relative URL is served by us: 'self' covers it.
    }
  }
  return [...origins];
}

export async function buildApp({ config, database, now, jobs: jobTimes }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Slow clients: a request must be whole within REQUEST_TIMEOUT_SECONDS and its headers within a few seconds
    // (Node checks every second), or its connection is closed; a trickle cannot hold sockets and memory.
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: Math.min(10, config.requestTimeoutSeconds) * 1000,
      connectionsCheckingInterval: 1000,
    },
  }).withTypeProvider<ZodTypeProvider>();
  // Which NF-e this deployment takes and whose signatures it trusts (docs/invoice-trust.md).
  configureNfe(nfeSettingsOf(config));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_request, reply) => reply.code(404).send(notFoundBody));

  // Outside production a developer may point one remote at a dev server on this machine (the shell's override).
  const devServers = config.nodeEnv === 'production' ? [] : ['http://localhost:*', 'http://127.0.0.1:*'];
  const remotes = [...remoteOrigins(config.remotesJson), ...devServers];
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The shell's page carries one inline script (its boot: shell/src/boot.ts), allowed by its hash alone.
        // 'wasm-unsafe-eval': the QR code reader of /invoices compiles its WebAssembly (served from here), and nothing
        // else: it allows no eval() of JavaScript.
        scriptSrc: [
          "'self'",
          ...remotes,
          ...(config.webDir ? shellInlineScripts(config.webDir) : []),
          "'wasm-unsafe-eval'",
        ],
        // Emotion (Chakra) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...remotes],
        objectSrc: ["'none'"],
        // The review queue shows an invoice's PDF in a frame, from a blob: URL of its authenticated download.
        frameSrc: ["'self'", 'blob:'],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  // A script, stylesheet, font, image or JSON file is never a document, so the headers that only a document reads
  // (the CSP, framing, referrer, COOP and the rest, about 600 bytes) would travel with each of a page's ~30 files for
  // nothing. These keep what a subresource uses; the nginx image sends the same files without any of them.
  const subresourceHeaders = Object.fromEntries(
    ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'].flatMap((name) =>
      securityHeaders[name] ? [[name, securityHeaders[name]]] : [],
    ),
  );
  // An API answer (JSON, a download, a picture) is never a page either. It keeps a subresource's headers, and a CSP
  // that lets nothing run or frame it should a browser open it (OWASP's REST Security Cheat Sheet) in place of the
  // page's 255-byte policy: a signed-in screen makes dozens of these calls. It carries personal data (profiles, points,
  // invoices, exports), so no browser or proxy may keep it. The API reference at /api/docs is a page, with its headers.
  const apiHeaders = {
    ...subresourceHeaders,
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
  const documentApiHeaders = { ...securityHeaders, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (url.startsWith('/api/')) reply.headers(url.startsWith('/api/docs') ? documentApiHeaders : apiHeaders);
    else reply.headers(isSubresource(url) ? subresourceHeaders : securityHeaders);
    done();
  });

  // The rest of the request runs in its context: a job it sends carries its id into the job's log (jobs/queue.ts).
  app.addHook('onRequest', (request, _reply, done) => requestContext.run({ requestId: request.id }, done));

  app.addHook('preValidation', (request, _reply, done) => {
    done(
      containsNul(request.body) || containsNul(request.query) || containsNul(request.params) ? nulRefused() : undefined,
    );
  });

  const tokens = createTokens(config.jwtSecret, config.jwtTtlSeconds);
  const caches = await createReadCaches(database, (error) => app.log.warn({ err: error }, 'changes feed'));
  app.addHook('onClose', () => caches.changes.close());
  app.decorate('caches', caches);
  const { routes } = registerAuth(app, { db: database.db, tokens, caches });
  app.decorate('routeGuards', routes);

  await registerMultipart(app);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  if (redis) redis.on('error', (error) => app.log.warn({ err: error }, 'redis'));
  const limiter = await registerRateLimits(app, { redis, scale: config.rateLimitScale });
  const metrics = createMetrics(database);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
  const jobs = createJobQueue(database, app.log, { heartbeatSeconds: config.jobHeartbeatSeconds, ...jobTimes });
  const transport = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  const mailer = createMailQueue(
    database.db,
    jobs,
    transport,
    { retries: config.mailRetries, delaySeconds: config.mailRetryDelaySeconds },
    metrics.mail,
  );
  app.decorate('mailer', mailer);
  app.decorate('jobs', jobs);
  // Once per cluster, on the schedule's clock: whichever replica claims an occurrence runs it.
  jobs.define({
    name: 'points.expire',
    cron: cronEvery(config.expiryJobMinutes),
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 3600 },
    async handler(_data, { log }) {
      const run = await runExpiryJob(database.db, new Date(), { mailer, publicUrl: config.publicUrl });
      if (run.expired > 0 || run.warned > 0) log.info({ expiry: run }, 'points expiry');
    },
  });
  // Every few minutes, once per cluster: decides the pending invoices whose hold has passed (docs/invoice-trust.md).
  jobs.define({
    name: 'invoices.auto-review',
    cron: cronEvery(config.autoReviewJobMinutes),
    options: { retryLimit: 2, retryDelay: 60, expireInSeconds: 1800 },
    async handler(_data, { log }) {
      const run = await runAutomaticReview(database.db, now ? now() : new Date());
      if (run.decided > 0) log.info({ automaticReview: run }, 'automatic review');
    },
  });
  // The bell notices of a grant call, written once it commits (extra-points service).
  defineGrantNotices(jobs, database.db);
  defineRankingsRefresh(jobs, database.db);
  app.addHook('onClose', async () => {
    await jobs.stop();
    transport.close();
    redis?.disconnect();
  });

  const storage = localStorage(path.join(config.dataDir, 'uploads'));
  const clock = now ?? (() => new Date());
  const importMaxBytes = config.importMaxMb * 1024 * 1024;
  const tasks = createTasks({
    db: database.db,
    jobs,
    storage,
    limiter,
    now: clock,
    importMaxBytes,
  });

  const deps: Deps = {
    db: database.db,
    database,
    tokens,
    steps: createPurposeTokens(config.jwtSecret),
    argon2: config.argon2,
    dummyHash: await hashPassword(randomBytes(32).toString('base64'), config.argon2),
    mailer,
    jobs,
    tasks,
    storage,
    limiter,
    config,
    now: clock,
    caches,
    publicUrl: config.publicUrl,
    longReads: database,
    importMaxBytes,
    metrics,
  };
  // Before the routes, so that the document sees every one of them.
  await registerOpenApi(app, { production: config.nodeEnv === 'production' });
  await app.register((api) => apiRoutes(api, deps), { prefix: '/api' });

  if (config.webDir) {
    await app.register(webRoutes, { webDir: config.webDir, remotesJson: config.remotesJson });
  }
  await jobs.start();
  return app;
}

/** A static file that a browser never shows as a page (an SVG or a PDF may be opened as one, and keeps every header). */
const SUBRESOURCE = /\.(?:js|mjs|css|woff2?|png|jpe?g|webp|avif|gif|ico|json|map)$/;
function isSubresource(url: string): boolean {
  return SUBRESOURCE.test(url.split('?', 1)[0] ?? '');
}
