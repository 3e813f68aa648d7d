import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { assertNotCommon } from './password-rules.service';

export const acceptTermsRequired = () =>
  fail.field('acceptTerms', 'Você precisa aceitar os termos de uso', 400, 'acceptTerms-required');

export const emailTaken = () =>
  fail.field('email', 'Este e-mail já está cadastrado. Entre com ele ou recupere sua senha.', 409, 'email-taken');
export const cpfTaken = () => fail.field('userData.cpf', 'Este CPF já está cadastrado.', 409, 'cpf-taken');
export const finishRegister = () =>
  fail.conflict(
    'Você já começou um cadastro com este e-mail. Entre com seu e-mail e senha para concluí-lo.',
    'finish-register',
  );

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
    throw fail.field('currentPassword', 'A senha atual não confere.');
  }
  assertNotCommon(change.password, 'password');
  return hashPassword(change.password, deps.argon2);
}

/** update-me with only _id, password and currentPassword: the password form of the profile. */
export const isPasswordOnly = (body: Record<string, unknown>) =>
  Object.keys(body).every((key) => ['_id', 'password', 'currentPassword'].includes(key)) && 'password' in body;
