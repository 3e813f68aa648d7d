import { z } from 'zod/mini';
import {
  foldText,
  isAdultBirthDate,
  isRealIsoDate,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidPhone,
  onlyDigits,
  stripCnpj,
  stripCpf,
  ufs,
} from './documents';

/** Spec 5, word for word where the spec quotes them. */
export const accountMessages = {
  email: 'Digite um e-mail válido.',
  password: 'Digite uma senha válida.',
  passwordLength: 'A senha precisa ter de 8 a 128 caracteres.',
  confirmPassword: 'Digite uma confirmação de senha válida.',
  passwordsDoNotMatch: 'As senhas não coincidem.',
  signUpPasswordsDoNotMatch: 'As senhas não conferem',
  code: 'Digite um código válido.',
  acceptTerms: 'Você precisa aceitar os termos de uso',
  name: 'Digite um nome válido.',
  phone: 'Digite um telefone válido.',
  document: 'Digite um CPF válido.',
  birthDate: 'Digite uma data de nascimento válida.',
  underAge: 'É preciso ter pelo menos 18 anos para participar.',
  zipCode: 'Digite um CEP válido.',
  address: 'Digite um endereço válido.',
  number: 'Digite o número.',
  neighborhood: 'Digite um bairro válido.',
  city: 'Digite uma cidade válida.',
  state: 'Selecione um estado válido.',
  profession: 'Selecione uma profissão válida.',
  modality: 'Selecione uma modalidade válida.',
  registrationNumber: 'Digite um número de registro válido.',
  gender: 'Selecione uma opção.',
  cnpj: 'Digite um CNPJ válido.',
  currentPassword: 'Digite sua senha atual.',
  recoverFailed: 'Ocorreu um erro, verifique os dados e tente novamente.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const requiredText = (message: string, max = 160) =>
  z.string(message).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));
const optionalText = (max = 160) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

export const emailSchema = z
  .string(accountMessages.email)
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(3, accountMessages.email),
    z.maxLength(254, accountMessages.email),
    z.email(accountMessages.email),
  );

/** Length only (NIST 800-63B): no composition rules; the server also refuses the most common passwords. */
export const newPasswordSchema = z
  .string(accountMessages.password)
  .check(
    z.minLength(PASSWORD_MIN, accountMessages.passwordLength),
    z.maxLength(PASSWORD_MAX, accountMessages.passwordLength),
  );

/** A form's confirmation of a new password: filled in (that it matches is the form's own check). */
export const confirmPasswordSchema = z.string().check(z.minLength(1, accountMessages.confirmPassword));

export const cpfSchema = z
  .string(accountMessages.document)
  .check(z.overwrite(stripCpf), z.refine(isValidCpf, accountMessages.document));
export const cnpjSchema = z
  .string(accountMessages.cnpj)
  .check(z.overwrite(stripCnpj), z.refine(isValidCnpj, accountMessages.cnpj));
export const phoneSchema = z
  .string(accountMessages.phone)
  .check(z.overwrite(onlyDigits), z.refine(isValidPhone, accountMessages.phone));
export const zipCodeSchema = z
  .string(accountMessages.zipCode)
  .check(z.overwrite(onlyDigits), z.refine(isValidCep, accountMessages.zipCode));
/** YYYY-MM-DD of somebody at least 18 years old. */
export const birthDateSchema = z.string(accountMessages.birthDate).check(
  z.refine(isRealIsoDate, accountMessages.birthDate),
  z.refine((iso) => !isRealIsoDate(iso) || isAdultBirthDate(iso), accountMessages.underAge),
);

// ---- Recovery (spec 7.2) ----

export const recoverBodySchema = z.object({ email: emailSchema });
export type RecoverBody = z.infer<typeof recoverBodySchema>;

export const resetBodySchema = z.object({
  email: emailSchema,
  code: z.string(accountMessages.code).check(z.trim(), z.regex(/^\d{6}$/, accountMessages.code)),
  newPassword: newPasswordSchema,
});
export type ResetBody = z.infer<typeof resetBodySchema>;

export const messageSchema = z.object({ msg: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

// ---- Professional sign-up (spec 3, 5, 7.10) ----

export const professions = ['Arquiteto', 'Engenheiro', 'Designer de Interiores', 'Paisagista', 'Outro'] as const;
export const modalities = ['Autônomo', 'Sócio de escritório', 'Funcionário de escritório', 'Estudante'] as const;
export const genders = ['Feminino', 'Masculino', 'Outro', 'Prefiro não informar'] as const;

export type Profession = (typeof professions)[number];

const foldProfession = (value: string) => foldText(value).replace(/\s+/g, ' ').trim();

/**
 * The option a profession written another way stands for: an older account or an import may hold 'Arquiteta',
 * 'Engenheira civil' or 'designer de interiores'. Null when it stands for none of them.
 */
export function professionOf(value: string | null | undefined): Profession | null {
  if (!value) return null;
  const folded = foldProfession(value);
  const same = professions.find((option) => foldProfession(option) === folded);
  if (same) return same;
  if (/^arquitet[oa]\b/.test(folded)) return 'Arquiteto';
  if (/^engenheir[oa]\b/.test(folded)) return 'Engenheiro';
  if (/^designer\b/.test(folded) && folded.includes('interior')) return 'Designer de Interiores';
  if (/^paisagista\b/.test(folded)) return 'Paisagista';
  if (folded === 'outra') return 'Outro';
  return null;
}

/** One of the options, taking a profession written another way ('Arquiteta') as the option it stands for. */
export const professionSchema = z.pipe(
  z.string(accountMessages.profession).check(z.overwrite((value) => professionOf(value) ?? value)),
  z.enum(professions, accountMessages.profession),
);

export const addressSchema = z.object({
  zipCode: zipCodeSchema,
  street: requiredText(accountMessages.address),
  number: requiredText(accountMessages.number, 20),
  complement: optionalText(80),
  neighborhood: requiredText(accountMessages.neighborhood, 120),
  city: requiredText(accountMessages.city, 120),
  state: z.enum(ufs, accountMessages.state),
});
export type Address = z.infer<typeof addressSchema>;
/** An address as a form holds it: each field the text as typed (the CEP masked, the state empty until chosen). */
export type AddressValues = Record<keyof Address, string>;

export const officeSchema = z.object({
  name: optionalText(160),
  cnpj: z.optional(z.union([z.literal(''), cnpjSchema])),
  role: optionalText(120),
});

export const socialMediaSchema = z.object({
  instagram: optionalText(120),
  facebook: optionalText(200),
  behance: optionalText(200),
  pinterest: optionalText(200),
});

const registration = z.optional(z.string().check(z.trim(), z.maxLength(40, accountMessages.registrationNumber)));

/** The professional's own data, as sign-up sends it and the profile edits it. */
export const professionalDataSchema = z.object({
  name: requiredText(accountMessages.name),
  email: emailSchema,
  cellphone: phoneSchema,
  userData: z.object({
    cpf: cpfSchema,
    birthDate: birthDateSchema,
    gender: z.optional(z.enum(genders, accountMessages.gender)),
  }),
  address: addressSchema,
  profession: professionSchema,
  modality: z.enum(modalities, accountMessages.modality),
  cau: registration,
  crea: registration,
  abd: registration,
  office: z.optional(officeSchema),
  socialMedia: z.optional(socialMediaSchema),
  acceptReceiveEmail: z.optional(z.boolean()),
});
export type ProfessionalData = z.infer<typeof professionalDataSchema>;

/** Which registration number a profession carries (spec 5): the others are never sent. */
export function registrationFieldOf(profession: string | null): 'cau' | 'crea' | 'abd' | null {
  const option = professionOf(profession);
  if (option === 'Arquiteto') return 'cau';
  if (option === 'Engenheiro') return 'crea';
  if (option === 'Designer de Interiores') return 'abd';
  return null;
}

export const professionalCreateSchema = z.extend(professionalDataSchema, {
  password: newPasswordSchema,
  referenceStore: z.optional(z.string().check(z.uuid())),
  referenceSeller: z.optional(z.string().check(z.uuid())),
  acceptTerms: z.literal(true, accountMessages.acceptTerms),
});
export type ProfessionalCreate = z.infer<typeof professionalCreateSchema>;

/** Finishing a registration that login answered with user-incomplete. */
export const professionalCompleteSchema = z.extend(professionalDataSchema, {
  registrationToken: z.string().check(z.minLength(1)),
  acceptTerms: z.literal(true, accountMessages.acceptTerms),
});
export type ProfessionalComplete = z.infer<typeof professionalCompleteSchema>;

export const preRegisterBodySchema = z.object({
  form: z.object({
    name: requiredText(accountMessages.name),
    email: emailSchema,
    cellphone: z.optional(phoneSchema),
    referenceStore: z.optional(z.string().check(z.uuid())),
    referenceSeller: z.optional(z.string().check(z.uuid())),
  }),
});
export type PreRegisterBody = z.infer<typeof preRegisterBodySchema>;

export const emailQuerySchema = z.object({ email: emailSchema });
/** `finish-register`: a sign-up with a password was started under this e-mail; logging in finishes it. */
export const emailAvailabilitySchema = z.object({
  available: z.boolean(),
  code: z.optional(z.enum(['email-taken', 'finish-register'])),
});
export type EmailAvailability = z.infer<typeof emailAvailabilitySchema>;

export const validateEmailBodySchema = z.object({ id: z.string().check(z.minLength(16), z.maxLength(128)) });

// ---- Shopkeepers (spec 7.11) ----

export const storeByCnpjQuerySchema = z.object({ cnpj: cnpjSchema });
export const storeSummarySchema = z.object({ id: z.string(), name: z.string(), cnpj: z.string() });
export type StoreSummary = z.infer<typeof storeSummarySchema>;

export const shopkeeperCreateSchema = z.object({
  storeId: z.string().check(z.uuid()),
  name: requiredText(accountMessages.name),
  email: emailSchema,
  cellphone: phoneSchema,
  cpf: cpfSchema,
  password: newPasswordSchema,
  acceptTerms: z.literal(true, accountMessages.acceptTerms),
});
export type ShopkeeperCreate = z.infer<typeof shopkeeperCreateSchema>;

/** The change-password form of every profile: the current password, a new one of 8-128 characters, and its confirmation. */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, accountMessages.currentPassword)),
    password: newPasswordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: accountMessages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    }),
  );
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;
