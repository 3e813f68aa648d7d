import {
  accessKeyCheckDigit,
  accessKeyMessages,
  invoiceInputSchema,
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
