import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';
import { nfeKey, nfeXml } from '../../test/support/nfe';
import { demoNfeXml } from '../demo/files';
import { certificateSerial, issueCertificate, nfeSettingsOf } from '../demo/nfe-signing';
import { DEMO_STORE_CNPJ } from '../demo/seed';
import { withCnpjCheckDigits } from '../domain/cnpj';
import { HttpError } from '../kernel/errors';
import { configureNfe, readNfe, readNfeOffThread } from './nfe';
import { ICP_BRASIL_ROOTS, icpBrasilTrust, type NfeTrust, signatureMessages, withRoots } from './nfe-signature';
import { checkNfeSignature } from './xml-signature.cjs';

// The NF-e's signature (domain.md, "Invoice trust"): a self-made root, intermediate and stores' certificates made
// here (no real private key anywhere), documents signed as SEFAZ expects and then tampered with; and real
// homologação documents signed by ICP-Brasil certificates, checked against the chain kept in the repository.

const fixture = (name: string) => readFileSync(path.join(__dirname, '../../test/fixtures/nfe', name));

/** The {msg, code} that reading answers (a 400), or 'accepted'. */
async function refusal(read: () => unknown): Promise<{ code: string; msg: string } | 'accepted'> {
  try {
    await read();
    return 'accepted';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { code: error.body.code ?? '', msg: error.body.msg };
  }
}

const root = issueCertificate({ commonName: 'AC Raiz de Teste', ca: true });
const intermediate = issueCertificate({ commonName: 'AC Intermediária de Teste', ca: true, issuer: root });
const storeCertificate = (cnpj: string, options: { notBefore?: Date; notAfter?: Date } = {}) =>
  issueCertificate({ commonName: `CASA E ACABAMENTO DEMO LTDA:${cnpj}`, issuer: intermediate, cnpj, ...options });
const store = storeCertificate(DEMO_STORE_CNPJ);

const testTrust: NfeTrust = withRoots({ roots: [], intermediates: [] }, root.pem + intermediate.pem);
const production = (trust: NfeTrust = testTrust) => configureNfe({ environment: 'producao', trust });

const signed = (overrides: Parameters<typeof nfeXml>[0] = {}) => nfeXml({ signer: store, ...overrides });
const read = (xml: string | Buffer) => readNfe(Buffer.isBuffer(xml) ? xml : Buffer.from(xml));

describe('NF-e signature: documents signed here', () => {
  beforeEach(() => production());

  it.each(['RSA-SHA1', 'RSA-SHA256'] as const)(
    'an nfeProc signed with %s as SEFAZ expects is verified, with the signer and its CNPJ',
    async (algorithm) => {
      const xml = signed({ algorithm });
      expect(xml).toContain('<Transform Algorithm="http://www.w3.org/2000/09/xmldsig#enveloped-signature"/>');
      const expected = {
        status: 'verified',
        signerName: 'CASA E ACABAMENTO DEMO LTDA',
        signerCnpj: DEMO_STORE_CNPJ,
      };
      expect(read(xml).signature).toEqual(expected);
      // The upload routes' way: the same check on the worker thread.
      expect((await readNfeOffThread(Buffer.from(xml))).signature).toEqual(expected);
    },
  );

  it('a document without a signature is read as unsigned', () => {
    expect(read(nfeXml()).signature).toEqual({ status: 'unsigned' });
  });

  it("a head office's certificate signs for its branches: the CNPJ's first 8 characters decide", () => {
    const headOffice = storeCertificate(withCnpjCheckDigits(`${DEMO_STORE_CNPJ.slice(0, 8)}0001`));
    const branch = withCnpjCheckDigits(`${DEMO_STORE_CNPJ.slice(0, 8)}0007`);
    expect(read(nfeXml({ cnpj: branch, signer: headOffice })).signature).toMatchObject({ status: 'verified' });
  });

  it('an e-CNPJ without the otherName is read by the ":CNPJ" end of its common name', () => {
    const plain = issueCertificate({ commonName: `LOJA SEM OTHERNAME:${DEMO_STORE_CNPJ}`, issuer: intermediate });
    expect(read(nfeXml({ signer: plain })).signature).toEqual({
      status: 'verified',
      signerName: 'LOJA SEM OTHERNAME',
      signerCnpj: DEMO_STORE_CNPJ,
    });
  });

  it.each([
    [
      'a value changed after signing (a line’s quantity)',
      () => signed().replace('<qCom>10.5000</qCom>', '<qCom>99.5000</qCom>'),
      signatureMessages.mismatch,
    ],
    [
      'the buyer’s CPF added after signing',
      () => signed().replace('</emit>', '</emit><dest><CPF>52998224725</CPF></dest>'),
      signatureMessages.mismatch,
    ],
    [
      'a second infNFe with the same Id: the signed one kept aside, a tampered one read (signature wrapping)',
      () => {
        const xml = signed();
        const original = /<infNFe[\s\S]*?<\/infNFe>/.exec(xml)?.[0] ?? '';
        const tampered = original.replace('<qCom>10.5000</qCom>', '<qCom>99.5000</qCom>');
        return xml.replace(original, tampered).replace('</nfeProc>', `<extra>${original}</extra></nfeProc>`);
      },
      signatureMessages.wrapping,
    ],
    [
      'the signature moved out of the NFe it signs',
      () => {
        const xml = signed();
        const signature = /<Signature[\s\S]*<\/Signature>/.exec(xml)?.[0] ?? '';
        return xml.replace(signature, '').replace('</nfeProc>', `${signature}</nfeProc>`);
      },
      signatureMessages.wrapping,
    ],
    [
      'a reference that names another element',
      () => signed().replace(/URI="#NFe\d+"/, 'URI="#outro"'),
      signatureMessages.wrapping,
    ],
    [
      'another store’s certificate',
      () => nfeXml({ signer: storeCertificate(withCnpjCheckDigits('987654320001')) }),
      signatureMessages.otherCompany(withCnpjCheckDigits('987654320001'), DEMO_STORE_CNPJ),
    ],
    [
      'a certificate expired before the date of issue',
      () =>
        nfeXml({
          signer: storeCertificate(DEMO_STORE_CNPJ, {
            notBefore: new Date('2024-01-01'),
            notAfter: new Date('2025-01-01'),
          }),
        }),
      signatureMessages.expired('15/01/2026'),
    ],
    [
      'a certificate from an untrusted root',
      () => {
        const rogue = issueCertificate({ commonName: 'AC Raiz Desconhecida', ca: true });
        const signer = issueCertificate({
          commonName: `LOJA:${DEMO_STORE_CNPJ}`,
          issuer: rogue,
          cnpj: DEMO_STORE_CNPJ,
        });
        return nfeXml({ signer });
      },
      signatureMessages.untrusted,
    ],
    [
      'a certificate that names no company',
      () => nfeXml({ signer: issueCertificate({ commonName: 'PESSOA FISICA', issuer: intermediate }) }),
      signatureMessages.noCnpj,
    ],
  ])('refuses %s, saying why in pt-BR, on both threads', async (_case, make, msg) => {
    const xml = Buffer.from(make());
    expect(await refusal(() => read(xml))).toEqual({ code: 'nfe-signature', msg });
    expect(await refusal(() => readNfeOffThread(xml))).toEqual({ code: 'nfe-signature', msg });
  });

  it('a comment slipped into a signed value keeps the signature, and the value is read whole', () => {
    // A comment is outside C14N: slipped into a signed value it leaves the signature intact (the trick of the 2025
    // xml-crypto advisories). The fields are read from what the signature covers (getSignedReferences()).
    const xml = signed({ number: 4321 }).replace('<nNF>4321</nNF>', '<nNF>43<!-- -->21</nNF>');
    const document = read(xml);
    expect(document.signature).toMatchObject({ status: 'verified' });
    expect(document).toMatchObject({ number: '4321', storeCnpj: DEMO_STORE_CNPJ, productsTotal: 1250_50 });
  });
});

describe("NF-e signature: the check agrees with xml-crypto's own", () => {
  // checkNfeSignature computes the reference's digest and verifies SignedInfo itself, over the DOM it has already
  // checked (xml-crypto's checkSignature parses the document again and finds the reference and the ancestors'
  // namespaces with XPath over all of it: 90 % of the time of a 100-line NF-e). Here xml-crypto, the reference,
  // judges the same bytes: it must accept exactly what the check accepts, and cover the same canonical infNFe.
  function byXmlCrypto(xml: string): { valid: boolean; covered: string[] } {
    const check = checkNfeSignature(xml);
    const certificate = /<X509Certificate>([^<]*)<\/X509Certificate>/.exec(xml)?.[1]?.replace(/\s+/g, '') ?? '';
    const signature = /<Signature[\s\S]*?<\/Signature>/.exec(xml)?.[0];
    if (!signature || check.status === 'unsigned') return { valid: false, covered: [] };
    const verifier = new SignedXml({
      publicCert: `-----BEGIN CERTIFICATE-----\n${certificate.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`,
    });
    verifier.loadSignature(signature);
    try {
      return { valid: verifier.checkSignature(xml), covered: verifier.getSignedReferences() };
    } catch {
      return { valid: false, covered: [] };
    }
  }
  const many = Array.from({ length: 100 }, (_, i) => ({
    sku: `SKU-${i}`,
    description: `Produto ${i} <&> "aspas"`,
    quantity: '1.0000',
    total: '10.00',
  }));

  it.each([
    ['RSA-SHA1', () => signed()],
    ['RSA-SHA256', () => signed({ algorithm: 'RSA-SHA256' })],
    ['a bare NFe', () => signed({ envelope: 'NFe' })],
    ['a prefixed namespace', () => signed({ prefix: 'nfe' })],
    ['100 lines with escaped text', () => signed({ lines: many })],
    ['a comment in a signed value', () => signed().replace('<nNF>4321</nNF>', '<nNF>43<!-- -->21</nNF>')],
    ['a value changed', () => signed().replace('<qCom>10.5000</qCom>', '<qCom>99.5000</qCom>')],
    ['the digest changed', () => signed().replace(/<DigestValue>./, '<DigestValue>A')],
    ['the signature value changed', () => signed().replace(/<SignatureValue>./, '<SignatureValue>A')],
    ['SignedInfo changed', () => signed().replace('<SignedInfo>', '<SignedInfo Id="x">')],
    ['a real homologação NF-e', () => fixture('nfe-homologacao-nfeproc.xml').toString()],
    ['a real homologação NFC-e', () => fixture('nfce-homologacao.xml').toString()],
  ])('%s', (_case, make) => {
    const xml = make();
    const check = checkNfeSignature(xml);
    const reference = byXmlCrypto(xml);
    expect(check.status === 'signed').toBe(reference.valid);
    if (check.status === 'signed') expect([check.signedInfNFe]).toEqual(reference.covered);
  });
});

describe('NF-e signature: real homologação documents and the ICP-Brasil chain', () => {
  it('keeps the ICP-Brasil roots pinned by fingerprint, and the published intermediates', () => {
    const trust = icpBrasilTrust();
    expect(trust.roots.map((certificate) => certificate.fingerprint256.replace(/:/g, '').toLowerCase()).sort()).toEqual(
      Object.keys(ICP_BRASIL_ROOTS).sort(),
    );
    expect(trust.intermediates).toHaveLength(248);
  });

  it('refuses to start from a roots file with a root that is not pinned', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'icp-'));
    const original = path.join(__dirname, '../../certs/icp-brasil');
    copyFileSync(path.join(original, 'intermediates.pem'), path.join(dir, 'intermediates.pem'));
    writeFileSync(path.join(dir, 'roots.pem'), readFileSync(path.join(original, 'roots.pem'), 'utf8') + root.pem);
    expect(() => icpBrasilTrust(dir)).toThrow(/unpinned/);
  });

  it('an NF-e authorised in homologação verifies against ICP-Brasil where NFE_ENVIRONMENT=homologacao', async () => {
    configureNfe({ environment: 'homologacao', trust: icpBrasilTrust() });
    const document = await readNfeOffThread(fixture('nfe-homologacao-nfeproc.xml'));
    expect(document).toMatchObject({
      accessKey: '43180906929383000163550010000000261000010301',
      storeCnpj: '06929383000163',
      issuedOn: '2018-09-25',
      signature: {
        status: 'verified',
        signerName: 'DIGITINS SISTEMAS DE INFORMATICA LTDA',
        signerCnpj: '06929383000163',
      },
    });
  });

  it('the same document is refused in production (tpAmb 2), and once altered anywhere', async () => {
    configureNfe({ environment: 'producao', trust: icpBrasilTrust() });
    expect(await refusal(() => readNfeOffThread(fixture('nfe-homologacao-nfeproc.xml')))).toMatchObject({
      code: 'nfe-homologation',
    });
    configureNfe({ environment: 'homologacao', trust: icpBrasilTrust() });
    const altered = fixture('nfe-homologacao-nfeproc.xml').toString().replace('<nNF>26</nNF>', '<nNF>27</nNF>');
    expect(await refusal(() => readNfeOffThread(Buffer.from(altered)))).toEqual({
      code: 'nfe-signature',
      msg: signatureMessages.mismatch,
    });
  });

  it("a real NFC-e signed by another company's certificate is refused, naming both CNPJs", async () => {
    configureNfe({ environment: 'homologacao', trust: icpBrasilTrust() });
    expect(await refusal(() => readNfeOffThread(fixture('nfce-homologacao.xml')))).toEqual({
      code: 'nfe-signature',
      msg: signatureMessages.otherCompany('58716523000119', '33657677000156'),
    });
  });

  it('only the ICP-Brasil roots by default: a document signed under a test root is untrusted', async () => {
    production(icpBrasilTrust());
    expect(await refusal(() => readNfeOffThread(Buffer.from(signed())))).toEqual({
      code: 'nfe-signature',
      msg: signatureMessages.untrusted,
    });
  });
});

describe("NF-e signature: the demo's documents", () => {
  const demoXml = () =>
    demoNfeXml({
      key: nfeKey({ yearMonth: '2611', cnpj: DEMO_STORE_CNPJ, model: '55', series: 1, number: 88 }),
      number: '88',
      series: '1',
      issuedOn: '2026-11-10',
      store: { cnpj: DEMO_STORE_CNPJ, name: 'Casa & Acabamento Demo', city: 'São Paulo', state: 'SP' },
      customer: null,
      lines: [{ sku: 'PISO-01', description: 'Porcelanato', quantity: 1, total: 100_00 }],
    });
  const settings = { nfeEnvironment: 'producao', nfeTrustedRoots: null } as const;

  it('are signed under the demo root, which only the embedded demo trusts', () => {
    configureNfe(nfeSettingsOf({ ...settings, databaseUrl: null, nodeEnv: 'development' }));
    expect(read(demoXml()).signature).toMatchObject({ status: 'verified', signerCnpj: DEMO_STORE_CNPJ });
    for (const deployment of [
      { databaseUrl: 'postgres://db/especifica', nodeEnv: 'development' },
      { databaseUrl: null, nodeEnv: 'production' },
    ]) {
      configureNfe(nfeSettingsOf({ ...settings, ...deployment }));
      expect(() => read(demoXml())).toThrow(signatureMessages.untrusted);
    }
  });
});

describe('NF-e signature: certificates made here', () => {
  it('have serial numbers that DER accepts, whatever the random first byte', () => {
    for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
      const serial = certificateSerial(Buffer.from([first, 0x00, 0x12]));
      expect(serial[0]).toBeGreaterThanOrEqual(0x01);
      expect(serial[0]).toBeLessThan(0x80);
      expect(serial.subarray(1)).toEqual(Buffer.from([0x00, 0x12]));
    }
  });
});
