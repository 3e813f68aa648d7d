import { isValidCnpj } from './documents';

// The access key (chave de acesso) of an NF-e or NFC-e: 44 characters that name one document of one store
// (domain.md, "Invoice trust"). Checked the same way wherever a key comes from: an NF-e XML, a typed key, a DANFE
// PDF's text or an NFC-e QR code. A key proves nothing by itself; it only says which document it claims to be.
//
//   cUF (2) | AAMM (4) | CNPJ (14) | model (2) | series (3) | number (9) | tpEmis (1) | cNF (8) | check digit (1)
//
// Since NT 2025.001 the CNPJ may carry letters in its first 12 characters (the alphanumeric CNPJ of July 2026); the
// check digits of the CNPJ and of the key are then computed over each character's ASCII code minus 48, which leaves
// the all-numeric ones as they were.

/** The layout's pattern: letters only in the first 12 characters of the emitter's CNPJ. */
export const ACCESS_KEY = /^\d{6}[0-9A-Z]{12}\d{26}$/;

/**
 * Modulo 11 with weights 2 to 9 from the right over each character's code minus 48; a rest of 0 or 1 gives 0. The
 * CNPJ's check digits and the access key's are both this one.
 */
export function modulo11CheckDigit(chars: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = chars.length - 1; i >= 0; i--) {
    sum += (chars.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The key's check digit (its 44th character) from the first 43. */
export const accessKeyCheckDigit = (first43: string): number => modulo11CheckDigit(first43);

/** The IBGE codes of the 27 units of the federation, the key's first two digits. */
const UF_CODES = new Set('11 12 13 14 15 16 17 21 22 23 24 25 26 27 28 29 31 32 33 35 41 42 43 50 51 52 53'.split(' '));

/** What a valid key says, each part as written in it (series and number keep their leading zeros). */
export interface AccessKey {
  key: string;
  /** cUF: the IBGE code of the emitter's state. */
  state: string;
  /** The year and month of issue (from AAMM: 20YY). */
  year: number;
  month: number;
  cnpj: string;
  model: '55' | '65';
  series: string;
  number: string;
  /** tpEmis: 1 normal, 2-9 the contingency forms. */
  emission: string;
  /** cNF: the code the emitter drew. */
  code: string;
  checkDigit: number;
}

export const accessKeyMessages = {
  length: 'A chave de acesso tem 44 caracteres: confira se a copiou inteira.',
  characters: 'A chave de acesso tem só números, e letras apenas no CNPJ do emitente (do 7º ao 18º caractere).',
  state: (code: string) => `A chave de acesso começa por ${code}, que não é o código de nenhuma UF.`,
  month: (yymm: string) =>
    `O ano e mês de emissão da chave de acesso (${yymm}, no formato AAMM) não são um mês válido.`,
  cnpj: 'O CNPJ do emitente dentro da chave de acesso (do 7º ao 20º caractere) é inválido.',
  model: (model: string) => `O modelo ${model} da chave de acesso não é de NF-e (55) nem de NFC-e (65).`,
  number: 'O número da nota dentro da chave de acesso (do 26º ao 34º caractere) não pode ser zero.',
  emission: (kind: string) => `O tipo de emissão ${kind} da chave de acesso (35º caractere) não existe.`,
  digit: 'A chave de acesso tem o dígito verificador errado: confira os 44 caracteres na nota fiscal.',
} as const;

export type AccessKeyFailure = keyof typeof accessKeyMessages;
export type AccessKeyResult = { ok: true; key: AccessKey } | { ok: false; reason: AccessKeyFailure; message: string };

/** Spaces, dots, dashes and slashes of a copied or printed key go (a DANFE prints it in groups of four). */
export const normalizeAccessKey = (input: string): string => input.replace(/[\s.\-/]/g, '').toUpperCase();

/** A key as people read and compare it, in groups of four as the DANFE prints it: "3526 1111 2222 …". */
export const formatAccessKey = (key: string): string => normalizeAccessKey(key).replace(/(.{4})(?=.)/g, '$1 ');

const failure = (reason: AccessKeyFailure, message: string): AccessKeyResult => ({ ok: false, reason, message });

/** Reads a key (exactly as given: normalise a typed one first) into its parts, or names the first rule it breaks. */
export function parseAccessKey(key: string): AccessKeyResult {
  if (key.length !== 44) return failure('length', accessKeyMessages.length);
  if (!ACCESS_KEY.test(key)) return failure('characters', accessKeyMessages.characters);
  const state = key.slice(0, 2);
  if (!UF_CODES.has(state)) return failure('state', accessKeyMessages.state(state));
  const yymm = key.slice(2, 6);
  const month = Number(key.slice(4, 6));
  if (month < 1 || month > 12) return failure('month', accessKeyMessages.month(yymm));
  const cnpj = key.slice(6, 20);
  if (!isValidCnpj(cnpj)) return failure('cnpj', accessKeyMessages.cnpj);
  const model = key.slice(20, 22);
  if (model !== '55' && model !== '65') return failure('model', accessKeyMessages.model(model));
  const number = key.slice(25, 34);
  if (/^0+$/.test(number)) return failure('number', accessKeyMessages.number);
  const emission = key.slice(34, 35);
  if (emission === '0') return failure('emission', accessKeyMessages.emission(emission));
  const checkDigit = Number(key[43]);
  if (accessKeyCheckDigit(key.slice(0, 43)) !== checkDigit) return failure('digit', accessKeyMessages.digit);
  return {
    ok: true,
    key: {
      key,
      state,
      year: 2000 + Number(key.slice(2, 4)),
      month,
      cnpj,
      model,
      series: key.slice(22, 25),
      number,
      emission,
      code: key.slice(35, 43),
      checkDigit,
    },
  };
}

export const isValidAccessKey = (key: string): boolean => parseAccessKey(key).ok;
