import { accessKeyMessages, keyReadingMessages } from '@especifica/mf-shared/contracts';
import { count, eq } from 'drizzle-orm';
import { invoices } from '../../src/db/schema';
import { DEMO_STORE_CNPJ } from '../../src/demo/seed';
import { withCnpjCheckDigits } from '../../src/domain/cnpj';
import { danfePdf } from '../support/danfe';
import { testDrivers } from '../support/database';
import { nfeKey } from '../support/nfe';
import { PNG, type ProgrammeTest, saoPauloToday, startProgramme, submitInvoice } from '../support/programme';

// No typing (docs/invoice-trust.md): a DANFE PDF's text layer or an NFC-e QR code's link gives the access key, read
// by `…/invoices/read-key` without saving anything; the invoice sent with it stays for a human review.

const yearMonth = () => saoPauloToday().slice(2, 7).replace('-', '');
let nextNumber = 73_000;
const demoKey = (model = '55') =>
  nfeKey({ yearMonth: yearMonth(), cnpj: DEMO_STORE_CNPJ, model, series: 2, number: ++nextNumber });
const lines = [{ sku: 'PORC-60', description: 'Porcelanato 60x60', quantity: 10, total: 1200 }];

describe.each(testDrivers)('reading the access key with no typing on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    t = await startProgramme(driver);
  }, 60_000);
  afterAll(() => t?.close());

  const stored = async () => (await t.database.db.select({ total: count() }).from(invoices))[0]?.total ?? 0;
  const readPdf = async (data: Buffer, caller: 'professional' | 'shopkeeper' = 'professional') =>
    t.upload(caller, `/api/${caller === 'professional' ? 'professionals' : 'shopkeeper'}/invoices/read-key`, {
      file: { name: 'danfe.pdf', data, contentType: 'application/pdf' },
    });
  const readQr = (qr: string) => t.upload('professional', '/api/professionals/invoices/read-key', { fields: { qr } });

  it("fills a DANFE PDF's key from its text layer: the store, model, series, number and month, for both areas", async () => {
    const key = demoKey();
    const pdf = await danfePdf({ key });
    for (const caller of ['professional', 'shopkeeper'] as const) {
      const read = await readPdf(pdf, caller);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({
        source: 'pdf',
        accessKey: key,
        storeCnpj: DEMO_STORE_CNPJ,
        store: { id: t.ids.store, name: 'Casa & Acabamento Demo' },
        model: '55',
        series: '2',
        number: String(nextNumber),
        year: Number(saoPauloToday().slice(0, 4)),
        month: Number(saoPauloToday().slice(5, 7)),
        state: '35',
      });
    }
    // A key printed whole or with dots reads the same; another store's key names no partner store.
    const other = nfeKey({ cnpj: withCnpjCheckDigits('987654320001'), model: '55', series: 1, number: 9 });
    const dotted = await readPdf(await danfePdf({ text: ['Chave de acesso:', other.match(/.{4}/g)?.join('.') ?? ''] }));
    expect(dotted.json()).toMatchObject({ accessKey: other, store: null, storeCnpj: other.slice(6, 20) });
  });

  it("reads an NFC-e's key from its QR code's link", async () => {
    const key = demoKey('65');
    const read = await readQr(
      `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${key}|2|1|1|0A1B2C3D4E5F60718293A4B5C6D7E8F901234567`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ source: 'qr', accessKey: key, model: '65', store: { id: t.ids.store } });
  });

  it('refuses each bad input with its pt-BR message and saves nothing', async () => {
    const before = await stored();
    const badDigit = `${demoKey().slice(0, 43)}${(Number(demoKey().slice(43)) + 1) % 10}`;
    const cases: [string, Promise<{ statusCode: number; json(): unknown }>, string, string][] = [
      ['a PDF without a key', readPdf(await danfePdf()), 'pdf-no-key', keyReadingMessages.pdfNoKey],
      ['a scanned PDF', readPdf(await danfePdf({ text: null })), 'pdf-no-text', keyReadingMessages.pdfNoText],
      [
        'a broken PDF',
        readPdf(Buffer.from('%PDF-1.7\nnot really a pdf')),
        'pdf-unreadable',
        keyReadingMessages.pdfUnreadable,
      ],
      ['a wrong check digit', readPdf(await danfePdf({ key: badDigit })), 'access-key-digit', accessKeyMessages.digit],
      ['a picture', readPdf(PNG), 'pdf-required', keyReadingMessages.pdfRequired],
      [
        'another site',
        readQr(`https://example.com/nfce?p=${demoKey('65')}|2|1|1|AB`),
        'qr-url',
        keyReadingMessages.qrUrl,
      ],
      [
        'a link without the key',
        readQr('https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=123|2|1'),
        'qr-url',
        keyReadingMessages.qrNoKey,
      ],
      [
        'a QR key with a wrong digit',
        readQr(`https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=${badDigit}|2|1|1|AB`),
        'access-key-digit',
        accessKeyMessages.digit,
      ],
    ];
    for (const [what, answer, code, msg] of cases) {
      const response = await answer;
      expect({ what, status: response.statusCode, body: response.json() }).toMatchObject({
        what,
        status: 400,
        body: { code, msg },
      });
    }
    expect(await stored()).toBe(before);
  });

  it('answers 429 to the 121st reading of one account in 15 minutes, before reading it; another account goes on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await t.upload('consultant', '/api/shopkeeper/invoices/read-key', { fields: {} })).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status !== 429)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await readQr('https://www.fazenda.sp.gov.br/nfce/qrcode?p=inválido')).statusCode).not.toBe(429);
  }, 30_000);

  it('keeps the reading to the participants: an admin or nobody cannot use it', async () => {
    const pdf = await danfePdf({ key: demoKey() });
    const file = { name: 'danfe.pdf', data: pdf, contentType: 'application/pdf' };
    expect((await t.upload('admin', '/api/professionals/invoices/read-key', { file })).statusCode).toBe(403);
    expect((await t.upload(null, '/api/professionals/invoices/read-key', { file })).statusCode).toBe(401);
  });

  it('sends the invoice with its key, checked against the store, series and number, and keeps it for a human', async () => {
    const current = (await t.call('admin', 'GET', '/api/cms/config/get-settings')).json();
    await t.call('admin', 'POST', '/api/cms/config/update-settings', {
      ...current,
      automaticReview: true,
      automaticReviewHoldHours: 0,
    });
    try {
      const key = demoKey();
      const pdf = await danfePdf({ key });
      const read = (await readPdf(pdf)).json() as { number: string; series: string; accessKey: string };
      const fields = {
        storeId: t.ids.store,
        number: read.number,
        series: read.series,
        accessKey: read.accessKey,
        lines,
      };
      // A number other than the key's is refused by the server too.
      const wrong = await submitInvoice(t, 'professional', { ...fields, number: '1' }, { file: pdf });
      expect(wrong.json()).toMatchObject({ code: 'access-key-invoice' });
      const sent = await submitInvoice(t, 'professional', fields, { file: pdf });
      expect(sent.statusCode).toBe(200);
      const id = sent.json().item.id as string;
      expect(sent.json().item).toMatchObject({ status: 'pending', accessKey: key, signature: null });
      // Without a time of issue, the hold counts from the end of its day: the run comes the next day.
      t.clock.now = new Date(Date.now() + 30 * 3600_000);
      const run = await t.call('admin', 'POST', '/api/cms/jobs/automatic-review');
      expect(run.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
      expect(row).toMatchObject({ status: 'pending', autoReviewRule: 'signature' });
    } finally {
      t.clock.now = null;
      await t.call('admin', 'POST', '/api/cms/config/update-settings', current);
    }
  });
});
