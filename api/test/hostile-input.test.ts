import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { testDrivers } from './support/database';
import { type Caller, PDF, type ProgrammeTest, startProgramme } from './support/programme';

// What an attacker can send: a NUL character in any text (PostgreSQL cannot store it), points with more decimals
// than the ledger keeps, and requests that trickle in. Each is a 400 or a closed connection, never a 500.

const callerOf: Record<string, Caller> = { admin: 'admin', professional: 'professional', shopkeeper: 'shopkeeper' };
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDrivers)('hostile input on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  it('answers 400 with a msg to a NUL in the body or the query of every API route', async () => {
    const routes = t.app.routeGuards.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    expect(routes.length).toBeGreaterThan(80);
    const answers: string[] = [];
    for (const route of routes) {
      const caller = route.guard === 'public' ? null : (callerOf[(route.guard as string[])[0] as string] ?? null);
      const url = route.url.replace(/:[a-zA-Z]+/g, SOME_ID);
      const response =
        route.method === 'GET'
          ? await t.call(caller, 'GET', `${url}?search=piso%00`)
          : await t.call(caller, route.method as 'POST', url, { name: 'Nome\u0000', search: 'a\u0000', id: SOME_ID });
      const body = response.json() as { msg?: string; code?: string };
      if (response.statusCode !== 400 || body.code !== 'invalid-character' || !body.msg) {
        answers.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    }
    expect(answers).toEqual([]);
  }, 120_000);

  it('answers 400 to a NUL in a form field of an upload', async () => {
    const response = await t.upload('professional', '/api/professionals/invoices/create', {
      fields: { number: '12\u00003', series: '1', storeId: t.ids.store },
      file: { name: 'nota.pdf', data: PDF, contentType: 'application/pdf' },
    });
    expect([response.statusCode, response.json().code]).toEqual([400, 'invalid-character']);
  });

  it.each([10.001, 10.000000001, 0.005])('refuses %s points (more than two decimals) with 400', async (points) => {
    const response = await t.call('admin', 'POST', '/api/cms/points-extra/create', {
      name: `Campanha decimal ${points}`,
      points,
      audience: 'professional',
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toEqual(expect.any(String));
  });

  it('takes points with two decimals', async () => {
    const response = await t.call('admin', 'POST', '/api/cms/points-extra/create', {
      name: 'Campanha de dois decimais',
      points: 0.29,
      audience: 'professional',
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('slow clients', () => {
  let t: ProgrammeTest;
  let port: number;
  beforeAll(async () => {
    t = await startProgramme('pglite', { requestTimeoutSeconds: 2 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  }, 60_000);
  afterAll(() => t?.close());

  /** Sends `first`, then one byte of `rest` every 300 ms; resolves with what came back and when the socket closed. */
  function trickle(first: string, rest: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(first));
      let answer = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++] as string);
      }, 300);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
    });
  }

  it('closes a connection whose headers trickle in', async () => {
    const { answer, closedAfterMs } = await trickle('GET /api/health HTTP/1.1\r\n', 'X-Lento: a'.repeat(20));
    expect(closedAfterMs).toBeLessThan(6_000);
    expect(answer).not.toMatch(/ 200 /);
  }, 20_000);

  it('closes a connection whose body trickles in', async () => {
    const body = JSON.stringify({ email: 'lento@especifica.dev', password: 'x'.repeat(40) });
    const { answer, closedAfterMs } = await trickle(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(closedAfterMs).toBeLessThan(6_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);
});
