import { and, count, eq, gt } from 'drizzle-orm';
import { invoices, storeUsers } from '../../src/db/schema';
import { testDrivers } from '../support/database';
import { nfeXml } from '../support/nfe';
import { cpfFrom, type ProgrammeTest, saoPauloToday, startProgramme } from '../support/programme';

// Risk flags (domain.md, "Invoice trust"): computed when an invoice arrives and kept with it; the admin queue filters
// by one (flag=) and sorts by how many an invoice has (sort=-risk), its default order unchanged; and it lists the
// pending invoices past the review deadline (pastDeadline=true), each pending one with its deadline (reviewDeadline), and
// opens on the pending ones, the oldest sent first (sort=queue).

let nextNumber = 93_000;

describe.each(testDrivers)('invoice risk flags on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const typed = (professionalId: string, extra: Record<string, string> = {}) =>
    t.upload('admin', '/api/cms/professionals/invoices/create', {
      fields: {
        storeId: t.ids.store,
        professionalId,
        number: String(++nextNumber),
        series: '6',
        issuedOn: saoPauloToday(),
        lines: JSON.stringify([{ sku: 'PISO-01', quantity: 1, total: 10 }]),
        ...extra,
      },
    });
  const flagsOf = async (id: string) =>
    (await t.database.db.select({ flags: invoices.riskFlags }).from(invoices).where(eq(invoices.id, id)))[0]?.flags;

  it("flags an invoice when another account sends it again, which saves nothing; the queue's flag= finds it", async () => {
    const xml = nfeXml({ number: ++nextNumber, series: 6, issuedAt: `${saoPauloToday()}T08:00:00-03:00` });
    const first = await t.upload('professional', '/api/professionals/invoices/create', {
      file: { name: 'nota.xml', data: xml, contentType: 'text/xml' },
    });
    expect(first.statusCode).toBe(200);
    const { id } = first.json().item;
    expect(first.json().item.riskFlags).not.toContain('duplicate-attempt');

    const again = await t.upload('other', '/api/professionals/invoices/create', {
      file: { name: 'nota.xml', data: xml, contentType: 'text/xml' },
    });
    expect(again.statusCode).toBe(409);
    expect(await flagsOf(id)).toContain('duplicate-attempt');
    // A second try by the same account adds nothing twice.
    await t.upload('other', '/api/professionals/invoices/create', {
      file: { name: 'nota.xml', data: xml, contentType: 'text/xml' },
    });
    expect((await flagsOf(id))?.filter((flag) => flag === 'duplicate-attempt')).toHaveLength(1);

    const flagged = await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?flag=duplicate-attempt');
    expect(flagged.statusCode).toBe(200);
    expect(flagged.json().items.map((item: { id: string }) => item.id)).toContain(id);
    for (const item of flagged.json().items) expect(item.riskFlags).toContain('duplicate-attempt');
  }, 30_000);

  it('flags a sale to a shopkeeper of the emitting store (self-dealing)', async () => {
    const [sergio] = await t.database.db
      .select({ storeId: storeUsers.storeId, cpf: storeUsers.cpf })
      .from(storeUsers)
      .where(eq(storeUsers.id, t.ids.sergio));
    if (!sergio) throw new Error('no demo shopkeeper');
    const cpf = sergio.cpf ?? cpfFrom('271828182');
    if (!sergio.cpf) await t.database.db.update(storeUsers).set({ cpf }).where(eq(storeUsers.id, t.ids.sergio));
    const shopkeeper = { cpf, storeId: sergio.storeId };
    const sale = await typed(t.ids.ana, { customerCpf: shopkeeper.cpf, storeId: shopkeeper.storeId });
    expect(sale.statusCode).toBe(200);
    expect(sale.json().item.riskFlags).toContain('self-dealing');
    const plain = await typed(t.ids.ana, { storeId: shopkeeper.storeId });
    expect(plain.json().item.riskFlags).not.toContain('self-dealing');
  });

  it('flags the invoices of a professional past 10 in 24 hours', async () => {
    const otherId = t.ids.eduardo;
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const lastDay = async () =>
      (
        await t.database.db
          .select({ total: count() })
          .from(invoices)
          .where(and(eq(invoices.professionalId, otherId), gt(invoices.createdAt, since)))
      )[0]?.total ?? 0;
    while ((await lastDay()) < 10) {
      const under = await typed(otherId);
      expect(under.json().item.riskFlags).not.toContain('many-in-24h');
    }
    const past = await typed(otherId);
    expect(past.json().item.riskFlags).toContain('many-in-24h');
  }, 30_000);

  it('sorts the queue by risk on request, and keeps its default order otherwise', async () => {
    const url = '/api/cms/professionals/invoices/get-all?limit=50';
    const byRisk = (await t.call('admin', 'GET', `${url}&sort=-risk`)).json().items as { riskFlags: string[] }[];
    const counts = byRisk.map((item) => item.riskFlags.length);
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const plain = (await t.call('admin', 'GET', url)).json().items as { id: string }[];
    const newest = (await t.call('admin', 'GET', `${url}&sort=-createdAt`)).json().items as { id: string }[];
    expect(plain.map((item) => item.id)).toEqual(newest.map((item) => item.id));
  });

  it('lists the pending invoices past the review deadline (a setting, 5 days by default) with pastDeadline=true', async () => {
    const sent = await typed(t.ids.ana);
    const { id } = sent.json().item;
    const pastDeadline = async (days: number) => {
      t.clock.now = new Date(Date.now() + days * 24 * 3600 * 1000);
      const url = '/api/cms/professionals/invoices/get-all?pastDeadline=true&limit=100&sort=-createdAt';
      const items = (await t.call('admin', 'GET', url)).json().items as { id: string; status: string }[];
      for (const item of items) expect(item.status).toBe('pending');
      return items.map((item) => item.id);
    };
    try {
      expect(await pastDeadline(4)).not.toContain(id);
      expect(await pastDeadline(6)).toContain(id);
      const settings = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
      await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...settings, reviewDeadlineDays: 10 });
      expect(await pastDeadline(6)).not.toContain(id);
      await t.call('admin', 'POST', '/api/cms/config/update-settings', settings);
    } finally {
      t.clock.now = null;
    }
  }, 30_000);

  it('answers each pending invoice with its review deadline, the days of the setting after it was sent', async () => {
    const { id, createdAt, reviewDeadline } = (await typed(t.ids.ana)).json().item;
    expect(Date.parse(reviewDeadline) - Date.parse(createdAt)).toBe(5 * 24 * 3600 * 1000);
    const settings = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
    await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...settings, reviewDeadlineDays: 2 });
    try {
      const listed = (await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?status=pending&limit=100'))
        .json()
        .items.find((item: { id: string }) => item.id === id);
      expect(Date.parse(listed.reviewDeadline) - Date.parse(createdAt)).toBe(2 * 24 * 3600 * 1000);
      const own = (await t.call('professional', 'GET', '/api/professionals/invoices/get-all?status=pending&limit=100'))
        .json()
        .items.find((item: { id: string }) => item.id === id);
      expect(own.reviewDeadline).toBe(listed.reviewDeadline);
    } finally {
      await t.call('admin', 'POST', '/api/cms/config/update-settings', settings);
    }
    const approved = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
      id,
      status: 'approved',
    });
    expect(approved.json().item.reviewDeadline).toBeNull();
  });

  it('opens the queue on the pending invoices, the oldest sent first, then the others, the newest sent first', async () => {
    await typed(t.ids.ana);
    const items = (await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?sort=queue&limit=100')).json()
      .items as { status: string; createdAt: string }[];
    const pending = items.filter((item) => item.status === 'pending');
    const others = items.filter((item) => item.status !== 'pending');
    expect(pending.length).toBeGreaterThan(1);
    expect(others.length).toBeGreaterThan(0);
    expect(items.slice(0, pending.length)).toEqual(pending);
    const sent = (list: { createdAt: string }[]) => list.map((item) => Date.parse(item.createdAt));
    expect(sent(pending)).toEqual([...sent(pending)].sort((a, b) => a - b));
    expect(sent(others)).toEqual([...sent(others)].sort((a, b) => b - a));
  });

  it('refuses an unknown flag in pt-BR', async () => {
    const response = await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?flag=whatever');
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('Selecione um sinal de risco válido.');
  });
});
