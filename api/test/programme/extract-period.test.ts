import { count } from 'drizzle-orm';
import { invoices } from '../../src/db/schema';
import { balanceOf, postEntries } from '../../src/modules/ledger/service';
import { testDrivers } from '../support/database';
import { nfeXml } from '../support/nfe';
import { expectLedgerConsistent, PDF, type ProgrammeTest, startProgramme, submitInvoice } from '../support/programme';

const catalogue = ['sku;nome;marca;categoria;ativo', 'PISO-77;Porcelanato;Portinari;Pisos;sim'].join('\n');

describe.each(testDrivers)('the extract of a period on %s', (driver) => {
  let t: ProgrammeTest;
  let invoiceId = '';
  beforeAll(async () => {
    t = await startProgramme(driver);
    await t.importFile('admin', '/api/products/import', { file: { name: 'p.csv', data: catalogue } });
    const sent = await submitInvoice(t, 'other', {
      storeId: t.ids.store,
      lines: [
        { sku: 'PISO-77', description: 'Porcelanato', quantity: 2, total: 300 },
        { sku: 'FORA-1', description: 'Fora do catálogo', quantity: 1, total: 50 },
      ],
    });
    invoiceId = sent.json().item.id;
    const approved = await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
      id: invoiceId,
      status: 'approved',
    });
    expect(approved.statusCode).toBe(200);
    // A movement whose text a spreadsheet would run as a formula.
    await postEntries(t.database.db, [
      {
        participant: { kind: 'professional', id: t.ids.eduardo },
        amount: -20_00,
        kind: 'adjustment',
        sourceType: 'test',
        sourceId: 'formula',
        issuer: 'system',
        reason: '=HYPERLINK("http://x")',
      },
    ]);
  }, 60_000);
  afterAll(() => t?.close());
  afterEach(() => expectLedgerConsistent(t));

  describe('GET /api/professionals/extract/totals', () => {
    it('adds up what the period earned and took away, under the same filters as the extract', async () => {
      const all = await t.call('other', 'GET', '/api/professionals/extract/totals');
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({
        earned: 1500,
        redeemed: 0,
        expired: 0,
        reversed: 20,
        net: 1480,
        movements: 3,
      });
      const credits = await t.call('other', 'GET', '/api/professionals/extract/totals?kind=credit');
      // Eduardo starts with the 1,200 demo points.
      expect(credits.json()).toMatchObject({ earned: 1500, reversed: 0, movements: 2 });
      const before = await t.call('other', 'GET', '/api/professionals/extract/totals?to=2020-01-01');
      expect(before.json()).toMatchObject({ earned: 0, net: 0, movements: 0 });
    });

    it('refuses a bad filter in pt-BR and needs a participant', async () => {
      const bad = await t.call('other', 'GET', '/api/professionals/extract/totals?kind=presente');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/tipo de movimentação/);
      expect((await t.call(null, 'GET', '/api/professionals/extract/totals')).statusCode).toBe(401);
      expect((await t.call('admin', 'GET', '/api/professionals/extract/totals')).statusCode).toBe(403);
    });
  });

  describe('GET /api/professionals/extract/export', () => {
    it('downloads the filtered movements as a pt-BR CSV, oldest first, with formulas neutralised', async () => {
      const response = await t.call('other', 'GET', '/api/professionals/extract/export');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="extrato-\d{4}-\d{2}-\d{2}\.csv"/);
      const lines = response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('"Data";"Tipo";"Descrição";"Pontos"');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain('"Pontos de demonstração";1200');
      expect(lines[2]).toMatch(/^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}";"Crédito";"Nota fiscal \d+";300$/);
      expect(lines[3]).toContain(`"Ajuste";"'=HYPERLINK(""http://x"")";-20`);
      const credits = await t.call('other', 'GET', '/api/professionals/extract/export?kind=adjustment');
      expect(credits.body.trim().split('\r\n')).toHaveLength(2);
    });

    it('holds only the caller’s own movements', async () => {
      const ana = await t.call('professional', 'GET', '/api/professionals/extract/export');
      expect(ana.statusCode).toBe(200);
      expect(ana.body).not.toContain('HYPERLINK');
      expect((await t.call(null, 'GET', '/api/professionals/extract/export')).statusCode).toBe(401);
    });
  });

  describe('GET /api/professionals/invoices/:id/timeline', () => {
    it('tells when the invoice was sent, who approved it, and how its points were computed', async () => {
      const response = await t.call('other', 'GET', `/api/professionals/invoices/${invoiceId}/timeline`);
      expect(response.statusCode).toBe(200);
      const timeline = response.json();
      expect(timeline.events.map((event: { action: string }) => event.action)).toEqual(['sent', 'approved']);
      expect(timeline.events[1].by).toBeTruthy();
      expect(timeline.computation).toEqual({ participatingTotal: 300, pointsPerReal: 1, points: 300, bonusPoints: 0 });
    });

    it('answers 404 for another participant’s invoice and 403 for the wrong role', async () => {
      const other = await t.call('professional', 'GET', `/api/professionals/invoices/${invoiceId}/timeline`);
      expect(other.statusCode).toBe(404);
      expect(other.json().msg).toBe('Nota fiscal não encontrada.');
      expect((await t.call('admin', 'GET', `/api/professionals/invoices/${invoiceId}/timeline`)).statusCode).toBe(403);
      expect((await t.call('shopkeeper', 'GET', `/api/shopkeeper/invoices/${invoiceId}/timeline`)).statusCode).toBe(
        404,
      );
    });

    it('shows a rejection with its reason', async () => {
      const sent = await submitInvoice(t, 'other', {
        storeId: t.ids.store,
        lines: [{ sku: 'PISO-77', description: 'Porcelanato', quantity: 1, total: 10 }],
      });
      const id = sent.json().item.id;
      await t.call('admin', 'POST', '/api/cms/professionals/invoices/change-status', {
        id,
        status: 'rejected',
        reason: 'Nota ilegível',
      });
      const timeline = (await t.call('other', 'GET', `/api/professionals/invoices/${id}/timeline`)).json();
      expect(timeline.events[1]).toMatchObject({ action: 'rejected', reason: 'Nota ilegível' });
    });
  });

  describe('GET /api/cms/professionals/invoices/:id/timeline', () => {
    it('shows an admin who did what, and the professional’s balance now', async () => {
      const response = await t.call('admin', 'GET', `/api/cms/professionals/invoices/${invoiceId}/timeline`);
      expect(response.statusCode).toBe(200);
      const timeline = response.json();
      expect(timeline.events.map((event: { action: string }) => event.action)).toEqual(['sent', 'approved']);
      expect(timeline.events[1].by).toBeTruthy();
      const balance = await balanceOf(t.database.db, { kind: 'professional', id: t.ids.eduardo });
      expect(timeline.professional.balance).toBe(balance / 100);
      expect(timeline.professional.name).toBeTruthy();
      // The catalogue's PISO-77 gives R$ 300 x 1 point; the line outside the catalogue gives none.
      expect(timeline.linePoints).toEqual([300, 0]);
    });

    it('answers 404 for an unknown invoice and 403 to a participant', async () => {
      const unknown = await t.call(
        'admin',
        'GET',
        '/api/cms/professionals/invoices/00000000-0000-4000-8000-000000000000/timeline',
      );
      expect(unknown.statusCode).toBe(404);
      expect((await t.call('other', 'GET', `/api/cms/professionals/invoices/${invoiceId}/timeline`)).statusCode).toBe(
        403,
      );
    });
  });

  describe('POST /api/professionals/invoices/read-nfe', () => {
    const read = (data: string | Buffer, url = '/api/professionals/invoices/read-nfe') =>
      t.upload('professional', url, { file: { name: 'nota.xml', data, contentType: 'text/xml' } });
    const invoiceCount = async () => (await t.database.db.select({ total: count() }).from(invoices))[0]?.total;

    it('shows what the XML holds, with the partner store and which products take part, and registers nothing', async () => {
      const before = await invoiceCount();
      const response = await read(
        nfeXml({ number: 4321, series: 2, customer: { cpf: '52998224725', name: 'Cliente' } }),
      );
      expect(response.statusCode).toBe(200);
      const reading = response.json();
      expect(reading).toMatchObject({
        number: '4321',
        series: '2',
        customer: { cpf: '52998224725', name: 'Cliente' },
        store: { id: t.ids.store },
        total: 1250.5,
      });
      expect(reading.accessKey).toHaveLength(44);
      expect(
        reading.lines.map((line: { sku: string; participating: boolean }) => [line.sku, line.participating]),
      ).toEqual([
        ['PISO-01', false],
        ['MET-01', false],
      ]);
      expect(await invoiceCount()).toBe(before);
    });

    it('refuses a file that is not an NF-e XML, in pt-BR', async () => {
      const pdf = await read(PDF);
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json()).toMatchObject({ msg: 'Envie o XML da NF-e para ler os dados da nota.', code: 'nfe-required' });
      const broken = await read('<?xml version="1.0"?><nada/>');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().msg).toMatch(/não é uma NF-e/);
      expect((await t.upload('professional', '/api/shopkeeper/invoices/read-nfe', {})).statusCode).toBe(403);
    });
  });
});
