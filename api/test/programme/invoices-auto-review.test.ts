import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { automaticReviewHeldMessages, automaticReviewRuleLabels } from '@especifica/mf-shared/contracts';
import { and, asc, desc, eq, gt, inArray, like, max } from 'drizzle-orm';
import type { Database, Db } from '../../src/db/client';
import {
  accelerators,
  auditRecords,
  customers,
  customerWindows,
  cyclePoints,
  invoiceLines,
  invoices,
  ledgerEntries,
  notifications,
  products,
  professionals,
  stores,
  storeUsers,
} from '../../src/db/schema';
import { issueCertificate } from '../../src/demo/nfe-signing';
import { DEMO_STORE_CNPJ, seedDemo } from '../../src/demo/seed';
import { approveInvoices, changeInvoiceStatus, runAutomaticReview } from '../../src/modules/invoices';
import { cheapArgon2, startTestApp, type TestApp } from '../support/app';
import { createTestDatabase, testDrivers } from '../support/database';
import { nfeXml } from '../support/nfe';
import { type Caller, cpfFrom, expectLedgerConsistent, type ProgrammeTest, startProgramme } from '../support/programme';
import { waitFor } from '../support/wait';

// The automatic review (domain.md, "Invoice trust"; docs/invoice-trust.md): once an invoice's hold has passed, a
// run approves it as "Sistema" through the admins' own approval when every rule holds, or leaves it pending with the
// first failed rule named, to the admin and in plain words to the participant. Each invoice is decided once.

const root = issueCertificate({ commonName: 'AC Raiz de Teste', ca: true });
const intermediate = issueCertificate({ commonName: 'AC Intermediária de Teste', ca: true, issuer: root });
const signer = issueCertificate({
  commonName: `CASA E ACABAMENTO DEMO LTDA:${DEMO_STORE_CNPJ}`,
  issuer: intermediate,
  cnpj: DEMO_STORE_CNPJ,
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** ide/dhEmi of an instant, in São Paulo's offset (UTC-3). */
const dhEmi = (at: Date) => `${new Date(at.getTime() - 3 * HOUR).toISOString().slice(0, 19)}-03:00`;
const oneLine = [{ sku: 'PISO-01', description: 'Porcelanato 60x60', quantity: '1.0000', total: '100.00' }];

let nextNumber = 95_000;

describe.each(testDrivers)('automatic review of invoices on %s', (driver) => {
  let t: ProgrammeTest;
  let customerCpf: string;
  beforeAll(async () => {
    const bundle = path.join(mkdtempSync(path.join(tmpdir(), 'nfe-roots-')), 'roots.pem');
    writeFileSync(bundle, root.pem + intermediate.pem);
    t = await startProgramme(driver, { nfeTrustedRoots: bundle });
    // Ana's registered customer since a month ago (a window of 180 days), as the customers' form would leave it.
    const since = new Date(Date.now() - 30 * DAY);
    const until = new Date(since.getTime() + 180 * DAY);
    customerCpf = cpfFrom('271314159');
    const [customer] = await t.database.db
      .insert(customers)
      .values({
        professionalId: t.ids.ana,
        name: 'Cliente de Teste',
        cpf: customerCpf,
        validUntil: until,
        createdAt: since,
      })
      .returning();
    if (!customer) throw new Error('no customer');
    await t.database.db.insert(customerWindows).values({ customerId: customer.id, startsAt: since, endsAt: until });
    await t.importFile('admin', '/api/products/import', {
      file: { name: 'p.csv', data: 'sku;nome;marca;categoria;ativo\nPISO-01;Porcelanato 60x60;Portinari;Pisos;sim' },
    });
    // The tests send many invoices in a day: the 24-hour flag's threshold is a setting too.
    await settings({ riskInvoicesPerDay: 1000 });
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(async () => {
    t.clock.now = null;
    await expectLedgerConsistent(t);
  });

  async function settings(changes: Record<string, unknown>) {
    const current = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
    const saved = await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...current, ...changes });
    expect(saved.statusCode).toBe(200);
    return current as Record<string, unknown>;
  }

  /** Sends a signed NF-e XML (for Ana's customer unless told) as `caller`; answers the invoice. */
  async function send(
    options: { issuedAt?: Date; customer?: string | null; signed?: boolean; caller?: Caller; total?: string } = {},
  ) {
    const issuedAt = options.issuedAt ?? new Date(Date.now() - 2 * DAY);
    const cpf = options.customer === undefined ? customerCpf : options.customer;
    const xml = nfeXml({
      number: ++nextNumber,
      series: 7,
      issuedAt: dhEmi(issuedAt),
      customer: cpf ? { cpf, name: 'Cliente de Teste' } : null,
      lines: options.total ? [{ ...oneLine[0], total: options.total } as (typeof oneLine)[number]] : oneLine,
      ...(options.signed === false ? {} : { signer }),
    });
    const caller = options.caller ?? 'professional';
    const url = caller === 'shopkeeper' ? '/api/shopkeeper/invoices/create' : '/api/professionals/invoices/create';
    const created = await t.upload(caller, url, { file: { name: 'nota.xml', data: xml, contentType: 'text/xml' } });
    expect(created.statusCode).toBe(200);
    return { ...(created.json().item as { id: string; number: string; riskFlags: string[] }), xml };
  }

  /** One run as an admin would start it, at the clock's `at`. */
  async function review(at = new Date()) {
    t.clock.now = at;
    const run = await t.call('admin', 'POST', '/api/cms/jobs/automatic-review');
    expect(run.statusCode).toBe(200);
    return run.json() as { decided: number; approved: number; held: number; sampled: number };
  }

  const row = async (id: string) => {
    const [found] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
    if (!found) throw new Error(`no invoice ${id}`);
    return found;
  };
  const credits = (id: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sourceType, 'invoice'), eq(ledgerEntries.sourceId, id)));
  const decisions = (id: string) =>
    t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityId, id), eq(auditRecords.action, 'invoice-auto-review')));

  it('follows the rules per profession: waits for the declaration a told client needs, and credits nothing to a profession that earns nothing', async () => {
    const rules = async (change: Record<string, unknown>) => {
      const items = (await t.call('admin', 'GET', '/api/cms/config/get-profession-rules'))
        .json()
        .items.map(({ updatedAt: _at, updatedBy: _by, ...rule }: Record<string, unknown>) =>
          rule.profession === 'Arquiteto' ? { ...rule, ...change } : rule,
        );
      const saved = await t.call('admin', 'POST', '/api/cms/config/update-profession-rules', { items });
      expect(saved.statusCode).toBe(200);
    };
    await t.database.db.update(professionals).set({ profession: 'Arquiteto' }).where(eq(professionals.id, t.ids.ana));
    try {
      // Her customer was registered without an e-mail: nobody told them, so the review leaves it undecided.
      await rules({ clientDisclosure: true });
      const untold = await send();
      await review(new Date(Date.now() + 24 * HOUR));
      expect(await row(untold.id)).toMatchObject({ status: 'pending', autoReviewedAt: null });
      const declared = await t.call(
        'professional',
        'POST',
        `/api/professionals/invoices/${untold.id}/declare-disclosure`,
      );
      expect(declared.statusCode).toBe(200);
      await review(new Date(Date.now() + 24 * HOUR));
      expect(await row(untold.id)).toMatchObject({ status: 'approved', reviewedBy: 'system' });
      expect(await credits(untold.id)).toHaveLength(1);

      // Earning nothing, the same approval credits nothing.
      await rules({ clientDisclosure: false, earns: 'nothing' });
      const barred = await send();
      await review(new Date(Date.now() + 24 * HOUR));
      expect(await row(barred.id)).toMatchObject({ status: 'approved', reviewedBy: 'system', points: 0 });
      expect(await credits(barred.id)).toHaveLength(0);
    } finally {
      await rules({ clientDisclosure: false, earns: 'points' });
    }
  });

  it("approves a signed XML for Ana's customer once its hold has passed, as Sistema, with the rules in its timeline", async () => {
    const invoice = await send({ issuedAt: new Date(Date.now() - HOUR) });
    // 23 hours after the issue: the hold (24 h) has not passed, nothing is decided.
    await review(new Date(Date.now() + 22 * HOUR));
    expect((await row(invoice.id)).status).toBe('pending');
    expect(await decisions(invoice.id)).toHaveLength(0);
    const waiting = await t.call('professional', 'GET', `/api/professionals/invoices/get-all?search=${invoice.number}`);
    expect(waiting.json().items[0]).toMatchObject({ status: 'pending', automaticReview: null });

    await review(new Date(Date.now() + 24 * HOUR));
    const approved = await row(invoice.id);
    expect(approved).toMatchObject({ status: 'approved', reviewedBy: 'system', autoReviewRule: null });
    // Credited once, to Ana (the invoice is her customer's), as an admin's approval would.
    const entries = await credits(invoice.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ participantId: t.ids.ana, kind: 'credit', issuer: 'system' });
    expect(entries[0]?.amount).toBe(approved.points);
    expect(approved.points).toBeGreaterThan(0);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, t.ids.ana), eq(notifications.type, 'invoice-approved')));
    expect(told.filter((item) => (item.data as { invoiceId?: string }).invoiceId === invoice.id)).toHaveLength(1);

    const timeline = (await t.call('professional', 'GET', `/api/professionals/invoices/${invoice.id}/timeline`)).json();
    expect(timeline.events.at(-1)).toMatchObject({ action: 'approved', by: 'Sistema' });
    expect(timeline.automaticReview).toMatchObject({ outcome: 'approved', rule: null, message: null });
    expect(timeline.automaticReview.rules).toEqual(
      Object.entries(automaticReviewRuleLabels).map(([rule, label]) => ({ rule, label, passed: true })),
    );
    const admin = (await t.call('admin', 'GET', `/api/cms/professionals/invoices/${invoice.id}/timeline`)).json();
    expect(admin.automaticReview.rules).toHaveLength(8);
    // The decision is audited, by "Sistema".
    const [decision] = await decisions(invoice.id);
    expect(decision).toMatchObject({ actorName: 'Sistema', actorKind: null });
    expect(decision?.after).toMatchObject({ outcome: 'approved', rule: null });

    // Another run decides nothing again.
    await review(new Date(Date.now() + 48 * HOUR));
    expect(await credits(invoice.id)).toHaveLength(1);
    expect(await decisions(invoice.id)).toHaveLength(1);
  }, 60_000);

  it('approves a sale that a shopkeeper of the store registered for Ana, with his share', async () => {
    const invoice = await send({ caller: 'shopkeeper' });
    await review();
    expect((await row(invoice.id)).status).toBe('approved');
    const entries = await credits(invoice.id);
    expect(entries.map((entry) => entry.participantId).sort()).toEqual([t.ids.ana, t.ids.sergio].sort());
  });

  it.each([
    ['signature', 'an XML without a signature', () => send({ signed: false })],
    [
      'buyer',
      "a buyer who is neither Ana nor one of her customers, and no shopkeeper's sale",
      () => send({ customer: cpfFrom('314159265') }),
    ],
  ] as const)('leaves pending, with the rule "%s" named: %s', async (rule, _case, make) => {
    const invoice = await make();
    await review();
    await expectHeld(invoice, rule);
  });

  it('names the rule "issue-date" for a date of issue older than the setting', async () => {
    const before = await settings({ automaticReviewMaxAgeDays: 1 });
    try {
      const invoice = await send({ issuedAt: new Date(Date.now() - 2 * DAY - HOUR) });
      await review();
      await expectHeld(invoice, 'issue-date');
    } finally {
      await settings({ automaticReviewMaxAgeDays: before.automaticReviewMaxAgeDays });
    }
  });

  async function expectHeld(invoice: { id: string; number: string }, rule: string) {
    const held = await row(invoice.id);
    expect(held).toMatchObject({ status: 'pending', autoReviewRule: rule });
    expect(await credits(invoice.id)).toHaveLength(0);
    const label = automaticReviewRuleLabels[rule as keyof typeof automaticReviewRuleLabels];
    const message = automaticReviewHeldMessages[rule as keyof typeof automaticReviewHeldMessages];
    // To the participant, in plain words, in the list and the timeline.
    const mine = await t.call('professional', 'GET', `/api/professionals/invoices/get-all?search=${invoice.number}`);
    expect(mine.json().items[0].automaticReview).toMatchObject({ outcome: 'held', rule, message });
    // To the admin: the queue's item names the rule; the timeline lists every rule, this one failed.
    const queue = await t.call('admin', 'GET', `/api/cms/professionals/invoices/get-all?search=${invoice.number}`);
    expect(queue.json().items[0].automaticReview).toMatchObject({ outcome: 'held', rule, label });
    const timeline = (await t.call('admin', 'GET', `/api/cms/professionals/invoices/${invoice.id}/timeline`)).json();
    expect(timeline.automaticReview.rules).toContainEqual({ rule, label, passed: false });
    expect(timeline.events.map((event: { action: string }) => event.action)).toEqual(['sent']);
    const [decision] = await decisions(invoice.id);
    expect(decision?.after).toMatchObject({ outcome: 'held', rule });
    // Decided once: a later run leaves it as it is.
    await review(new Date(Date.now() + DAY));
    expect(await decisions(invoice.id)).toHaveLength(1);
    expect((await row(invoice.id)).status).toBe('pending');
  }

  it('counts the hold of an invoice without an XML from the end of its date of issue', async () => {
    const today = new Date(Date.now() - 3 * HOUR).toISOString().slice(0, 10);
    const typed = await t.upload('admin', '/api/cms/professionals/invoices/create', {
      fields: {
        storeId: t.ids.store,
        professionalId: t.ids.ana,
        number: String(++nextNumber),
        series: '7',
        issuedOn: today,
        lines: JSON.stringify([{ sku: 'PISO-01', quantity: 1, total: 10 }]),
      },
    });
    expect(typed.statusCode).toBe(200);
    const invoice = typed.json().item as { id: string; number: string };
    // The day's end (São Paulo) plus 24 hours: not yet 20 hours after it began, well past it 3 days on.
    await review(new Date(`${today}T20:00:00-03:00`));
    expect(await decisions(invoice.id)).toHaveLength(0);
    await review(new Date(Date.now() + 3 * DAY));
    await expectHeld(invoice, 'signature');
  });

  it('names the rule "store" when the emitting store is no longer an active partner', async () => {
    const invoice = await send();
    await t.database.db.update(stores).set({ active: false }).where(eq(stores.cnpj, DEMO_STORE_CNPJ));
    try {
      await review();
    } finally {
      await t.database.db.update(stores).set({ active: true }).where(eq(stores.cnpj, DEMO_STORE_CNPJ));
    }
    await expectHeld(invoice, 'store');
  });

  it('names the rule "duplicate" for an invoice sent again after its first copy was rejected', async () => {
    const first = await send({ issuedAt: new Date(Date.now() - HOUR) });
    const rejected = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
      id: first.id,
      status: 'rejected',
      reason: 'Arquivo ilegível.',
    });
    expect(rejected.statusCode).toBe(200);
    const again = await t.upload('professional', '/api/professionals/invoices/create', {
      file: { name: 'nota.xml', data: first.xml, contentType: 'text/xml' },
    });
    expect(again.statusCode).toBe(200);
    await review(new Date(Date.now() + 2 * DAY));
    await expectHeld(again.json().item, 'duplicate');
  });

  it('flags a total above the setting (above-limit) and never approves a flagged invoice: the rule "risk-flags"', async () => {
    const before = await settings({ riskTotalAbove: 50 });
    try {
      const invoice = await send();
      expect(invoice.riskFlags).toEqual(['above-limit']);
      await review();
      await expectHeld(invoice, 'risk-flags');
    } finally {
      await settings({ riskTotalAbove: before.riskTotalAbove });
    }
  });

  it('names the rule "total" above the largest total approved with no human, and counts it in what today held', async () => {
    const before = await settings({ automaticReviewMaxTotal: 99.99 });
    try {
      // Today by the machine's clock, the day the run below decides on.
      const today = async () => {
        t.clock.now = null;
        return (await t.call('admin', 'GET', '/api/cms/jobs/automatic-review/today')).json();
      };
      const heldByTotal = async () =>
        ((await today()).held as { rule: string; count: number }[]).find((rule) => rule.rule === 'total')?.count ?? 0;
      const earlier = await heldByTotal();
      const invoice = await send();
      expect(invoice.riskFlags).toEqual([]);
      expect((await today()).waiting).toBeGreaterThanOrEqual(1);
      await review();
      await expectHeld(invoice, 'total');
      expect(await heldByTotal()).toBe(earlier + 1);
      expect((await today()).held).toContainEqual(
        expect.objectContaining({ rule: 'total', label: expect.any(String) }),
      );
      expect((await t.call('professional', 'GET', '/api/cms/jobs/automatic-review/today')).statusCode).toBe(403);
    } finally {
      await settings({ automaticReviewMaxTotal: before.automaticReviewMaxTotal });
    }
  });

  it('flags the same store, series and number sent by another account without a key (duplicate-attempt)', async () => {
    const number = String(++nextNumber);
    const typed = (caller: Caller, professionalId?: string) =>
      t.upload(caller, '/api/cms/professionals/invoices/create', {
        fields: {
          storeId: t.ids.store,
          ...(professionalId ? { professionalId } : {}),
          number,
          series: '7',
          issuedOn: new Date(Date.now() - 3 * HOUR).toISOString().slice(0, 10),
          lines: JSON.stringify([{ sku: 'PISO-01', quantity: 1, total: 10 }]),
        },
      });
    const first = await typed('admin', t.ids.ana);
    expect(first.statusCode).toBe(200);
    expect(first.json().item.riskFlags).toEqual([]);
    const again = await typed('admin', t.ids.eduardo);
    expect(again.statusCode).toBe(409);
    expect((await row(first.json().item.id)).riskFlags).toEqual(['duplicate-attempt']);
  });

  describe("an admin's edit sends the invoice back to the automatic review", () => {
    const attach = (id: string, name: string, data: string | Buffer, contentType: string) =>
      t.upload('admin', '/api/cms/professionals/invoices/update-file', {
        fields: { id },
        file: { name, data, contentType },
      });

    it('its fields: the decision is cleared and the job decides it again as it now stands', async () => {
      const invoice = await send({ customer: cpfFrom('314159265') });
      await review();
      await expectHeld(invoice, 'buyer');
      const edited = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update', {
        id: invoice.id,
        customerCpf,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().item).toMatchObject({ automaticReview: null, riskFlags: [] });
      expect(await row(invoice.id)).toMatchObject({ autoReviewedAt: null, autoReviewRule: null });
      await review();
      expect(await row(invoice.id)).toMatchObject({ status: 'approved', reviewedBy: 'system' });
      expect(await decisions(invoice.id)).toHaveLength(2);
    });

    it('its products: the flags are computed again from the new total', async () => {
      const before = await settings({ riskTotalAbove: 150 });
      try {
        const invoice = await send({ total: '200.00' });
        expect(invoice.riskFlags).toEqual(['above-limit']);
        await review();
        expect(await row(invoice.id)).toMatchObject({ status: 'pending', autoReviewRule: 'risk-flags' });
        const lowered = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update-products', {
          id: invoice.id,
          lines: [{ sku: 'PISO-01', description: 'Porcelanato 60x60', quantity: 1, total: 100 }],
        });
        expect(lowered.statusCode).toBe(200);
        expect(lowered.json().item).toMatchObject({ riskFlags: [], automaticReview: null });
        // And raised again: flagged again, as on arrival.
        const raised = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update-products', {
          id: invoice.id,
          lines: [{ sku: 'PISO-01', description: 'Porcelanato 60x60', quantity: 1, total: 300 }],
        });
        expect(raised.json().item.riskFlags).toEqual(['above-limit']);
        await settings({ riskTotalAbove: 1000 });
        await t.call('admin', 'POST', '/api/cms/professionals/invoices/update-products', {
          id: invoice.id,
          lines: [{ sku: 'PISO-01', description: 'Porcelanato 60x60', quantity: 1, total: 100 }],
        });
        await review();
        expect(await row(invoice.id)).toMatchObject({ status: 'approved', riskFlags: [] });
      } finally {
        await settings({ riskTotalAbove: before.riskTotalAbove });
      }
    });

    it('its XML: a new one is read and its signature checked again; a tampered one is refused and changes nothing', async () => {
      const number = ++nextNumber;
      const issuedAt = dhEmi(new Date(Date.now() - 2 * DAY));
      const document = (signed: boolean) =>
        nfeXml({
          number,
          series: 7,
          issuedAt,
          customer: { cpf: customerCpf, name: 'Cliente de Teste' },
          lines: oneLine,
          ...(signed ? { signer } : {}),
        });
      const created = await t.upload('professional', '/api/professionals/invoices/create', {
        file: { name: 'nota.xml', data: document(false), contentType: 'text/xml' },
      });
      const invoice = created.json().item as { id: string; number: string };
      await review();
      await expectHeld(invoice, 'signature');
      const held = await row(invoice.id);

      const tampered = document(true).replace('<qCom>1.0000</qCom>', '<qCom>9.0000</qCom>');
      const refused = await attach(invoice.id, 'nota.xml', tampered, 'text/xml');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'nfe-signature' });
      expect(refused.json().msg).toContain('foi alterado depois de assinado');
      expect(await row(invoice.id)).toEqual(held);

      const attached = await attach(invoice.id, 'nota.xml', document(true), 'text/xml');
      expect(attached.statusCode).toBe(200);
      expect(attached.json().item).toMatchObject({
        signature: { status: 'verified', signerCnpj: DEMO_STORE_CNPJ },
        automaticReview: null,
      });
      const after = await row(invoice.id);
      expect(after.fileKey).not.toBe(held.fileKey);
      expect(after.issuedAt).not.toBeNull();
      await review();
      expect(await row(invoice.id)).toMatchObject({ status: 'approved', reviewedBy: 'system' });
    });

    it('a PDF in place of a signed XML leaves the invoice without a signature, for a human', async () => {
      const invoice = await send();
      const attached = await attach(invoice.id, 'nota.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf');
      expect(attached.statusCode).toBe(200);
      expect(attached.json().item.signature).toBeNull();
      await review();
      expect(await row(invoice.id)).toMatchObject({ status: 'pending', autoReviewRule: 'signature' });
    });
  });

  it('decides an invoice once when two runs meet it at the same time', async () => {
    const invoice = await send();
    const at = new Date();
    const runs = await Promise.all([runAutomaticReview(t.database.db, at), runAutomaticReview(t.database.db, at)]);
    expect(runs.reduce((sum, run) => sum + run.approved, 0)).toBeGreaterThanOrEqual(1);
    expect((await row(invoice.id)).status).toBe('approved');
    expect(await credits(invoice.id)).toHaveLength(1);
    expect(await decisions(invoice.id)).toHaveLength(1);
    const approvals = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entityId, invoice.id), eq(auditRecords.action, 'invoice-approved')));
    expect(approvals).toHaveLength(1);
  });

  it('approves a batch with exactly the rows that approving its invoices one by one writes', async () => {
    // Three pending invoices: Ana's with an accelerated product, a sale Sérgio registered for Ana (his share), and
    // Eduardo's, blocked (credited nothing). Approved together (the automatic review's way) and, from the same
    // state, one at a time (an admin's way): the ledger, notifications, audit, cycles and points must be the same.
    const db = t.database.db;
    const [product] = await db
      .insert(products)
      .values({ sku: 'ACEL-LOTE', name: 'Revestimento acelerado', brand: 'Marca do Lote', category: 'Pisos' })
      .returning();
    if (!product) throw new Error('no product');
    const [accelerator] = await db
      .insert(accelerators)
      .values({
        name: 'Lote em dobro',
        multiplier: 200,
        targetType: 'product',
        targetValue: product.id,
        startsAt: new Date(Date.now() - 10 * DAY),
        endsAt: new Date(Date.now() + 10 * DAY),
      })
      .returning();
    if (!accelerator) throw new Error('no accelerator');
    const issuedOn = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    const pending = (professionalId: string, shopkeeperId: string | null, sku: string, total: number) => ({
      professionalId,
      storeId: t.ids.store,
      shopkeeperId,
      number: String(++nextNumber),
      series: '8',
      issuedOn,
      total,
      submittedBy: `professional:${professionalId}`,
      lines: [
        { sku, total },
        { sku: 'SEM-CATALOGO', total: 1_000 },
      ],
    });
    const made = [
      pending(t.ids.ana, null, product.sku, 12_345),
      pending(t.ids.ana, t.ids.sergio, 'PISO-01', 45_678),
      pending(t.ids.eduardo, null, 'PISO-01', 9_999),
    ];
    const ids: string[] = [];
    for (const { lines, ...values } of made) {
      const [invoice] = await db.insert(invoices).values(values).returning();
      if (!invoice) throw new Error('no invoice');
      ids.push(invoice.id);
      await db.insert(invoiceLines).values(
        lines.map((line, index) => ({
          invoiceId: invoice.id,
          position: index + 1,
          ...line,
          description: line.sku,
          quantity: '1',
        })),
      );
    }
    const people = [t.ids.ana, t.ids.eduardo, t.ids.sergio];
    const [seen] = await db.select({ seq: max(notifications.seq) }).from(notifications);
    const known = new Set((await db.select({ id: ledgerEntries.id }).from(ledgerEntries)).map((entry) => entry.id));
    const at = new Date();
    const rollback = new Error('rolled back');

    /** What approving the invoices `approve`'s way writes, read in its own transaction, which is then undone. */
    async function written(approve: (tx: Db) => Promise<void>) {
      let rows: unknown;
      await db
        .transaction(async (tx) => {
          await tx.update(professionals).set({ behaviour: 'blocked' }).where(eq(professionals.id, t.ids.eduardo));
          await approve(tx);
          const byJson = (list: unknown[]) => list.map((item) => JSON.stringify(item)).sort();
          rows = {
            ledger: byJson(
              (await tx.select().from(ledgerEntries).orderBy(asc(ledgerEntries.createdAt)))
                .filter((entry) => !known.has(entry.id))
                .map(({ id, createdAt, recordedAt, ...entry }) => entry),
            ),
            notifications: byJson(
              (
                await tx
                  .select()
                  .from(notifications)
                  .where(and(gt(notifications.seq, seen?.seq ?? 0), inArray(notifications.recipientId, people)))
              ).map(({ id, seq, createdAt, ...notification }) => notification),
            ),
            audit: byJson(
              (await tx.select().from(auditRecords).where(inArray(auditRecords.entityId, ids))).map(
                ({ id, createdAt, ...record }) => record,
              ),
            ),
            invoices: byJson(
              (await tx.select().from(invoices).where(inArray(invoices.id, ids))).map(
                ({ createdAt, updatedAt, ...invoice }) => invoice,
              ),
            ),
            lines: byJson(await tx.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, ids))),
            cycles: byJson(
              (await tx.select().from(cyclePoints).where(inArray(cyclePoints.participantId, people))).map(
                ({ reachedAt, ...cycle }) => cycle,
              ),
            ),
          };
          throw rollback;
        })
        .catch((error) => {
          if (error !== rollback) throw error;
        });
      return rows as Record<string, string[]>;
    }

    try {
      const together = await written(async (tx) => {
        expect((await approveInvoices(tx, null, ids, at)).map((invoice) => invoice.id)).toEqual(ids);
      });
      const oneByOne = await written(async (tx) => {
        for (const id of ids) await changeInvoiceStatus(tx, null, id, 'approved', undefined, at);
      });
      expect(together).toEqual(oneByOne);
      // What they both wrote: the accelerator's bonus, Sérgio's share, nothing for Eduardo, a notification each.
      expect(together.ledger?.map((entry) => JSON.parse(entry).kind).sort()).toEqual([
        'bonus',
        'credit',
        'credit',
        'credit',
      ]);
      expect(together.ledger?.some((entry) => entry.includes(t.ids.eduardo))).toBe(false);
      expect(together.notifications?.filter((item) => item.includes('invoice-approved'))).toHaveLength(3);
      expect(together.notifications?.filter((item) => item.includes('points-credited'))).toHaveLength(1);
      expect(together.audit).toHaveLength(3);
      expect(together.invoices?.filter((item) => item.includes('Profissional bloqueado'))).toHaveLength(1);
    } finally {
      await db.delete(invoiceLines).where(inArray(invoiceLines.invoiceId, ids));
      await db.delete(invoices).where(inArray(invoices.id, ids));
      await db.delete(accelerators).where(eq(accelerators.id, accelerator.id));
      await db.delete(products).where(eq(products.id, product.id));
    }
  });

  it('does nothing while the setting is off', async () => {
    const before = await settings({ automaticReview: false });
    try {
      const invoice = await send();
      expect(await review()).toEqual({
        msg: 'Nenhuma nota fiscal a decidir agora.',
        decided: 0,
        approved: 0,
        held: 0,
        sampled: 0,
      });
      expect(await row(invoice.id)).toMatchObject({ status: 'pending', autoReviewedAt: null });
      // The run by hand is audited, by whom.
      const [run] = await t.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'run-automatic-review'))
        .orderBy(desc(auditRecords.createdAt))
        .limit(1);
      expect(run).toMatchObject({ actorName: 'Administradora Demo', after: { decided: 0 } });
    } finally {
      await settings({ automaticReview: before.automaticReview });
    }
  });

  it('samples every automatic approval into the conferência at 100 %: confirmed, or cancelled with its points reversed', async () => {
    const before = await settings({ automaticReviewSamplePercent: 100 });
    try {
      const kept = await send();
      const undone = await send();
      const run = await review();
      expect(run.sampled).toBe(run.approved);
      const list = async (state = 'pending') =>
        (
          (
            await t.call('admin', 'GET', `/api/cms/professionals/invoices/conference/get-all?state=${state}&limit=100`)
          ).json().items as { id: string; conference: string; status: string }[]
        ).map((item) => item.id);
      expect(await list()).toEqual(expect.arrayContaining([kept.id, undone.id]));
      // The participant is not told that a human will look again.
      const mine = await t.call('professional', 'GET', `/api/professionals/invoices/get-all?search=${kept.number}`);
      expect(mine.json().items[0]).toMatchObject({ id: kept.id, status: 'approved', conference: null });

      const confirmed = await t.call('admin', 'POST', '/api/cms/professionals/invoices/conference/confirm', {
        id: kept.id,
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().item).toMatchObject({ status: 'approved', conference: 'confirmed' });
      expect(await list()).not.toContain(kept.id);
      expect(await list('confirmed')).toContain(kept.id);
      const twice = await t.call('admin', 'POST', '/api/cms/professionals/invoices/conference/confirm', {
        id: kept.id,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({
        code: 'invoice-conference',
        msg: 'Esta nota fiscal já saiu da conferência.',
      });

      // Disagreeing is the cancel: the points go back, and the invoice leaves the list.
      const cancelled = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id: undone.id,
        status: 'cancelled',
        reason: 'Conferência: a venda não foi para o cliente.',
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().item).toMatchObject({ status: 'cancelled', conference: 'cancelled' });
      const entries = await t.database.db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(like(ledgerEntries.sourceId, `${undone.id}%`))
        .orderBy(asc(ledgerEntries.createdAt));
      expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
      expect(await list()).not.toContain(undone.id);
      expect(await list('cancelled')).toContain(undone.id);

      const notSampled = await send({ signed: false });
      const refused = await t.call('admin', 'POST', '/api/cms/professionals/invoices/conference/confirm', {
        id: notSampled.id,
      });
      expect(refused.json()).toMatchObject({
        code: 'invoice-conference',
        msg: 'Esta nota fiscal não está na conferência das aprovações automáticas.',
      });
    } finally {
      await settings({ automaticReviewSamplePercent: before.automaticReviewSamplePercent });
    }
  });

  it('reads and saves the settings, refusing bad values in pt-BR', async () => {
    const current = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
    // The demo has the automatic review on; the rest are the defaults.
    expect(current).toMatchObject({
      automaticReview: true,
      automaticReviewHoldHours: 24,
      automaticReviewMaxTotal: 5000,
      automaticReviewMaxAgeDays: 90,
      automaticReviewSamplePercent: 5,
      riskTotalAbove: 50000,
    });
    for (const [field, value, msg] of [
      ['automaticReviewHoldHours', 721, 'A espera após a emissão vai de 0 a 720 horas.'],
      ['automaticReviewMaxAgeDays', 0, 'A data de emissão mais antiga aceita vai de 1 a 365 dias.'],
      [
        'automaticReviewSamplePercent',
        101,
        'A parte das aprovações automáticas enviada à conferência vai de 0 a 100%.',
      ],
      ['riskInvoicesPerDay', 0, 'O limite de notas fiscais por profissional em 24 horas vai de 1 a 1000.'],
      ['automaticReview', 'sim', 'Escolha se a análise automática fica ligada ou desligada.'],
    ] as const) {
      const bad = await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...current, [field]: value });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation', msg });
    }
    await settings({ automaticReviewHoldHours: 48, automaticReviewSamplePercent: 12.5 });
    const { automaticReviewHoldHours: _hours, ...withoutHold } = current;
    // A body without the field (the form of today) keeps it.
    await t.call('admin', 'POST', '/api/cms/config/update-settings', withoutHold);
    const saved = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
    expect(saved).toMatchObject({ automaticReviewHoldHours: 48, automaticReviewSamplePercent: 5 });
    await t.call('admin', 'POST', '/api/cms/config/update-settings', current);
  });
});

describe.each(testDrivers)('the automatic review as a scheduled job on %s', (driver) => {
  let app: TestApp | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('runs on its schedule and approves a pending invoice whose rules hold, as Sistema', async () => {
    // A pending invoice already waiting when the app starts: a verified XML a shopkeeper registered two days ago.
    const db = await createTestDatabase(driver);
    database = db;
    await seedDemo(db.db, cheapArgon2);
    const [store] = await db.db.select({ id: stores.id }).from(stores).where(eq(stores.cnpj, DEMO_STORE_CNPJ));
    const [ana] = await db.db
      .select({ id: professionals.id })
      .from(professionals)
      .where(eq(professionals.email, 'ana@especifica.dev'));
    const [sergio] = await db.db
      .select({ id: storeUsers.id })
      .from(storeUsers)
      .where(eq(storeUsers.email, 'sergio@especifica.dev'));
    if (!store || !ana || !sergio) throw new Error('no demo store or people');
    const issuedAt = new Date(Date.now() - 2 * DAY);
    const [invoice] = await db.db
      .insert(invoices)
      .values({
        professionalId: ana.id,
        storeId: store.id,
        shopkeeperId: sergio.id,
        number: '777001',
        series: '7',
        issuedOn: issuedAt.toISOString().slice(0, 10),
        issuedAt,
        total: 100_00,
        submittedBy: `shopkeeper:${sergio.id}`,
        signature: 'verified',
        signerName: 'CASA E ACABAMENTO DEMO LTDA',
        signerCnpj: DEMO_STORE_CNPJ,
      })
      .returning();
    if (!invoice) throw new Error('no invoice');
    await db.db.insert(invoiceLines).values({
      invoiceId: invoice.id,
      position: 0,
      sku: 'PISO-01',
      description: 'Porcelanato',
      quantity: '1',
      total: 100_00,
    });

    // Every minute, its schedule looked at every second: the first occurrence is sent at once.
    app = await startTestApp(driver, {
      database: db,
      seed: false,
      config: { autoReviewJobMinutes: 1 },
      jobs: { cronSeconds: 1, pollSeconds: 0.5 },
    });
    const decided = await waitFor(
      'the scheduled automatic review',
      async () => {
        const [row] = await db.db.select().from(invoices).where(eq(invoices.id, invoice.id));
        return row?.status === 'approved' ? row : null;
      },
      30_000,
    );
    expect(decided).toMatchObject({ reviewedBy: 'system', autoReviewRule: null });
    const records = await db.db
      .select({ action: auditRecords.action, actorName: auditRecords.actorName })
      .from(auditRecords)
      .where(eq(auditRecords.entityId, invoice.id));
    expect(records).toEqual(
      expect.arrayContaining([
        { action: 'invoice-auto-review', actorName: 'Sistema' },
        { action: 'invoice-approved', actorName: 'Sistema' },
      ]),
    );
  }, 60_000);
});
