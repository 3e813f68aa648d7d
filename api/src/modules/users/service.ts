import { type AdminUpdateMe, userMessages } from '@especifica/mf-shared/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers } from '../../db/schema';
import { insertAudited, switchActive, updateAudited } from '../../kernel/audit';
import type { AccountDeps } from '../../kernel/deps';
import { fail, isUniqueViolation } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { type Argon2Params, hashPassword } from '../../security/passwords';
import { newPasswordHash } from '../auth';
import type { AdminRow } from './queries';

export function emailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fail.conflict(userMessages.emailTaken, 'email-taken');
  throw error;
}

interface CmsUserFields {
  name?: string;
  email?: string;
  password?: string;
}

export async function createCmsUser(
  db: Db,
  actor: Principal,
  argon2: Argon2Params,
  body: Required<CmsUserFields>,
): Promise<AdminRow> {
  const { password, ...fields } = body;
  const passwordHash = await hashPassword(password, argon2);
  return insertAudited(
    db,
    actor,
    { table: adminUsers, entity: 'cms-user', refuse: emailTaken },
    { ...fields, passwordHash },
  );
}

export async function updateCmsUser(
  db: Db,
  actor: Principal,
  argon2: Argon2Params,
  id: string,
  body: CmsUserFields,
): Promise<AdminRow> {
  const { password, ...fields } = body;
  const passwordHash = password ? await hashPassword(password, argon2) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id));
    if (!before) throw fail.notFound(userMessages.notFound);
    // A new password or e-mail ends the sessions opened with the old ones.
    const revoke = Boolean(passwordHash) || (fields.email !== undefined && fields.email !== before.email);
    const after = await updateAudited(
      tx,
      actor,
      { table: adminUsers, entity: 'cms-user', refuse: emailTaken },
      before,
      {
        ...fields,
        ...(passwordHash ? { passwordHash } : {}),
        ...(revoke ? { tokenVersion: sql`${adminUsers.tokenVersion} + 1` } : {}),
      },
    );
    return after ?? before;
  });
}

export async function changeCmsUserStatus(db: Db, actor: Principal, id: string, active: boolean) {
  if (!active && id === actor.id) throw fail.invalid(userMessages.selfDeactivation, 'self-deactivation');
  // Switched off, the admin's sessions end.
  const revoke: Record<string, SQL> = active ? {} : { tokenVersion: sql`${adminUsers.tokenVersion} + 1` };
  await switchActive(db, actor, adminTarget, id, active, revoke);
}

const adminTarget = {
  table: adminUsers,
  entity: 'cms-user',
  notFound: () => fail.notFound(userMessages.notFound),
};

/** The admin's own name, e-mail and password: the e-mail another admin has is refused, a new password needs the old. */
export async function updateOwnAdmin(
  db: Db,
  deps: Pick<AccountDeps, 'argon2'>,
  row: AdminRow,
  body: AdminUpdateMe,
): Promise<{ updated: AdminRow; passwordChanged: boolean }> {
  const [other] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.email, body.email), ne(adminUsers.id, row.id)));
  if (other) throw fail.field('email', 'Este e-mail já está cadastrado.', 409, 'email-taken');
  const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
  const [updated] = await db
    .update(adminUsers)
    .set({
      name: body.name,
      email: body.email,
      ...(passwordHash ? { passwordHash, tokenVersion: sql`${adminUsers.tokenVersion} + 1` } : {}),
    })
    .where(eq(adminUsers.id, row.id))
    .returning();
  if (!updated) throw fail.invalidId();
  return { updated, passwordChanged: Boolean(passwordHash) };
}
