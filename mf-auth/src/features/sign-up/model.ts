import {
  accountMessages,
  birthDateToIso,
  genders,
  isAdultBirthDate,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  modalities,
  onlyDigits,
  PASSWORD_MAX,
  PASSWORD_MIN,
  professions,
  registrationFieldOf,
  stripCnpj,
  ufs,
} from '@especifica/mf-shared/contracts';
import { z } from 'zod/mini';

/** What the person types, as typed (masked); `toFormData` turns it into the payload of spec 3. */
export interface SignUpForm {
  name: string;
  email: string;
  cellphone: string;
  cpf: string;
  birthDate: string;
  gender: string;
  zipCode: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  profession: string;
  modality: string;
  registration: string;
  officeName: string;
  officeCnpj: string;
  officeRole: string;
  referenceStore: string;
  password: string;
  confirmPassword: string;
  instagram: string;
  facebook: string;
  behance: string;
  pinterest: string;
  acceptReceiveEmail: boolean;
  acceptTerms: boolean;
}

export const emptyForm: SignUpForm = {
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
  referenceStore: '',
  password: '',
  confirmPassword: '',
  instagram: '',
  facebook: '',
  behance: '',
  pinterest: '',
  acceptReceiveEmail: false,
  acceptTerms: false,
};

export type StepId = 'personal' | 'address' | 'profession' | 'password' | 'social' | 'terms';

/** The fields each step validates before the next one opens. */
export const stepFields: Record<StepId, (keyof SignUpForm)[]> = {
  personal: ['name', 'email', 'cellphone', 'cpf', 'birthDate', 'gender'],
  address: ['zipCode', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'],
  profession: ['profession', 'modality', 'registration', 'officeName', 'officeCnpj', 'officeRole', 'referenceStore'],
  password: ['password', 'confirmPassword'],
  social: ['instagram', 'facebook', 'behance', 'pinterest'],
  terms: ['acceptReceiveEmail', 'acceptTerms'],
};

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

export function signUpSchema(options: { withPassword: boolean }) {
  return z
    .object({
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
      referenceStore: z.string(),
      password: options.withPassword
        ? z
            .string()
            .check(
              z.minLength(PASSWORD_MIN, accountMessages.passwordLength),
              z.maxLength(PASSWORD_MAX, accountMessages.passwordLength),
            )
        : z.string(),
      confirmPassword: options.withPassword
        ? z.string().check(z.minLength(1, accountMessages.confirmPassword))
        : z.string(),
      instagram: optional(120),
      facebook: optional(),
      behance: optional(),
      pinterest: optional(),
      acceptReceiveEmail: z.boolean(),
      acceptTerms: z.boolean().check(z.refine((v) => v, accountMessages.acceptTerms)),
    })
    .check(
      z.refine((form) => !registrationFieldOf(form.profession) || form.registration.trim() !== '', {
        message: accountMessages.registrationNumber,
        path: ['registration'],
      }),
      z.refine((form) => !options.withPassword || form.password === form.confirmPassword, {
        message: accountMessages.signUpPasswordsDoNotMatch,
        path: ['confirmPassword'],
      }),
    );
}

/** Spec 3 and 5: objects as JSON, birth date as YYYY-MM-DD, and only the registration of the profession. */
export function toFormData(
  form: SignUpForm,
  extra: { file: File | null; referenceStore?: string; referenceSeller?: string; registrationToken?: string },
): FormData {
  const data = new FormData();
  const registration = registrationFieldOf(form.profession);
  data.append('name', form.name.trim());
  data.append('email', form.email.trim());
  if (form.password) data.append('password', form.password);
  data.append('cellphone', onlyDigits(form.cellphone));
  data.append(
    'userData',
    JSON.stringify({
      cpf: onlyDigits(form.cpf),
      birthDate: birthDateToIso(form.birthDate),
      ...(form.gender ? { gender: form.gender } : {}),
    }),
  );
  data.append(
    'address',
    JSON.stringify({
      zipCode: onlyDigits(form.zipCode),
      street: form.street,
      number: form.number,
      complement: form.complement,
      neighborhood: form.neighborhood,
      city: form.city,
      state: form.state,
    }),
  );
  data.append('profession', form.profession);
  data.append('modality', form.modality);
  if (registration) data.append(registration, form.registration.trim());
  data.append(
    'office',
    JSON.stringify({ name: form.officeName, cnpj: stripCnpj(form.officeCnpj), role: form.officeRole }),
  );
  data.append(
    'socialMedia',
    JSON.stringify({
      instagram: form.instagram,
      facebook: form.facebook,
      behance: form.behance,
      pinterest: form.pinterest,
    }),
  );
  const referenceStore = form.referenceStore || extra.referenceStore;
  if (referenceStore) data.append('referenceStore', referenceStore);
  if (extra.referenceSeller) data.append('referenceSeller', extra.referenceSeller);
  if (extra.registrationToken) data.append('registrationToken', extra.registrationToken);
  data.append('acceptTerms', String(form.acceptTerms));
  data.append('acceptReceiveEmail', String(form.acceptReceiveEmail));
  if (registration === 'abd' && extra.file) data.append('file', extra.file);
  return data;
}

/** Server fields (spec contracts) to the form's, to show a server error beside its input. */
export const serverFieldMap: Record<string, keyof SignUpForm> = {
  name: 'name',
  email: 'email',
  cellphone: 'cellphone',
  'userData.cpf': 'cpf',
  'userData.birthDate': 'birthDate',
  'address.zipCode': 'zipCode',
  'address.street': 'street',
  'address.number': 'number',
  'address.neighborhood': 'neighborhood',
  'address.city': 'city',
  'address.state': 'state',
  profession: 'profession',
  modality: 'modality',
  cau: 'registration',
  crea: 'registration',
  abd: 'registration',
  'office.cnpj': 'officeCnpj',
  password: 'password',
  acceptTerms: 'acceptTerms',
};
