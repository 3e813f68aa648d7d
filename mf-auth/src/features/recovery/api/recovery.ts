import { api, type Result } from '@especifica/mf-shared';
import {
  accountMessages,
  type MessageResponse,
  type RecoverBody,
  type ResetBody,
  type Role,
  resetBodySchema,
} from '@especifica/mf-shared/contracts';
import { z } from 'zod/mini';

const endpoints: Record<Role, { recover: string; reset: string }> = {
  professional: { recover: '/auth/recover', reset: '/auth/reset' },
  shopkeeper: { recover: '/auth/recover-shopkeeper', reset: '/auth/reset-shopkeeper' },
  admin: { recover: '/auth/cms/recover', reset: '/auth/cms/reset' },
};

export function requestCode(role: Role, body: RecoverBody): Promise<Result<MessageResponse>> {
  return api.post<MessageResponse>(endpoints[role].recover, body);
}

export function resetPassword(role: Role, body: ResetBody): Promise<Result<MessageResponse>> {
  return api.post<MessageResponse>(endpoints[role].reset, body);
}

/** The reset body plus the confirmation, which must repeat the new password (spec 5 messages). */
export const resetFormSchema = z
  .extend(resetBodySchema, {
    confirmPassword: z.string(accountMessages.confirmPassword).check(z.minLength(1, accountMessages.confirmPassword)),
  })
  .check(
    z.refine((form) => form.confirmPassword === form.newPassword, {
      message: accountMessages.passwordsDoNotMatch,
      path: ['confirmPassword'],
    }),
  );
export type ResetForm = z.infer<typeof resetFormSchema>;

/** /cms/... pages recover admins; the others the participant type chosen at login (professional by default). */
export function recoveryRole(pathname: string, chosen: Role | undefined): Role {
  if (pathname.startsWith('/cms/')) return 'admin';
  return chosen === 'shopkeeper' ? 'shopkeeper' : 'professional';
}

export const recoveryPaths = (role: Role) => {
  const prefix = role === 'admin' ? '/cms' : '';
  return {
    login: `${prefix}/login`,
    forgot: `${prefix}/forgot-password`,
    reset: `${prefix}/reset-password`,
    recovered: `${prefix}/password-recovered`,
  };
};
