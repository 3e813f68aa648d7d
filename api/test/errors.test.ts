import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import type { App } from '../src/http/zod';
import { testConfig } from './support/app';
import { createTestDatabase, testDrivers } from './support/database';

const internal = { msg: 'Ocorreu um erro interno. Tente novamente mais tarde.', code: 'internal' };
const notFound = { msg: 'Recurso não encontrado.', code: 'not-found' };

describe.each(testDrivers)('error answers on %s', (driver) => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildApp({ config: testConfig(), database });
    // Routes that fail the way a bug would, to see what leaks.
    app.get('/api/test/throws', { config: { guard: 'public' } }, async () => {
      throw new Error('connection to 10.0.0.7 refused; password=hunter2');
    });
    app.get('/api/test/rejects-db', { config: { guard: 'public' } }, async () => {
      await database.db.execute('select * from tabela_que_nao_existe' as never);
      return {};
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers an unknown API route with 404 not-found, even to a browser', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await app.inject({ method: 'GET', url: '/api/nada-aqui', headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/login' })).json()).toEqual(notFound);
  });

  it('answers any path with 404 JSON when no WEB_DIR is served', async () => {
    const response = await app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });

  it.each([
    [
      'a body over 1 MiB with 413',
      'application/json',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
      413,
      { msg: 'O corpo da requisição é grande demais.', code: 'payload-too-large' },
    ],
    [
      'a content type that it does not read with 415',
      'application/xml',
      '<email>ana</email>',
      415,
      { code: 'unsupported-media-type' },
    ],
    [
      'a body that is not an object with 400 validation',
      'text/plain',
      'email=ana',
      400,
      { msg: 'Os dados enviados são inválidos.', code: 'validation' },
    ],
  ])('answers %s', async (_what, contentType, payload, status, answer) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject(answer);
  });

  it('answers a bug with 500 internal, without its details, and keeps serving', async () => {
    for (const url of ['/api/test/throws', '/api/test/rejects-db']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual(internal);
      expect(response.body).not.toMatch(/hunter2|10\.0\.0\.7|tabela_que_nao_existe/);
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.each([
    ['an answer', '/api/health', 200],
    ['a refusal', '/api/professionals/get-dashboard-data', 401],
    ['an unknown path', '/api/nao-existe', 404],
  ])("sends an API answer's security headers with %s", async (_case, url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
