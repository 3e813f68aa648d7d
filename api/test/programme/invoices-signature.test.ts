import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { invoices } from '../../src/db/schema';
import { issueCertificate } from '../../src/demo/nfe-signing';
import { DEMO_STORE_CNPJ } from '../../src/demo/seed';
import { withCnpjCheckDigits } from '../../src/domain/cnpj';
import { signatureMessages } from '../../src/files/nfe-signature';
import { testDrivers } from '../support/database';
import { nfeXml } from '../support/nfe';
import { type Caller, type ProgrammeTest, saoPauloToday, startProgramme } from '../support/programme';

// The NF-e's signature on upload (docs/invoice-trust.md): kept with the invoice and returned by the participant's
// and the admin's lists, details and timelines; a signature that fails is refused with its reason and saves nothing.
// The test's own root comes in through NFE_TRUSTED_ROOTS, as a homologation deployment's would.

const root = issueCertificate({ commonName: 'AC Raiz de Teste', ca: true });
const intermediate = issueCertificate({ commonName: 'AC Intermediária de Teste', ca: true, issuer: root });
const store = issueCertificate({
  commonName: `CASA E ACABAMENTO DEMO LTDA:${DEMO_STORE_CNPJ}`,
  issuer: intermediate,
  cnpj: DEMO_STORE_CNPJ,
});
const otherCnpj = withCnpjCheckDigits('987654320001');
const otherStore = issueCertificate({ commonName: `OUTRA LOJA:${otherCnpj}`, issuer: intermediate, cnpj: otherCnpj });

const urls: Partial<Record<Caller, string>> = {
  admin: '/api/cms/professionals/invoices/create',
  professional: '/api/professionals/invoices/create',
  shopkeeper: '/api/shopkeeper/invoices/create',
};

let nextNumber = 91_000;
const issuedAt = () => `${saoPauloToday()}T08:00:00-03:00`;
const xmlOf = (signer = store) => nfeXml({ number: ++nextNumber, series: 4, issuedAt: issuedAt(), signer });

describe.each(testDrivers)('NF-e signatures on upload on %s', (driver) => {
  let t: ProgrammeTest;
  beforeAll(async () => {
    const bundle = path.join(mkdtempSync(path.join(tmpdir(), 'nfe-roots-')), 'roots.pem');
    writeFileSync(bundle, root.pem + intermediate.pem);
    t = await startProgramme(driver, { nfeTrustedRoots: bundle });
  }, 60_000);
  afterAll(() => t?.close());

  const send = (caller: Caller, xml: string, fields: Record<string, string> = {}) =>
    t.upload(caller, urls[caller] ?? '', { fields, file: { name: 'nota.xml', data: xml, contentType: 'text/xml' } });
  const stored = async () => (await t.database.db.select({ total: count() }).from(invoices))[0]?.total ?? 0;

  const verified = {
    status: 'verified',
    signerName: 'CASA E ACABAMENTO DEMO LTDA',
    signerCnpj: DEMO_STORE_CNPJ,
    reason: null,
  };

  it("keeps a verified signature with the invoice: the participant's list, the admin's queue, detail and timelines", async () => {
    const created = await send('professional', xmlOf());
    expect(created.statusCode).toBe(200);
    const { id } = created.json().item;
    expect(created.json().item.signature).toEqual(verified);

    const mine = await t.call('professional', 'GET', `/api/professionals/invoices/get-all?search=${nextNumber}`);
    expect(mine.json().items[0]).toMatchObject({ id, signature: verified });
    const queue = await t.call(
      'admin',
      'GET',
      `/api/cms/professionals/invoices/get-all?status=pending&search=${nextNumber}`,
    );
    expect(queue.json().items[0]).toMatchObject({ id, signature: verified });
    const timeline = await t.call('professional', 'GET', `/api/professionals/invoices/${id}/timeline`);
    expect(timeline.json().signature).toEqual(verified);
    const review = await t.call('admin', 'GET', `/api/cms/professionals/invoices/${id}/timeline`);
    expect(review.json().signature).toEqual(verified);
  });

  it('keeps an XML without a signature as unsigned, and an invoice without an XML as null', async () => {
    const unsigned = await send('professional', nfeXml({ number: ++nextNumber, series: 4, issuedAt: issuedAt() }));
    expect(unsigned.statusCode).toBe(200);
    expect(unsigned.json().item.signature).toEqual({
      status: 'unsigned',
      signerName: null,
      signerCnpj: null,
      reason: null,
    });
    const typed = await t.upload('admin', urls.admin ?? '', {
      fields: {
        storeId: t.ids.store,
        professionalId: t.ids.ana,
        number: String(++nextNumber),
        series: '4',
        issuedOn: saoPauloToday(),
        lines: JSON.stringify([{ sku: 'PISO-01', quantity: 1, total: 10 }]),
      },
    });
    expect(typed.statusCode).toBe(200);
    expect(typed.json().item.signature).toBeNull();
  });

  it.each([
    [
      'a value changed after signing',
      () => xmlOf().replace('<qCom>10.5000</qCom>', '<qCom>20.5000</qCom>'),
      signatureMessages.mismatch,
    ],
    [
      "another store's certificate",
      () => xmlOf(otherStore),
      signatureMessages.otherCompany(otherCnpj, DEMO_STORE_CNPJ),
    ],
  ])('refuses %s with its reason in pt-BR, saving nothing, whoever sends it', async (_case, make, msg) => {
    // docs/invoice-trust.md, "A tampered XML": no upload keeps a document whose signature fails, not even an admin's,
    // so no invoice is ever pending with an invalid signature.
    const before = await stored();
    for (const caller of ['professional', 'shopkeeper', 'admin'] as const) {
      const fields: Record<string, string> = caller === 'admin' ? { professionalId: t.ids.ana } : {};
      const refused = await send(caller, make(), fields);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'nfe-signature', msg });
    }
    expect(await stored()).toBe(before);
    const invalid = await t.database.db
      .select({ total: count() })
      .from(invoices)
      .where(eq(invoices.signature, 'invalid'));
    expect(invalid[0]?.total).toBe(0);
  });

  it('shows the signature before sending, in the read-nfe preview', async () => {
    const reading = await t.upload('professional', '/api/professionals/invoices/read-nfe', {
      file: { name: 'nota.xml', data: xmlOf(), contentType: 'text/xml' },
    });
    expect(reading.statusCode).toBe(200);
    expect(reading.json().signature).toEqual(verified);
  });
});
