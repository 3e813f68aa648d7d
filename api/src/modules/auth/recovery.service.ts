import type { RecoverBody, ResetBody, Role } from '@especifica/mf-shared/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { adminUsers, passwordResetCodes, professionals, storeUsers } from '../../db/schema';
import type { AccountDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { resetCodeMail } from '../../mail/templates';
import { hashPassword } from '../../security/passwords';
import {
  hashResetCode,
  newResetCode,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MINUTES,
  sameHash,
} from '../../security/reset-codes';
import { assertNotCommon } from './password-rules.service';
import { findAccountsByEmail, normalizeEmail } from './queries';

type Deps = Pick<AccountDeps, 'db' | 'mailer' | 'config' | 'argon2' | 'now'>;

export const recoverAnswer = {
  msg: 'Se o e-mail estiver cadastrado, enviaremos um código de segurança em instantes.',
};

/** Answers the same whether or not the e-mail exists (the e-mail is sent after the answer, by the outbox's job). */
export async function requestResetCode(deps: Deps, role: Role, body: RecoverBody): Promise<void> {
  const email = normalizeEmail(body.email);
  const accounts = (await findAccountsByEmail(deps.db, role, email)).filter(
    (account) => !account.disabled && account.status !== 'pre_registered',
  );
  const [first] = accounts;
  if (!first) return;
  const code = newResetCode();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // Only the newest code works: asking again replaces the one before.
    await tx
      .update(passwordResetCodes)
      .set({ closedAt: now })
      .where(
        and(
          eq(passwordResetCodes.role, role),
          eq(passwordResetCodes.email, email),
          isNull(passwordResetCodes.closedAt),
        ),
      );
    await tx.insert(passwordResetCodes).values({
      role,
      email,
      codeHash: hashResetCode(deps.config.jwtSecret, role, email, code),
      expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    await deps.mailer.enqueue(tx, resetCodeMail(email, first.name, code, RESET_CODE_TTL_MINUTES));
  });
}

const invalidCode = () =>
  fail.badRequest('Código inválido ou expirado. Peça um novo código e tente novamente.', 'invalid-code');

/**
 * Spends the code and sets the new password on every account of the role under the e-mail. Each wrong code counts
 * against the live code; the fifth burns it. The password is checked first, so a weak one costs no try.
 */
export async function resetPassword(deps: Deps, role: Role, body: ResetBody): Promise<void> {
  assertNotCommon(body.newPassword, 'newPassword');
  const email = normalizeEmail(body.email);
  const now = deps.now();
  const [live] = await deps.db
    .select()
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.role, role),
        eq(passwordResetCodes.email, email),
        isNull(passwordResetCodes.closedAt),
        gt(passwordResetCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  if (!live) throw invalidCode();

  if (!sameHash(live.codeHash, hashResetCode(deps.config.jwtSecret, role, email, body.code))) {
    await deps.db
      .update(passwordResetCodes)
      .set({
        attempts: sql`${passwordResetCodes.attempts} + 1`,
        closedAt: sql`case when ${passwordResetCodes.attempts} + 1 >= ${RESET_CODE_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(passwordResetCodes.id, live.id), isNull(passwordResetCodes.closedAt)));
    throw invalidCode();
  }

  const passwordHash = await hashPassword(body.newPassword, deps.argon2);
  await deps.db.transaction(async (tx) => {
    // Claimed in the same transaction as the change: two requests with one code cannot both succeed.
    const [claimed] = await tx
      .update(passwordResetCodes)
      .set({ closedAt: now })
      .where(and(eq(passwordResetCodes.id, live.id), isNull(passwordResetCodes.closedAt)))
      .returning({ id: passwordResetCodes.id });
    if (!claimed) throw invalidCode();
    const bump = { passwordHash, updatedAt: now };
    if (role === 'admin') {
      await tx
        .update(adminUsers)
        .set({ ...bump, tokenVersion: sql`${adminUsers.tokenVersion} + 1` })
        .where(eq(adminUsers.email, email));
    } else if (role === 'shopkeeper') {
      // As for professionals below: the code came by e-mail, so a shopkeeper awaiting confirmation is confirmed.
      await tx
        .update(storeUsers)
        .set({
          ...bump,
          tokenVersion: sql`${storeUsers.tokenVersion} + 1`,
          emailConfirmedAt: sql`coalesce(${storeUsers.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(storeUsers.email, email));
    } else {
      // The code came by e-mail, so it proves the address too: a professional awaiting confirmation is confirmed.
      await tx
        .update(professionals)
        .set({
          ...bump,
          tokenVersion: sql`${professionals.tokenVersion} + 1`,
          emailConfirmedAt: sql`coalesce(${professionals.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
          status: sql`case when ${professionals.status} = 'awaiting_email' then 'active'::professional_status else ${professionals.status} end`,
        })
        .where(and(eq(professionals.email, email), sql`${professionals.status} <> 'pre_registered'`));
    }
  });
}
