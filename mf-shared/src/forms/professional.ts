import {
  type AddressValues,
  accountMessages,
  birthDateToIso,
  formatCnpj,
  formatCpf,
  genders,
  isAdultBirthDate,
  isoToBirthDate,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  modalities,
  onlyDigits,
  type ProfileData,
  professionOf,
  professions,
  registrationFieldOf,
  stripCnpj,
  ufs,
} from '@especifica/mf-shared/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod/mini';
import type { ServerFields } from './server-errors';

/**
 * A professional's data as the sign-up and the profile show it: typed and masked (`529.982.247-25`,
 * `17/05/1990`); `professionalBody` turns it into what the API takes.
 */
export interface ProfessionalValues extends AddressValues {
  name: string;
  email: string;
  cellphone: string;
  cpf: string;
  birthDate: string;
  gender: string;
  profession: string;
  modality: string;
  /** The CAU, CREA or ABD number, whichever the profession has. */
  registration: string;
  officeName: string;
  officeCnpj: string;
  officeRole: string;
  instagram: string;
  facebook: string;
  behance: string;
  pinterest: string;
}

export const emptyProfessionalValues: ProfessionalValues = {
  name: '',
  email: '',
  cellphone: '',
  cpf: '',
  birthDate: '',
  gender: '',
  zipCode: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  profession: '',
  modality: '',
  registration: '',
  officeName: '',
  officeCnpj: '',
  officeRole: '',
  instagram: '',
  facebook: '',
  behance: '',
  pinterest: '',
};

type ProfessionalProfile = Extract<ProfileData, { userType: 'professional' }>;

/** The form of a saved professional (the profile answer), masked as a person reads it. */
export function professionalValuesOf(p: ProfessionalProfile): ProfessionalValues {
  return {
    name: p.name,
    email: p.email,
    cellphone: p.cellphone ?? '',
    cpf: p.userData.cpf ? formatCpf(p.userData.cpf) : '',
    birthDate: p.userData.birthDate ? isoToBirthDate(p.userData.birthDate) : '',
    gender: p.userData.gender ?? '',
    zipCode: p.address?.zipCode ?? '',
    street: p.address?.street ?? '',
    number: p.address?.number ?? '',
    complement: p.address?.complement ?? '',
    neighborhood: p.address?.neighborhood ?? '',
    city: p.address?.city ?? '',
    state: p.address?.state ?? '',
    profession: professionOf(p.profession) ?? '',
    modality: p.modality ?? '',
    registration: p.cau ?? p.crea ?? p.abd ?? '',
    officeName: p.office?.name ?? '',
    officeCnpj: p.office?.cnpj ? formatCnpj(p.office.cnpj) : '',
    officeRole: p.office?.role ?? '',
    instagram: p.socialMedia?.instagram ?? '',
    facebook: p.socialMedia?.facebook ?? '',
    behance: p.socialMedia?.behance ?? '',
    pinterest: p.socialMedia?.pinterest ?? '',
  };
}

/** The fields of each part of the form, in the order they are shown (the sign-up's steps check them part by part). */
export const professionalParts = {
  personal: ['name', 'email', 'cellphone', 'cpf', 'birthDate', 'gender'],
  address: ['zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'],
  profession: ['profession', 'modality', 'registration', 'officeName', 'officeCnpj', 'officeRole'],
  social: ['instagram', 'facebook', 'behance', 'pinterest'],
} as const satisfies Record<string, ReadonlyArray<keyof ProfessionalValues>>;

const required = (message: string, max = 160) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const optional = (max = 200) => z.string().check(z.maxLength(max));
const oneOf = (values: readonly string[], message: string) =>
  z.string().check(z.refine((value) => values.includes(value), message));

const isBirthDate = (value: string) => birthDateToIso(value) !== null;
const isAdult = (value: string) => {
  const iso = birthDateToIso(value);
  return iso === null || isAdultBirthDate(iso);
};

/** The checks of each field, with the contracts' pt-BR messages (the server checks the same). */
export const professionalShape = {
  name: required(accountMessages.name),
  email: z.string().check(z.trim(), z.email(accountMessages.email)),
  cellphone: z.string().check(z.refine(isValidPhone, accountMessages.phone)),
  cpf: z.string().check(z.refine(isValidCpf, accountMessages.document)),
  birthDate: z
    .string()
    .check(z.refine(isBirthDate, accountMessages.birthDate), z.refine(isAdult, accountMessages.underAge)),
  gender: z.string().check(z.refine((v) => v === '' || (genders as readonly string[]).includes(v))),
  zipCode: z.string().check(z.refine(isValidCep, accountMessages.zipCode)),
  street: required(accountMessages.address),
  number: required(accountMessages.number, 20),
  complement: optional(80),
  neighborhood: required(accountMessages.neighborhood, 120),
  city: required(accountMessages.city, 120),
  state: oneOf(ufs, accountMessages.state),
  profession: oneOf(professions, accountMessages.profession),
  modality: oneOf(modalities, accountMessages.modality),
  registration: optional(40),
  officeName: optional(160),
  officeCnpj: z.string().check(z.refine((v) => stripCnpj(v) === '' || isValidCnpj(v), accountMessages.cnpj)),
  officeRole: optional(120),
  instagram: optional(120),
  facebook: optional(),
  behance: optional(),
  pinterest: optional(),
};

/** The profession's registration number is required when the profession has one. */
export const hasRegistrationNumber = (values: Pick<ProfessionalValues, 'profession' | 'registration'>) =>
  !registrationFieldOf(values.profession) || values.registration.trim() !== '';

/**
 * What the API takes (spec 3): documents unmasked, the birth date as YYYY-MM-DD, objects for the address, office
 * and social media, and only the registration of the profession.
 */
export function professionalBody(v: ProfessionalValues) {
  const registration = registrationFieldOf(v.profession);
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    cellphone: onlyDigits(v.cellphone),
    userData: {
      cpf: onlyDigits(v.cpf),
      birthDate: birthDateToIso(v.birthDate),
      ...(v.gender ? { gender: v.gender } : {}),
    },
    address: {
      zipCode: onlyDigits(v.zipCode),
      street: v.street,
      number: v.number,
      complement: v.complement,
      neighborhood: v.neighborhood,
      city: v.city,
      state: v.state,
    },
    profession: v.profession,
    modality: v.modality,
    ...(registration ? { [registration]: v.registration.trim() } : {}),
    office: { name: v.officeName, cnpj: stripCnpj(v.officeCnpj), role: v.officeRole },
    socialMedia: { instagram: v.instagram, facebook: v.facebook, behance: v.behance, pinterest: v.pinterest },
  };
}

/** Where the server's field errors land on the form. */
export const professionalServerFields: ServerFields<ProfessionalValues> = {
  'userData.cpf': 'cpf',
  'userData.birthDate': 'birthDate',
  'address.zipCode': 'zipCode',
  'address.street': 'street',
  'address.number': 'number',
  'address.neighborhood': 'neighborhood',
  'address.city': 'city',
  'address.state': 'state',
  cau: 'registration',
  crea: 'registration',
  abd: 'registration',
  'office.cnpj': 'officeCnpj',
};

type Key = keyof ProfessionalValues;

/**
 * The fields a profile's save checks and sends: those changed, with the rest of their part where the part goes as a
 * whole (an address, an office, the social networks; a profession and its number). What was not changed is what the
 * server holds, so what an older account lacks never stops another change.
 */
function changedFields(initial: ProfessionalValues, values: ProfessionalValues): Set<Key> {
  const changed = new Set((Object.keys(initial) as Key[]).filter((key) => initial[key] !== values[key]));
  const wholes: Key[][] = [
    [...professionalParts.address],
    ['officeName', 'officeCnpj', 'officeRole'],
    [...professionalParts.social],
    ['profession', 'registration'],
  ];
  for (const whole of wholes) {
    if (whole.some((key) => changed.has(key))) for (const key of whole) changed.add(key);
  }
  return changed;
}

/**
 * Checks only what the person changed (see changedFields), with the sign-up's checks and messages; the profession's
 * registration number when the profession or the number changed.
 */
export function professionalChangesResolver(initial: () => ProfessionalValues): Resolver<ProfessionalValues> {
  return async (values) => {
    const changed = changedFields(initial(), values);
    const errors: FieldErrors<ProfessionalValues> = {};
    for (const key of changed) {
      const checked = z.safeParse(professionalShape[key], values[key]);
      const message = checked.success ? undefined : checked.error.issues[0]?.message;
      if (message) errors[key] = { type: 'validate', message };
    }
    if (changed.has('registration') && !errors.registration && !hasRegistrationNumber(values)) {
      errors.registration = { type: 'validate', message: accountMessages.registrationNumber };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** What a profile's save sends: `professionalBody`'s shape with only the changed fields and their parts. */
export function professionalChanges(initial: ProfessionalValues, values: ProfessionalValues) {
  const changed = changedFields(initial, values);
  const full = professionalBody(values);
  const has = (...keys: Key[]) => keys.some((key) => changed.has(key));
  const registration = registrationFieldOf(values.profession);
  const userData = Object.fromEntries(
    (['cpf', 'birthDate', 'gender'] as const).filter((key) => has(key)).map((key) => [key, full.userData[key] ?? '']),
  );
  return {
    ...(has('name') ? { name: full.name } : {}),
    ...(has('email') ? { email: full.email } : {}),
    ...(has('cellphone') ? { cellphone: full.cellphone } : {}),
    ...(Object.keys(userData).length > 0 ? { userData } : {}),
    ...(has('zipCode') ? { address: full.address } : {}),
    ...(has('profession') ? { profession: full.profession } : {}),
    ...(has('modality') ? { modality: full.modality } : {}),
    ...(has('registration') && registration ? { [registration]: values.registration.trim() } : {}),
    ...(has('officeName') ? { office: full.office } : {}),
    ...(has('instagram') ? { socialMedia: full.socialMedia } : {}),
  };
}
