import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/app';
import type { Config } from '../../src/config';
import type { Database } from '../../src/db/client';
import { professionals } from '../../src/db/schema';
import { DEMO_PASSWORD, seedDemo } from '../../src/demo/seed';
import { hashPassword } from '../../src/security/passwords';
import { createTestDatabase, type TestDriver } from './database';

// The floor of argon2id: a login costs milliseconds instead of the production ~0.3 s.
export const cheapArgon2 = { memoryKib: 64, time: 1 };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    nodeEnv: 'test',
    databaseUrl: null,
    dataDir: mkdtempSync(path.join(tmpdir(), 'especifica-api-test-')),
    jwtSecret: randomBytes(48).toString('base64'),
    jwtTtlSeconds: 3600,
    seedDemo: false,
    trustProxy: false,
    webDir: null,
    remotesJson: null,
    logLevel: 'silent',
    argon2: cheapArgon2,
    redisUrl: null,
    smtpUrl: null,
    mailFrom: 'Especifica <nao-responda@especifica.dev>',
    mailRetries: 2,
    mailRetryDelaySeconds: 1,
    publicUrl: 'http://localhost:8080',
    rateLimitScale: 1,
    cepLookupUrl: 'http://127.0.0.1:9/{cep}',
    expiryJobMinutes: 0,
    autoReviewJobMinutes: 0,
    jobHeartbeatSeconds: 30,
    importMaxMb: 64,
    requestTimeoutSeconds: 60,
    metricsToken: null,
    nfeEnvironment: 'producao',
    nfeTrustedRoots: null,
    ...overrides,
  };
}

export interface TestApp {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** The app on a database of its own, seeded with the demo programme unless told otherwise. */
export async function startTestApp(
  driver: TestDriver,
  options: {
    config?: Partial<Config>;
    seed?: boolean;
    now?: () => Date;
    database?: Database;
    jobs?: { pollSeconds?: number; cronSeconds?: number };
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(driver));
  const config = testConfig(options.config);
  if (options.seed !== false) await seedDemo(database.db, config.argon2, config.jwtSecret);
  let app: App;
  try {
    app = await buildApp({ config, database, now: options.now, jobs: options.jobs });
    await app.ready();
  } catch (error) {
    if (!options.database) await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export const loginRoutes = {
  professional: '/api/auth/login',
  shopkeeper: '/api/auth/shopkeeper-login',
  admin: '/api/auth/admin-login',
} as const;

/** Signs in through the API and returns the access token (the test fails on anything but 200). */
export async function tokenFor(app: App, role: keyof typeof loginRoutes, email: string, password?: string) {
  const response = await app.inject({
    method: 'POST',
    url: loginRoutes[role],
    payload: { email, password: password ?? DEMO_PASSWORD },
  });
  if (response.statusCode !== 200)
    throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
  const { accessToken } = response.json() as { accessToken?: string };
  if (!accessToken) throw new Error(`login of ${email} opened no session: ${response.body}`);
  return accessToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let counter = 0;

/** A professional of one's own, active, so a test may change it without touching the demo accounts. */
export async function createProfessional(database: Database, password = DEMO_PASSWORD) {
  counter += 1;
  const email = `teste${counter}.${randomBytes(3).toString('hex')}@especifica.dev`;
  const [row] = await database.db
    .insert(professionals)
    .values({
      name: `Profissional de Teste ${counter}`,
      email,
      passwordHash: await hashPassword(password, cheapArgon2),
      status: 'active',
      emailConfirmedAt: new Date(),
      // The seeded regulation's version: without it, login would ask for the terms first.
      acceptedTermsVersion: 2,
    })
    .returning();
  if (!row) throw new Error('professional not created');
  return { ...row, password };
}
