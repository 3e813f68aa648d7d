// Brazilian documents, checked the same way in the browser and on the server. cpf-cnpj-validator follows
// Receita Federal's alphanumeric CNPJ (IN 2.229/2024): 12 letters or digits, then two numeric check digits.
import { cnpj, cpf } from 'cpf-cnpj-validator';

/** Only the digits, so a masked and an unmasked CPF are the same value. */
export const stripCpf = (value: string): string => value.replace(/\D/g, '');
export const isValidCpf = (value: string): boolean => cpf.isValid(stripCpf(value));

/** Upper-case letters and digits only: how a CNPJ is stored and compared. */
export const stripCnpj = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');
export const isValidCnpj = (value: string): boolean => {
  const clean = stripCnpj(value);
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(clean) && cnpj.isValid(clean);
};
// A stored document (digits, or a CNPJ's letters and digits, as strip* leaves them) is laid out by slicing: an export
// formats a million of them, and the library's three regular expressions per call were an eighth of its time. Any
// other input goes through the library, which the tests hold the fast way to.
const STORED_CPF = /^\d{11}$/;
const STORED_CNPJ = /^[0-9A-Z]{12}\d{2}$/;
export const formatCnpj = (value: string): string =>
  STORED_CNPJ.test(value)
    ? `${value.slice(0, 2)}.${value.slice(2, 5)}.${value.slice(5, 8)}/${value.slice(8, 12)}-${value.slice(12)}`
    : cnpj.format(stripCnpj(value));
export const formatCpf = (value: string): string =>
  STORED_CPF.test(value)
    ? `${value.slice(0, 3)}.${value.slice(3, 6)}.${value.slice(6, 9)}-${value.slice(9)}`
    : cpf.format(stripCpf(value));

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** Landline (10) or mobile (11) with the area code; a mobile starts with 9 after it. */
export const isValidPhone = (value: string): boolean => {
  const digits = onlyDigits(value);
  if (!/^[1-9]{2}\d{8,9}$/.test(digits)) return false;
  return digits.length === 10 || digits[2] === '9';
};

export const isValidCep = (value: string): boolean => /^\d{8}$/.test(onlyDigits(value));

export const ufs = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type Uf = (typeof ufs)[number];

/** DD/MM/YYYY (how a person types it) to YYYY-MM-DD (how it is sent), or null when it is no real date. */
export function birthDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  return isRealIsoDate(iso) ? iso : null;
}

export function isoToBirthDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

export function isRealIsoDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

export const MINIMUM_AGE = 18;

/** Whole years between a YYYY-MM-DD birth date and `today` (in UTC, which is enough for a date of birth). */
export function ageOn(iso: string, today: Date = new Date()): number {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** A plausible adult: a real date, at least MINIMUM_AGE years ago and not more than 120. */
export function isAdultBirthDate(iso: string, today: Date = new Date()): boolean {
  if (!isRealIsoDate(iso)) return false;
  const age = ageOn(iso, today);
  return age >= MINIMUM_AGE && age <= 120;
}

/** Lower case without accents, so that "comissao" finds "Comissão" and "Arquiteta" meets "arquiteta". */
export const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
