import { accountMessages, confirmPasswordSchema, newPasswordSchema } from '@especifica/mf-shared/contracts';
import {
  emptyProfessionalValues,
  hasRegistrationNumber,
  type ProfessionalValues,
  professionalBody,
  professionalParts,
  professionalServerFields,
  professionalShape,
  type ServerFields,
} from '@especifica/mf-shared/forms';
import { z } from 'zod/mini';

/** The professional's form of the kit, plus what only the sign-up asks; `toFormData` turns it into spec 3's payload. */
export interface SignUpForm extends ProfessionalValues {
  referenceStore: string;
  password: string;
  confirmPassword: string;
  acceptReceiveEmail: boolean;
  acceptTerms: boolean;
}

export const emptyForm: SignUpForm = {
  ...emptyProfessionalValues,
  referenceStore: '',
  password: '',
  confirmPassword: '',
  acceptReceiveEmail: false,
  acceptTerms: false,
};

export type StepId = 'personal' | 'address' | 'profession' | 'password' | 'social' | 'terms';

/** The fields each step validates before the next one opens. */
export const stepFields: Record<StepId, (keyof SignUpForm)[]> = {
  personal: [...professionalParts.personal],
  address: [...professionalParts.address],
  profession: [...professionalParts.profession, 'referenceStore'],
  password: ['password', 'confirmPassword'],
  social: [...professionalParts.social],
  terms: ['acceptReceiveEmail', 'acceptTerms'],
};

export function signUpSchema(options: { withPassword: boolean }) {
  return z
    .object({
      ...professionalShape,
      referenceStore: z.string(),
      password: options.withPassword ? newPasswordSchema : z.string(),
      confirmPassword: options.withPassword ? confirmPasswordSchema : z.string(),
      acceptReceiveEmail: z.boolean(),
      acceptTerms: z.boolean().check(z.refine((v) => v, accountMessages.acceptTerms)),
    })
    .check(
      z.refine(hasRegistrationNumber, { message: accountMessages.registrationNumber, path: ['registration'] }),
      z.refine((form) => !options.withPassword || form.password === form.confirmPassword, {
        message: accountMessages.signUpPasswordsDoNotMatch,
        path: ['confirmPassword'],
      }),
    );
}

/** Spec 3 and 5: the professional's body with its objects as JSON, and what only the sign-up sends. */
export function toFormData(
  form: SignUpForm,
  extra: { file: File | null; referenceStore?: string; referenceSeller?: string; registrationToken?: string },
): FormData {
  const data = new FormData();
  const body = professionalBody(form);
  for (const [key, value] of Object.entries(body)) {
    data.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  if (form.password) data.append('password', form.password);
  const referenceStore = form.referenceStore || extra.referenceStore;
  if (referenceStore) data.append('referenceStore', referenceStore);
  if (extra.referenceSeller) data.append('referenceSeller', extra.referenceSeller);
  if (extra.registrationToken) data.append('registrationToken', extra.registrationToken);
  data.append('acceptTerms', String(form.acceptTerms));
  data.append('acceptReceiveEmail', String(form.acceptReceiveEmail));
  if ('abd' in body && extra.file) data.append('file', extra.file);
  return data;
}

/** Server fields (spec contracts) to the form's, to show a server error beside its input. */
export const serverFieldMap: ServerFields<SignUpForm> = professionalServerFields;
