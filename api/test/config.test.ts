import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, parseDuration } from '../src/config';

const made: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'especifica-config-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to the embedded database on 0.0.0.0:8080 with an 8 h token', () => {
    const config = loadConfig({ DATA_DIR: freshDir() });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      jwtTtlSeconds: 8 * 3600,
      seedDemo: false,
      webDir: null,
      remotesJson: null,
      logLevel: 'info',
      argon2: { memoryKib: 19456, time: 2 },
    });
  });

  it('generates a JWT secret once into DATA_DIR, readable by the owner only, and reuses it', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(48);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('reads every variable it knows', () => {
    const webDir = freshDir();
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/especifica',
      JWT_SECRET: 'x'.repeat(40),
      JWT_TTL: '45m',
      SEED_DEMO: 'true',
      WEB_DIR: webDir,
      REMOTES_JSON: '{"mf_auth":"/remotes/mf_auth/0.1.0/mf-manifest.json"}',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '64',
      ARGON2_TIME: '1',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/especifica',
      jwtTtlSeconds: 2700,
      seedDemo: true,
      webDir,
      remotesJson: { mf_auth: '/remotes/mf_auth/0.1.0/mf-manifest.json' },
      logLevel: 'warn',
      argon2: { memoryKib: 64, time: 1 },
      redisUrl: 'redis://127.0.0.1:6379',
      trustProxy: true,
    });
  });

  it.each([
    ['PORT', { PORT: 'oitenta' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db/especifica' }],
    ['JWT_SECRET', { JWT_SECRET: 'curto' }],
    ['JWT_SECRET', { DATABASE_URL: 'postgres://db/especifica', NODE_ENV: 'production' }],
    ['JWT_TTL', { JWT_TTL: 'para sempre' }],
    ['SEED_DEMO', { SEED_DEMO: 'talvez' }],
    ['WEB_DIR', { WEB_DIR: '/não/existe/especifica' }],
    ['REMOTES_JSON', { REMOTES_JSON: '{not json' }],
    ['REMOTES_JSON', { REMOTES_JSON: '["mf_auth"]' }],
    ['REMOTES_JSON', { REMOTES_JSON: '{"mf_auth": 1}' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'alto' }],
    ['ARGON2_MEMORY_KIB', { ARGON2_MEMORY_KIB: '1' }],
    ['ARGON2_TIME', { ARGON2_TIME: '0' }],
    ['REDIS_URL', { REDIS_URL: 'localhost:6379' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'sim' }],
  ])('stops with a sentence naming %s when its value is bad', (name, env) => {
    const load = () => loadConfig({ DATA_DIR: freshDir(), ...env });
    expect(load).toThrow(new RegExp(`^${name}\\b.*\\.$`));
  });
});

describe('parseDuration', () => {
  it.each([
    ['3600', 3600],
    ['90s', 90],
    ['45m', 2700],
    ['8h', 28800],
    ['7d', 604800],
    ['0', null],
    ['8 horas', null],
    ['-1h', null],
  ])('reads %s as %s seconds', (input, seconds) => {
    expect(parseDuration(input)).toBe(seconds);
  });
});

describe('loadConfig: e-mail, links, CEP and rate limits', () => {
  it('defaults to the outbox, links to localhost on the port, ViaCEP and the production limits', () => {
    const config = loadConfig({ DATA_DIR: freshDir(), PORT: '3000' });
    expect(config).toMatchObject({
      smtpUrl: null,
      mailRetries: 10,
      mailRetryDelaySeconds: 30,
      publicUrl: 'http://localhost:3000',
      rateLimitScale: 1,
      cepLookupUrl: 'https://viacep.com.br/ws/{cep}/json/',
      expiryJobMinutes: 60,
      autoReviewJobMinutes: 5,
      jobHeartbeatSeconds: 30,
      importMaxMb: 64,
      requestTimeoutSeconds: 60,
    });
  });

  it('reads SMTP_URL, MAIL_FROM, MAIL_RETRIES, MAIL_RETRY_DELAY_SECONDS, PUBLIC_URL, CEP_LOOKUP_URL, RATE_LIMIT_SCALE, EXPIRY_JOB_MINUTES, AUTO_REVIEW_JOB_MINUTES, JOB_HEARTBEAT_SECONDS, IMPORT_MAX_MB and REQUEST_TIMEOUT_SECONDS', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      SMTP_URL: 'smtp://u:p@mail:587',
      MAIL_FROM: 'Programa <x@y.dev>',
      MAIL_RETRIES: '3',
      MAIL_RETRY_DELAY_SECONDS: '5',
      PUBLIC_URL: 'https://especifica.example',
      CEP_LOOKUP_URL: 'http://cep.local/{cep}.json',
      RATE_LIMIT_SCALE: '10',
      EXPIRY_JOB_MINUTES: '0',
      AUTO_REVIEW_JOB_MINUTES: '0',
      JOB_HEARTBEAT_SECONDS: '10',
      IMPORT_MAX_MB: '8',
      REQUEST_TIMEOUT_SECONDS: '20',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://u:p@mail:587',
      mailFrom: 'Programa <x@y.dev>',
      mailRetries: 3,
      mailRetryDelaySeconds: 5,
      publicUrl: 'https://especifica.example',
      cepLookupUrl: 'http://cep.local/{cep}.json',
      rateLimitScale: 10,
      expiryJobMinutes: 0,
      autoReviewJobMinutes: 0,
      jobHeartbeatSeconds: 10,
      importMaxMb: 8,
      requestTimeoutSeconds: 20,
    });
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: 'mail.example:25' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://especifica.example/app' }],
    ['CEP_LOOKUP_URL', { CEP_LOOKUP_URL: 'https://viacep.com.br/ws/json' }],
    ['RATE_LIMIT_SCALE', { RATE_LIMIT_SCALE: '0' }],
    ['EXPIRY_JOB_MINUTES', { EXPIRY_JOB_MINUTES: 'uma hora' }],
    ['AUTO_REVIEW_JOB_MINUTES', { AUTO_REVIEW_JOB_MINUTES: '1441' }],
    ['JOB_HEARTBEAT_SECONDS', { JOB_HEARTBEAT_SECONDS: '5' }],
    ['IMPORT_MAX_MB', { IMPORT_MAX_MB: '0' }],
    ['REQUEST_TIMEOUT_SECONDS', { REQUEST_TIMEOUT_SECONDS: '1m' }],
  ])('stops with a sentence naming %s', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(name);
  });
});
