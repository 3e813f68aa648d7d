import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { type Database, fromPgPool } from '../src/db/client';
import { bearer, startTestApp, type TestApp, tokenFor } from './support/app';
import { testDrivers } from './support/database';
import { openEvents } from './support/events';
import { type ProgrammeTest, startProgramme, submitInvoice } from './support/programme';

const lines = [{ sku: 'NAO-EXISTE', description: 'Fora do catálogo', quantity: 1, total: 100 }];

describe.each(testDrivers)('live updates on %s', (driver) => {
  let t: ProgrammeTest;
  let base: string;
  let tokens: { ana: string; eduardo: string; admin: string };
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    tokens = {
      ana: await tokenFor(t.app, 'professional', 'ana@especifica.dev'),
      eduardo: await tokenFor(t.app, 'professional', 'eduardo@especifica.dev'),
      admin: await tokenFor(t.app, 'admin', 'admin@especifica.dev'),
    };
  }, 60_000);
  afterAll(() => t?.close(), 30_000);

  const pendingInvoiceOfAna = async () => {
    const response = await submitInvoice(t, 'professional', { storeId: t.ids.store, lines });
    expect(response.statusCode).toBe(200);
    return (response.json() as { item: { id: string } }).item.id;
  };
  const approve = (id: string) =>
    t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', { id, status: 'approved' });

  it('answers 406 to a client that does not ask for an event stream', async () => {
    const plain = await t.call('professional', 'GET', '/api/events');
    expect(plain.statusCode).toBe(406);
    expect(plain.json()).toMatchObject({ code: 'not-acceptable' });
  });

  it('answers 401 without a session, and streams as text/event-stream without buffering with one', async () => {
    const anonymous = await openEvents(base, null);
    expect(anonymous.response.status).toBe(401);
    const ana = await openEvents(base, tokens.ana);
    try {
      expect(ana.response.status).toBe(200);
      expect(ana.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(ana.response.headers.get('x-accel-buffering')).toBe('no');
      expect(ana.response.headers.get('cache-control')).toBe('no-store');
      await ana.next((event) => event.event === 'ready');
    } finally {
      ana.close();
    }
  });

  it('sends an approval to its owner only, and the admins an invoice that arrives', async () => {
    const ana = await openEvents(base, tokens.ana);
    const eduardo = await openEvents(base, tokens.eduardo);
    const admin = await openEvents(base, tokens.admin);
    try {
      await Promise.all([ana, eduardo, admin].map((stream) => stream.next((event) => event.event === 'ready')));
      const id = await pendingInvoiceOfAna();
      const arrived = await admin.next((event) => event.event === 'notification');
      expect(arrived.data).toMatchObject({ type: 'invoice-submitted', data: { invoiceId: id } });
      expect((await approve(id)).statusCode).toBe(200);
      const approved = await ana.next((event) => event.event === 'notification');
      expect(approved.data).toMatchObject({ type: 'invoice-approved', data: { invoiceId: id } });
      expect(Number(approved.id)).toBeGreaterThan(0);
      // Eduardo's stream saw neither; the admin's saw no approval of Ana's.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(eduardo.events.map((event) => event.event)).toEqual(['ready']);
      expect(admin.events.filter((event) => event.event === 'notification')).toHaveLength(1);
    } finally {
      for (const stream of [ana, eduardo, admin]) stream.close();
    }
  });

  it('replays what was missed after Last-Event-ID, in order, then goes on streaming', async () => {
    const first = await openEvents(base, tokens.ana);
    const ready = await first.next((event) => event.event === 'ready');
    first.close();
    const missed = [];
    for (let i = 0; i < 2; i += 1) {
      const id = await pendingInvoiceOfAna();
      expect((await approve(id)).statusCode).toBe(200);
      missed.push(id);
    }
    const again = await openEvents(base, tokens.ana, { 'last-event-id': String(ready.id) });
    try {
      await again.next((event) => event.event === 'notification' && event.data.type === 'invoice-approved', 10_000);
      await again.next(() => again.events.filter((event) => event.data.type === 'invoice-approved').length >= 2);
      const replayed = again.events.filter((event) => event.data.type === 'invoice-approved');
      expect(replayed.map((event) => (event.data.data as { invoiceId: string }).invoiceId)).toEqual(missed);
      expect(Number(replayed[1]?.id)).toBeGreaterThan(Number(replayed[0]?.id));
      // And what comes next.
      const later = await pendingInvoiceOfAna();
      await approve(later);
      await again.next((event) => (event.data.data as { invoiceId?: string } | undefined)?.invoiceId === later);
    } finally {
      again.close();
    }
  });

  it('delivers a notification written by another app instance on the same database', async () => {
    const shared: Database =
      driver === 'postgres'
        ? fromPgPool(new pg.Pool({ ...(t.database.native as { pool: pg.Pool }).pool.options, max: 2 }))
        : t.database;
    let other: TestApp | undefined;
    const ana = await openEvents(base, tokens.ana);
    try {
      other = await startTestApp(driver, { database: shared, seed: false });
      await ana.next((event) => event.event === 'ready');
      const id = await pendingInvoiceOfAna();
      const adminThere = await tokenFor(other.app, 'admin', 'admin@especifica.dev');
      const answer = await other.app.inject({
        method: 'POST',
        url: '/api/cms/professionals/invoices/change-status',
        headers: bearer(adminThere),
        payload: { id, status: 'approved' },
      });
      expect(answer.statusCode).toBe(200);
      const approved = await ana.next((event) => (event.data.data as { invoiceId?: string })?.invoiceId === id);
      expect(approved.data.type).toBe('invoice-approved');
    } finally {
      ana.close();
      await other?.close();
      if (shared !== t.database) await shared.close();
    }
  }, 60_000);
});
