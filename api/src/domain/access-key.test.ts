import {
  accessKeyCheckDigit,
  accessKeyFromNfceUrl,
  accessKeyInText,
  accessKeyMessages,
  invoiceInputSchema,
  keyContradictions,
  keyReadingMessages,
  normalizeAccessKey,
  parseAccessKey,
} from '@especifica/mf-shared/contracts';
import { z } from 'zod/mini';
import { withCnpjCheckDigits } from './cnpj';

// The access key's rules (contracts/access-key.ts), shared by the XML reader, the API's contracts and the forms.

const CNPJ = withCnpjCheckDigits('123456780001');
const keyOf = (first43: string) => `${first43}${accessKeyCheckDigit(first43)}`;
const first43 = (parts: { state?: string; yymm?: string; cnpj?: string; model?: string; emission?: string } = {}) =>
  [
    parts.state ?? '35',
    parts.yymm ?? '2611',
    parts.cnpj ?? CNPJ,
    parts.model ?? '55',
    '001',
    '000004321',
    parts.emission ?? '1',
    '12345678',
  ].join('');

describe('access key', () => {
  it('reads its parts: UF, year and month, CNPJ, model, series, number, emission, code and check digit', () => {
    const key = keyOf(first43());
    const parsed = parseAccessKey(key);
    expect(parsed).toEqual({
      ok: true,
      key: {
        key,
        state: '35',
        year: 2026,
        month: 11,
        cnpj: CNPJ,
        model: '55',
        series: '001',
        number: '000004321',
        emission: '1',
        code: '12345678',
        checkDigit: Number(key[43]),
      },
    });
  });

  it('takes an NFC-e (model 65) and an alphanumeric CNPJ, whose letters count by their ASCII code minus 48', () => {
    const cnpj = withCnpjCheckDigits('12ABC34501DE');
    const key = keyOf(first43({ cnpj, model: '65' }));
    // A = 65 - 48 = 17 in the weighted sum: the digit differs from the one a naive digit-only sum would give.
    expect(parseAccessKey(key)).toMatchObject({ ok: true, key: { cnpj, model: '65' } });
  });

  it.each([
    ['a short key', keyOf(first43()).slice(0, 43), 'length'],
    ['a letter outside the CNPJ', (() => keyOf(`${first43().slice(0, 30)}A${first43().slice(31)}`))(), 'characters'],
    ['a lower-case letter', keyOf(first43({ cnpj: withCnpjCheckDigits('12ABC34501DE') })).toLowerCase(), 'characters'],
    ['a UF code that does not exist', keyOf(first43({ state: '99' })), 'state'],
    ['month 13', keyOf(first43({ yymm: '2613' })), 'month'],
    ['a CNPJ whose digits are wrong', keyOf(first43({ cnpj: `${CNPJ.slice(0, 12)}00` })), 'cnpj'],
    ['model 57 (a CT-e)', keyOf(first43({ model: '57' })), 'model'],
    ['emission type 0', keyOf(first43({ emission: '0' })), 'emission'],
    [
      'a wrong check digit',
      (() => {
        const key = keyOf(first43());
        return `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
      })(),
      'digit',
    ],
  ])('refuses %s, naming the rule in pt-BR', (_case, key, reason) => {
    const parsed = parseAccessKey(key);
    expect(parsed).toMatchObject({ ok: false, reason });
    expect(parsed.ok ? '' : parsed.message).toMatch(/chave de acesso/);
  });

  it('refuses number zero', () => {
    const zero = `${first43().slice(0, 25)}000000000${first43().slice(34)}`;
    expect(parseAccessKey(keyOf(zero))).toMatchObject({ ok: false, reason: 'number' });
  });

  it('reads a key as a DANFE prints it, in groups of four', () => {
    const key = keyOf(first43());
    const printed = key.replace(/(.{4})/g, '$1 ').trim();
    expect(normalizeAccessKey(printed)).toBe(key);
  });

  it("is the API contract's check of a typed key, with the failed rule's message", () => {
    const key = keyOf(first43());
    const base = { number: '4321', series: '1', issuedOn: '2026-11-10', lines: [{ sku: 'A', quantity: 1, total: 1 }] };
    const typed = (accessKey: string) => z.safeParse(invoiceInputSchema, { ...base, accessKey });
    expect(typed(key.replace(/(.{4})/g, '$1 ')).data?.accessKey).toBe(key);
    const wrong = typed(`${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`);
    expect(wrong.error?.issues).toEqual([
      expect.objectContaining({ path: ['accessKey'], message: accessKeyMessages.digit }),
    ]);
  });
});

describe("the key of a DANFE's text and of an NFC-e's QR code", () => {
  const nfce = (state: string) => keyOf(first43({ state, model: '65' }));

  it.each([
    [
      'SP, version 2 online',
      '35',
      (k: string) =>
        `https://www.nfce.fazenda.sp.gov.br/NFCeConsultaPublica/Paginas/ConsultaQRCode.aspx?p=${k}|2|1|1|5B3A0C7E2F4D1A6B8C9D0E1F2A3B4C5D6E7F8091`,
    ],
    [
      'RS (SVRS), version 2 offline',
      '43',
      (k: string) =>
        `https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=${k}|2|1|10|159.90|6a4b2f7c9e1d3a5b|1|ABCDEF0123456789ABCDEF0123456789ABCDEF01`,
    ],
    [
      'MG, the pipes encoded',
      '31',
      (k: string) =>
        `https://portalsped.fazenda.mg.gov.br/portalnfce/sistema/qrcode.xhtml?p=${k}%7C2%7C1%7C1%7CDF1F3E2A9B`,
    ],
    ['RJ, version 3', '33', (k: string) => `https://consultadfe.fazenda.rj.gov.br/consultaNFCe/QRCode?p=${k}|3|1`],
    [
      'PR, version 1 (chNFe)',
      '41',
      (k: string) =>
        `http://www.fazenda.pr.gov.br/nfce/qrcode?chNFe=${k}&nVersao=100&tpAmb=1&dhEmi=323032362d31312d3130&vNF=159.90&vICMS=0.00&digVal=4e4a&cIdToken=000001&cHashQRCode=ABCDEF`,
    ],
    ['PE, version 2', '26', (k: string) => `http://nfce.sefaz.pe.gov.br/nfce/consulta?p=${k}|2|1|1|C0FFEE`],
  ])('reads the key of %s', (_case, state, url) => {
    const key = nfce(state);
    expect(accessKeyFromNfceUrl(url(key))).toMatchObject({ ok: true, key: { key, state, model: '65' } });
  });

  it("refuses a link that is not a state's NFC-e, or holds no key, or a key that fails", () => {
    const key = nfce('35');
    expect(accessKeyFromNfceUrl('nota fiscal')).toMatchObject({ ok: false, message: keyReadingMessages.qrUrl });
    expect(accessKeyFromNfceUrl(`https://sefaz.example.com/nfce?p=${key}|2|1`)).toMatchObject({
      ok: false,
      reason: 'qr',
    });
    expect(accessKeyFromNfceUrl(`javascript:alert(1)//.gov.br?p=${key}`)).toMatchObject({ ok: false, reason: 'qr' });
    expect(accessKeyFromNfceUrl('https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?x=1')).toMatchObject({
      message: keyReadingMessages.qrNoKey,
    });
    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    expect(accessKeyFromNfceUrl(`https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=${wrong}|2|1`)).toMatchObject({
      ok: false,
      reason: 'digit',
    });
  });

  it("finds the key among a DANFE's other numbers, in groups of four, whole or dotted", () => {
    const key = keyOf(first43());
    const around = (printed: string) =>
      `NF-e Nº 000.004.321 Série 001 CHAVE DE ACESSO ${printed} PROTOCOLO 135260000012345`;
    expect(accessKeyInText(around(key.replace(/(.{4})/g, '$1 ').trim()))).toMatchObject({ ok: true, key: { key } });
    expect(accessKeyInText(around(key))).toMatchObject({ ok: true, key: { key } });
    expect(accessKeyInText(around(key.replace(/(.{4})(?=.)/g, '$1.')))).toMatchObject({ ok: true, key: { key } });
    expect(accessKeyInText(around(key.replace(/(.{4})(?=.)/g, '$1\n')))).toMatchObject({ ok: true, key: { key } });
    expect(accessKeyInText(around(''))).toBeNull();
    const wrong = `${key.slice(0, 43)}${(Number(key[43]) + 1) % 10}`;
    expect(accessKeyInText(around(wrong))).toMatchObject({ ok: false, reason: 'digit' });
  });

  it('names what the form says against the key: another store, number, series or month', () => {
    const parsed = parseAccessKey(keyOf(first43()));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(
      keyContradictions(parsed.key, { storeCnpj: CNPJ, number: '4321', series: '1', issuedOn: '2026-11-30' }),
    ).toEqual({});
    expect(
      keyContradictions(parsed.key, {
        storeCnpj: withCnpjCheckDigits('987654320001'),
        number: '4322',
        series: '2',
        issuedOn: '2026-12-01',
      }),
    ).toEqual({
      store: 'A chave de acesso é de outra loja: confira a loja escolhida.',
      number: 'A chave de acesso é da nota número 4321: confira o número.',
      series: 'A chave de acesso é da série 1: confira a série.',
      issuedOn: 'A chave de acesso é de uma nota emitida em 11/2026: confira a data de emissão.',
    });
  });
});
