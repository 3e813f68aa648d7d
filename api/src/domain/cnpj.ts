// CNPJ after Receita Federal IN 2.229/2024: 12 characters A-Z or 0-9, then 2 numeric check digits by module 11
// over each character's ASCII code minus 48, so the old all-numeric numbers keep their digits.

import { modulo11CheckDigit } from '@especifica/mf-shared/contracts';

const BASE = /^[0-9A-Z]{12}$/;
const FULL = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Upper-case, without the mask characters (. / - and spaces). */
export function normalizeCnpj(input: string): string {
  return input.replace(/[\s./-]/g, '').toUpperCase();
}

/** The 14 characters for a 12-character base (masked or not). */
export function withCnpjCheckDigits(base: string): string {
  const clean = normalizeCnpj(base);
  if (!BASE.test(clean)) throw new Error(`A CNPJ base has 12 letters or digits, got "${base}".`);
  const first = modulo11CheckDigit(clean);
  return `${clean}${first}${modulo11CheckDigit(`${clean}${first}`)}`;
}

export function isValidCnpj(input: string): boolean {
  const clean = normalizeCnpj(input);
  if (!FULL.test(clean) || /^(\d)\1{13}$/.test(clean)) return false;
  return withCnpjCheckDigits(clean.slice(0, 12)) === clean;
}
