import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { accessKeyMessages } from '@especifica/mf-shared/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  adminUsers,
  auditRecords,
  invoiceLines,
  invoices,
  ledgerEntries,
  notifications,
  professionals,
} from '../../src/db/schema';
import { DEMO_STORE_CNPJ } from '../../src/demo/seed';
import { withCnpjCheckDigits } from '../../src/domain/cnpj';
import { balanceOf } from '../../src/modules/ledger/service';
import { testDrivers } from '../support/database';
import { nfeKey } from '../support/nfe';
import {
  cpfFrom,
  expectLedgerConsistent,
  type ProgrammeTest,
  saoPauloToday,
  startProgramme,
  submitInvoice,
} from '../support/programme';

const catalogue = [
  'sku;nome;marca;categoria;ativo',
  'PISO-01;Porcelanato 60x60;Portinari;Pisos;sim',
  'MET-01;Misturador;Deca;Metais;sim',
  'OLD-01;Descontinuado;Deca;Metais;não',
].join('\n');

const lines = [
  { sku: 'piso-01', description: 'Porcelanato', quantity: 10.5, total: 1000 },
  { sku: 'MET-01', description: 'Misturador', quantity: 1, total: 250.5 },
  { sku: 'OLD-01', description: 'Fora do programa', quantity: 1, total: 99.99 },
  { sku: 'NAO-EXISTE', description: 'Fora do catálogo', quantity: 2, total: 10 },
];

/** The data statement of the migration that gave invoice lines their kept points. */
function backfill(): string {
  const folder = path.join(__dirname, '../../drizzle');
  const file = readdirSync(folder).find((name) => name.endsWith('_invoice_line_points.sql'));
  if (!file) throw new Error('the invoice_line_points migration is missing');
  const statements = readFileSync(path.join(folder, file), 'utf8').split('--> statement-breakpoint');
  const update = statements.find((statement) => /^\s*(--.*\n\s*)*(with|update)/i.test(statement));
  if (!update) throw new Error('the migration has no backfill');
  return update;
}

describe.each(testDrivers)('invoices on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.importFile('admin', '/api/products/import', { file: { name: 'p.csv', data: catalogue } });
    const now = Date.now();
    const accelerator = await t.call('admin', 'POST', '/api/cms/accelerators/create', {
      name: 'Deca em dobro',
      multiplier: 2,
      targetType: 'brand',
      targetValue: 'deca',
      startsAt: new Date(now - 86_400_000 * 30).toISOString(),
      endsAt: new Date(now + 86_400_000 * 30).toISOString(),
    });
    expect(accelerator.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => expectLedgerConsistent(t));

  const approve = (id: string) =>
    t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', { id, status: 'approved' });
  const ana = () => ({ kind: 'professional' as const, id: t.ids.ana });

  describe('POST /api/professionals/invoices/create', () => {
    it('takes a professional’s upload as pending and tells the admins', async () => {
      const response = await submitInvoice(t, 'professional', { storeId: t.ids.store, lines });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        msg: 'Nota fiscal enviada com sucesso!',
        item: { status: 'pending', total: 1360.49, points: 0, hasFile: true, submittedBy: 'professional' },
      });
      const notices = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.type, 'invoice-submitted'));
      expect(notices.length).toBeGreaterThan(0);
    });

    it.each([
      ['no lines', { lines: [] }, 400, 'Informe de 1 a 500 produtos da nota fiscal.'],
      ['lines that are not JSON', { lines: 'x' }, 400, 'Informe de 1 a 500 produtos da nota fiscal.'],
      [
        'a line total with 3 decimals',
        { lines: [{ ...lines[0], total: 1.001 }] },
        400,
        'Use no máximo duas casas decimais.',
      ],
      ['a date in the future', { issuedOn: '2999-01-01', lines }, 422, 'A data de emissão não pode estar no futuro.'],
      ['a bad customer CPF', { customerCpf: '123.456.789-00', lines }, 400, 'Digite um CPF válido.'],
      [
        'an unknown store',
        { storeId: undefined, storeCnpj: '98.765.432/0001-98', lines },
        422,
        'Loja não encontrada: confira o CNPJ da nota fiscal.',
      ],
    ])('refuses %s', async (_case, fields, status, msg) => {
      const response = await submitInvoice(t, 'professional', { storeId: t.ids.store, ...fields });
      expect([response.statusCode, response.json().msg]).toEqual([status, msg]);
    });

    it('refuses a file that is not a PDF, an image or an NF-e XML, whatever its name says', async () => {
      const response = await submitInvoice(
        t,
        'professional',
        { storeId: t.ids.store, lines },
        { file: Buffer.from('MZ executável') },
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('invoice-file-type');
      const none = await submitInvoice(t, 'professional', { storeId: t.ids.store, lines }, { file: null });
      expect(none.json().code).toBe('invoice-file-required');
    });

    it('answers 409 to the same store, number and series, even with leading zeros; a rejected one may come again', async () => {
      const first = await submitInvoice(t, 'professional', { storeId: t.ids.store, number: '555', lines });
      const again = await submitInvoice(t, 'other', { storeId: t.ids.store, number: '000555', lines });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        msg: 'Esta nota fiscal já foi enviada (mesma loja, número e série).',
        code: 'invoice-duplicate',
      });
      const rejected = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id: first.json().item.id,
        status: 'rejected',
        reason: 'Foto ilegível',
      });
      expect(rejected.json().item).toMatchObject({ status: 'rejected', reason: 'Foto ilegível' });
      expect((await submitInvoice(t, 'professional', { storeId: t.ids.store, number: '555', lines })).statusCode).toBe(
        200,
      );
    });
    it('takes series "001" and "1" for the same invoice', async () => {
      const first = await submitInvoice(t, 'professional', {
        storeId: t.ids.store,
        number: '7001',
        series: '001',
        lines,
      });
      expect(first.json().item).toMatchObject({ number: '7001', series: '1' });
      const again = await submitInvoice(t, 'other', { storeId: t.ids.store, number: '07001', series: ' 1', lines });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('invoice-duplicate');
    });

    it('checks a typed access key: its digit, its store, its number and series and its month; the right one is kept', async () => {
      const thisMonth = saoPauloToday().slice(2, 7).replace('-', '');
      const key = (cnpj: string, number: number, yearMonth = thisMonth) =>
        nfeKey({ cnpj, model: '55', series: 2, number, yearMonth });
      const typed = (accessKey: string, number = '7100') =>
        submitInvoice(t, 'professional', { storeId: t.ids.store, number, series: '2', accessKey, lines });
      const right = key(DEMO_STORE_CNPJ, 7100);
      const wrongDigit = `${right.slice(0, 43)}${(Number(right[43]) + 1) % 10}`;
      // A key that breaks its own rules is refused by the contract, with the rule's message.
      const badDigit = await typed(wrongDigit);
      expect(badDigit.statusCode).toBe(400);
      expect(badDigit.json()).toMatchObject({
        code: 'validation',
        msg: accessKeyMessages.digit,
        data: [{ field: 'accessKey' }],
      });
      const cases: [string, string][] = [
        [key(withCnpjCheckDigits('987654320001'), 7100), 'access-key-store'],
        [key(DEMO_STORE_CNPJ, 7101), 'access-key-invoice'],
        // The date of issue typed (today) is not in the key's month.
        [key(DEMO_STORE_CNPJ, 7100, thisMonth === '2601' ? '2512' : '2601'), 'access-key-month'],
      ];
      for (const [accessKey, code] of cases) {
        const refused = await typed(accessKey);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code, data: [{ field: 'accessKey' }] });
        expect(refused.json().msg).toMatch(/chave de acesso/);
      }
      const kept = await typed(right, '0007100');
      expect(kept.statusCode).toBe(200);
      expect(kept.json().item).toMatchObject({ accessKey: right, number: '7100', series: '2' });
    });
  });

  describe('POST /api/cms/professionals/invoices/change-status', () => {
    it('credits the participating products on approval, with the accelerator bonus as its own entry', async () => {
      const before = await balanceOf(t.database.db, ana());
      const id = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      const response = await approve(id);
      expect(response.json()).toMatchObject({
        msg: 'Nota fiscal aprovada com sucesso!',
        item: { status: 'approved', points: 1250.5, bonusPoints: 250.5 },
      });
      const entries = await t.database.db
        .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reason: ledgerEntries.reason })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.participantId, t.ids.ana), eq(ledgerEntries.issuer, `admin:${await adminId()}`)))
        .then((rows) => rows.filter((row) => row.reason?.includes(response.json().item.number)));
      expect(entries.map((entry) => [entry.kind, entry.amount]).sort()).toEqual([
        ['bonus', 250_50],
        ['credit', 1250_50],
      ]);
      expect(entries.find((entry) => entry.kind === 'bonus')?.reason).toContain('acelerador Deca em dobro (x2)');
      expect(await balanceOf(t.database.db, ana())).toBe(before + 1501_00);

      const twice = await approve(id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ msg: 'Esta nota fiscal já foi aprovada.', code: 'invoice-status' });
    });

    it('reverses every point of a cancelled invoice and tells the professional', async () => {
      const before = await balanceOf(t.database.db, ana());
      const id = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      await approve(id);
      const cancel = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id,
        status: 'cancelled',
      });
      expect(cancel.json()).toMatchObject({
        msg: 'Nota fiscal cancelada e pontos estornados.',
        item: { status: 'cancelled' },
      });
      expect(await balanceOf(t.database.db, ana())).toBe(before);
      const [notice] = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, t.ids.ana), eq(notifications.type, 'invoice-cancelled')));
      expect(notice?.message).toContain('1.501 pontos foram estornados');
      const again = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id,
        status: 'cancelled',
      });
      expect(again.json().msg).toBe('Esta nota fiscal já foi cancelada.');
    });

    it('refuses to cancel a pending invoice, to reject without a reason, and answers 404 for an unknown one', async () => {
      const id = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      const cancel = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id,
        status: 'cancelled',
      });
      expect([cancel.statusCode, cancel.json().msg]).toEqual([
        409,
        'Esta nota fiscal ainda está pendente: aprove-a ou recuse-a.',
      ]);
      const reject = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id,
        status: 'rejected',
      });
      expect([reject.statusCode, reject.json().msg]).toEqual([400, 'Informe o motivo da recusa.']);
      const missing = await approve('00000000-0000-4000-8000-000000000000');
      expect(missing.json()).toEqual({ msg: 'Nota fiscal não encontrada.', code: 'not-found' });
    });

    it('credits once when 50 approvals of one invoice arrive together', async () => {
      const before = await balanceOf(t.database.db, ana());
      const id = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      const answers = await Promise.all(Array.from({ length: 50 }, () => approve(id)));
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
      expect(await balanceOf(t.database.db, ana())).toBe(before + 1501_00);
    });
  });

  describe('shopkeepers and customers', () => {
    it('gives the shopkeeper who registered the sale a share of the base points', async () => {
      const response = await submitInvoice(t, 'shopkeeper', { professionalEmail: 'ana@especifica.dev', lines });
      expect(response.json().item).toMatchObject({
        shopkeeper: { name: 'Sérgio Vendedor' },
        professional: { id: t.ids.ana },
      });
      const sergio = { kind: 'shopkeeper' as const, id: t.ids.sergio };
      const before = await balanceOf(t.database.db, sergio);
      await approve(response.json().item.id);
      expect(await balanceOf(t.database.db, sergio)).toBe(before + 125_05);
      const mine = await t.call('shopkeeper', 'GET', '/api/shopkeeper/invoices/get-all');
      expect(mine.json().items.map((item: { id: string }) => item.id)).toContain(response.json().item.id);
    });

    it('attributes an invoice to the professional who registered the customer’s CPF', async () => {
      const cpf = cpfFrom('529982247');
      const created = await t.call('other', 'POST', '/api/professionals/customers/create', {
        data: { name: 'Cliente do Eduardo', cpf },
      });
      expect(created.json().msg).toBe('Cliente cadastrado com sucesso!');
      const bySeller = await submitInvoice(t, 'shopkeeper', { customerCpf: cpf, customerName: 'Cliente', lines });
      expect(bySeller.json().item).toMatchObject({
        professional: { id: t.ids.eduardo },
        customer: { cpf, registered: true },
      });
      const byAna = await submitInvoice(t, 'professional', { storeId: t.ids.store, customerCpf: cpf, lines });
      expect(byAna.statusCode).toBe(409);
      expect(byAna.json()).toEqual({
        msg: 'O cliente desta nota está cadastrado por outro profissional.',
        code: 'customer-of-another-professional',
      });
      const nobody = await submitInvoice(t, 'shopkeeper', { customerCpf: cpfFrom('111444777'), lines });
      expect(nobody.json()).toEqual({
        msg: 'Informe o profissional da nota fiscal.',
        code: 'invoice-professional-required',
      });
    });
  });

  describe('lists and files', () => {
    it('shows a professional only their invoices, and the file of another’s answers 404', async () => {
      const eduardos = (await submitInvoice(t, 'other', { storeId: t.ids.store, lines })).json().item.id;
      const mine = await t.call('professional', 'GET', '/api/professionals/invoices/get-all?limit=100');
      expect(
        mine.json().items.every((item: { professional: { id: string } }) => item.professional.id === t.ids.ana),
      ).toBe(true);
      expect((await t.call('other', 'GET', `/api/professionals/invoices/${eduardos}/file`)).statusCode).toBe(200);
      const stolen = await t.call('professional', 'GET', `/api/professionals/invoices/${eduardos}/file`);
      expect(stolen.json()).toEqual({ msg: 'Nota fiscal não encontrada.', code: 'not-found' });
      const admin = await t.call('admin', 'GET', `/api/cms/professionals/invoices/${eduardos}/file`);
      expect(admin.headers['content-type']).toBe('application/pdf');
    });

    it('filters the admin list by status and by who registered', async () => {
      const pending = await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?status=pending&limit=100');
      expect(pending.json().items.every((item: { status: string }) => item.status === 'pending')).toBe(true);
      const bySellers = await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?submittedBy=shopkeeper');
      expect(bySellers.json().items.every((item: { submittedBy: string }) => item.submittedBy === 'shopkeeper')).toBe(
        true,
      );
      expect((await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?status=aberta')).statusCode).toBe(
        400,
      );
    });
  });

  describe('POST /api/cms/professionals/invoices/approve-many', () => {
    it('approves each pending invoice on its own, audited, and says which failed and why', async () => {
      const eduardo = { kind: 'professional' as const, id: t.ids.eduardo };
      const [anaBefore, eduardoBefore] = [
        await balanceOf(t.database.db, ana()),
        await balanceOf(t.database.db, eduardo),
      ];
      const anas = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item;
      const eduardos = (await submitInvoice(t, 'other', { storeId: t.ids.store, lines })).json().item;
      const decided = (await submitInvoice(t, 'other', { storeId: t.ids.store, lines })).json().item;
      await approve(decided.id);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const response = await t.call('admin', 'POST', '/api/cms/professionals/invoices/approve-many', {
        ids: [anas.id, eduardos.id, decided.id, unknown],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        msg: '2 notas fiscais aprovadas.',
        approved: 2,
        failed: [
          { id: decided.id, number: decided.number, msg: 'Esta nota fiscal já foi aprovada.' },
          { id: unknown, number: null, msg: 'Nota fiscal não encontrada.' },
        ],
      });
      expect(await balanceOf(t.database.db, ana())).toBe(anaBefore + 1501_00);
      // Eduardo's: the one approved alone and the one approved with the others.
      expect(await balanceOf(t.database.db, eduardo)).toBe(eduardoBefore + 2 * 1501_00);
      const records = await t.database.db
        .select({ entityId: auditRecords.entityId })
        .from(auditRecords)
        .where(
          and(eq(auditRecords.action, 'invoice-approved'), inArray(auditRecords.entityId, [anas.id, eduardos.id])),
        );
      expect(records).toHaveLength(2);
      // And one record of the batch: who, how many, which.
      const [batch] = await t.database.db
        .select()
        .from(auditRecords)
        .where(eq(auditRecords.action, 'invoice-approve-many'))
        .orderBy(desc(auditRecords.createdAt))
        .limit(1);
      expect(batch).toMatchObject({ actorKind: 'admin', actorId: await adminId(), entity: 'invoice', entityId: null });
      expect(batch?.after).toEqual({
        requested: 4,
        approved: 2,
        ids: [anas.id, eduardos.id],
        failed: [decided.id, unknown],
      });
    });

    it('refuses an empty selection and answers 403 to a participant', async () => {
      const empty = await t.call('admin', 'POST', '/api/cms/professionals/invoices/approve-many', { ids: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().msg).toContain('Selecione as notas fiscais.');
      const participant = await t.call('professional', 'POST', '/api/cms/professionals/invoices/approve-many', {
        ids: ['00000000-0000-4000-8000-000000000000'],
      });
      expect(participant.statusCode).toBe(403);
    });
  });

  describe('the admin list by professional and period', () => {
    it('finds a professional’s invoices by name or masked CPF, and only an admin’s search does', async () => {
      await submitInvoice(t, 'other', { storeId: t.ids.store, lines });
      // Eduardo's CPF, given here: the demo account may have none.
      const cpf = cpfFrom('318406270');
      await t.database.db.update(professionals).set({ cpf }).where(eq(professionals.id, t.ids.eduardo));
      const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}`;
      for (const search of ['eduardo', masked]) {
        const found = await t.call(
          'admin',
          'GET',
          `/api/cms/professionals/invoices/get-all?limit=100&search=${encodeURIComponent(search)}`,
        );
        expect(found.statusCode).toBe(200);
        const items = found.json().items as { professional: { id: string } }[];
        expect(items.length).toBeGreaterThan(0);
        expect(items.every((item) => item.professional.id === t.ids.eduardo)).toBe(true);
      }
      // A participant's search is by number or key only: their own name finds nothing.
      const own = await t.call('other', 'GET', '/api/professionals/invoices/get-all?search=eduardo');
      expect(own.json().items).toEqual([]);
    });

    it('filters by the issue date period', async () => {
      const all = (await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?limit=100')).json().items as {
        issuedOn: string;
      }[];
      const day = all[0]?.issuedOn ?? '';
      const within = await t.call(
        'admin',
        'GET',
        `/api/cms/professionals/invoices/get-all?limit=100&from=${day}&to=${day}`,
      );
      const items = within.json().items as { issuedOn: string }[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.issuedOn === day)).toBe(true);
      const after = await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?from=2999-01-01');
      expect(after.json().items).toEqual([]);
    });
  });

  describe('POST /api/cms/professionals/invoices/update and update-products', () => {
    it('edits a pending invoice and its products, and refuses once it is approved', async () => {
      const id = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      const updated = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update', { id, series: 'a1' });
      expect(updated.json().item.series).toBe('A1');
      const products = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update-products', {
        id,
        lines: [{ sku: 'PISO-01', quantity: 1, total: 10 }],
      });
      expect(products.json().item).toMatchObject({ total: 10, lines: [{ sku: 'PISO-01', participating: true }] });
      await approve(id);
      const late = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update', { id, series: '2' });
      expect([late.statusCode, late.json().msg]).toEqual([409, 'Só uma nota fiscal pendente pode ser alterada.']);
      const lateProducts = await t.call('admin', 'POST', '/api/cms/professionals/invoices/update-products', {
        id,
        lines: [{ sku: 'PISO-01', quantity: 1, total: 10 }],
      });
      expect(lateProducts.statusCode).toBe(409);
    });
  });

  describe('the queue by the day it was sent and by professional', () => {
    it('filters by the São Paulo day the invoice was sent, and exports as filtered', async () => {
      const invoice = (await submitInvoice(t, 'other', { storeId: t.ids.store, lines })).json().item;
      // 23:30 of 9 March in São Paulo is already 10 March in UTC.
      await t.database.db
        .update(invoices)
        .set({ createdAt: new Date('2026-03-10T02:30:00Z') })
        .where(eq(invoices.id, invoice.id));
      const list = async (query: string) =>
        (await t.call('admin', 'GET', `/api/cms/professionals/invoices/get-all?limit=100&${query}`)).json().items as {
          id: string;
        }[];
      expect((await list('submittedFrom=2026-03-09&submittedTo=2026-03-09')).map((item) => item.id)).toEqual([
        invoice.id,
      ]);
      expect(await list('submittedFrom=2026-03-10&submittedTo=2026-03-10')).toEqual([]);
      expect(await list('submittedTo=2026-03-08')).toEqual([]);
      const bad = await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?submittedFrom=09/03/2026');
      expect(bad.statusCode).toBe(400);
      const csv = await t.call(
        'admin',
        'GET',
        '/api/cms/professionals/invoices/export?submittedFrom=2026-03-09&submittedTo=2026-03-09',
      );
      const rows = csv.body.trim().split(/\r?\n/);
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain(invoice.number);
    });

    it('filters and exports the invoices of one professional', async () => {
      await submitInvoice(t, 'other', { storeId: t.ids.store, lines });
      const page = (
        await t.call(
          'admin',
          'GET',
          `/api/cms/professionals/invoices/get-all?limit=100&professionalId=${t.ids.eduardo}`,
        )
      ).json() as { total: number; items: { professional: { id: string } }[] };
      expect(page.total).toBeGreaterThan(0);
      expect(page.items.every((item) => item.professional.id === t.ids.eduardo)).toBe(true);
      const csv = await t.call(
        'admin',
        'GET',
        `/api/cms/professionals/invoices/export?professionalId=${t.ids.eduardo}`,
      );
      expect(csv.body.trim().split(/\r?\n/)).toHaveLength(page.total + 1);
    });
  });

  describe('approved lines keep their points', () => {
    const timeline = async (id: string) =>
      (await t.call('admin', 'GET', `/api/cms/professionals/invoices/${id}/timeline`)).json() as {
        linePoints: number[];
        linePointsCredited: boolean;
      };

    it('shows what the approval credited after the rules change; a pending invoice shows today’s rules', async () => {
      const approvedId = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      await approve(approvedId);
      const pendingId = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      expect(await timeline(approvedId)).toMatchObject({ linePoints: [1000, 501, 0, 0], linePointsCredited: true });
      expect(await timeline(pendingId)).toMatchObject({ linePoints: [1000, 501, 0, 0], linePointsCredited: false });

      const settings = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
      try {
        // Twice the points per R$, and the Deca product out of the programme.
        await t.call('admin', 'POST', '/api/cms/config/update-settings', { ...settings, pointsPerReal: 2 });
        await t.importFile('admin', '/api/products/import', {
          file: {
            name: 'p.csv',
            data: catalogue.replace('MET-01;Misturador;Deca;Metais;sim', 'MET-01;Misturador;Deca;Metais;não'),
          },
        });
        expect(await timeline(approvedId)).toEqual(
          expect.objectContaining({ linePoints: [1000, 501, 0, 0], linePointsCredited: true }),
        );
        const approved = (
          await t.call('admin', 'GET', `/api/cms/professionals/invoices/${approvedId}/timeline`)
        ).json();
        expect(approved.computation).toMatchObject({ participatingTotal: 1250.5, points: 1250.5, bonusPoints: 250.5 });
        const one = async (id: string) =>
          (
            (await t.call('admin', 'GET', '/api/cms/professionals/invoices/get-all?limit=100')).json().items as {
              id: string;
              lines: { participating: boolean }[];
            }[]
          ).find((item) => item.id === id);
        expect((await one(approvedId))?.lines.map((line) => line.participating)).toEqual([true, true, false, false]);
        expect((await one(pendingId))?.lines.map((line) => line.participating)).toEqual([true, false, false, false]);
        expect(await timeline(pendingId)).toMatchObject({ linePoints: [2000, 0, 0, 0], linePointsCredited: false });
        // Cancelled, it still shows what was credited (and reversed).
        await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
          id: approvedId,
          status: 'cancelled',
        });
        expect(await timeline(approvedId)).toMatchObject({ linePoints: [1000, 501, 0, 0], linePointsCredited: true });
      } finally {
        await t.call('admin', 'POST', '/api/cms/config/update-settings', settings);
        await t.importFile('admin', '/api/products/import', { file: { name: 'p.csv', data: catalogue } });
      }
    });

    it('keeps the points of the invoices approved before the lines kept them (the migration’s backfill)', async () => {
      const id = (await submitInvoice(t, 'professional', { storeId: t.ids.store, lines })).json().item.id;
      await approve(id);
      // As an invoice approved before the migration: nothing kept on its lines.
      await t.database.db
        .update(invoiceLines)
        .set({ points: null, participating: null })
        .where(eq(invoiceLines.invoiceId, id));
      expect((await timeline(id)).linePointsCredited).toBe(false);
      await t.database.db.execute(sql.raw(backfill()));
      const kept = await timeline(id);
      expect(kept.linePointsCredited).toBe(true);
      // The credited 1,501 points spread over the participating lines by their value; none on the others.
      expect(kept.linePoints).toEqual([1200.31, 300.69, 0, 0]);
    });
  });

  describe('a flood of uploads', () => {
    it('answers 429 to the 101st upload of one account within the hour, before reading it', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 101; i += 1) {
        statuses.push((await t.upload('consultant', '/api/shopkeeper/invoices/create', { fields: {} })).statusCode);
      }
      expect(statuses.slice(0, 100).every((status) => status !== 429)).toBe(true);
      expect(statuses[100]).toBe(429);
      // Another account is not held back by it.
      expect((await submitInvoice(t, 'shopkeeper', { professionalId: t.ids.ana, lines })).statusCode).toBe(200);
      // 102 requests: more than the default 5 s on a loaded machine.
    }, 30_000);
  });

  async function adminId() {
    const [row] = await t.database.db.select({ id: adminUsers.id }).from(adminUsers);
    return row?.id;
  }
});
