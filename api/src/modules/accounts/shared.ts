import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { HttpError } from '../../http/errors';
import { RequestValidationError } from '../../http/zod';
import { hashPassword, verifyPassword } from '../../security/passwords';
import type { AccountDeps } from '../auth/deps';
import { assertNotCommon } from '../auth/password-rules';

/** Validates a body assembled by hand (multipart) exactly as a JSON body would be. */
export function parseBody<T extends core.$ZodType>(schema: T, body: unknown): core.output<T> {
  const result = z.safeParse(schema, body);
  if (result.success) return result.data;
  throw new RequestValidationError(
    result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
  );
}

export const fieldError = (field: string, message: string, status = 400, code = 'validation') =>
  new HttpError(status, { msg: message, code, data: [{ field, message }] });

export const acceptTermsRequired = () =>
  new HttpError(400, {
    msg: 'Você precisa aceitar os termos de uso',
    code: 'acceptTerms-required',
    data: [{ field: 'acceptTerms', message: 'Você precisa aceitar os termos de uso' }],
  });

export const emailTaken = () =>
  fieldError('email', 'Este e-mail já está cadastrado. Entre com ele ou recupere sua senha.', 409, 'email-taken');
export const cpfTaken = () => fieldError('userData.cpf', 'Este CPF já está cadastrado.', 409, 'cpf-taken');
export const finishRegister = () =>
  new HttpError(409, {
    msg: 'Você já começou um cadastro com este e-mail. Entre com seu e-mail e senha para concluí-lo.',
    code: 'finish-register',
  });

/** PostgreSQL's unique_violation, whichever driver raised it, with the constraint's name. */
export function uniqueViolation(error: unknown): string | null {
  const seen = new Set<unknown>();
  let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
  while (current && !seen.has(current)) {
    seen.add(current);
    if (current.code === '23505') return current.constraint ?? '';
    current = current.cause as typeof current;
  }
  return null;
}

/**
 * A new password from a profile: the current one must be right (a stolen session alone cannot take the account),
 * and the new one not common. Answers the new hash, or null when the password does not change.
 */
export async function newPasswordHash(
  deps: Pick<AccountDeps, 'argon2'>,
  currentHash: string,
  change: { password?: string; currentPassword?: string },
): Promise<string | null> {
  if (!change.password) return null;
  if (!change.currentPassword || !(await verifyPassword(currentHash, change.currentPassword))) {
    throw fieldError('currentPassword', 'A senha atual não confere.');
  }
  assertNotCommon(change.password, 'password');
  return hashPassword(change.password, deps.argon2);
}

/** update-me with only _id, password and currentPassword: the password form of the profile. */
export const isPasswordOnly = (body: Record<string, unknown>) =>
  Object.keys(body).every((key) => ['_id', 'password', 'currentPassword'].includes(key)) && 'password' in body;
