import type { ShopkeeperCreate } from '@especifica/mf-shared/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { storeUsers } from '../../db/schema';
import { insertAudited, updateAudited } from '../../kernel/audit';
import type { AccountDeps, ProgrammeDeps } from '../../kernel/deps';
import { fail, isUniqueViolation, uniqueViolation } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { hashPassword } from '../../security/passwords';
import { assertNotCommon, currentTerms, newPasswordHash, sendConfirmation } from '../auth';
import { type ConsentContext, recordConsents, signUpConsents } from '../privacy';
import { findStore } from '../stores';
import { activeStore, consultantById, isConsultant } from './queries';

export const emailInStore = () => fail.field('email', 'Este e-mail já está cadastrado nesta loja.', 409, 'email-taken');
export const cpfInStore = () => fail.field('cpf', 'Este CPF já está cadastrado nesta loja.', 409, 'cpf-taken');

/** A seller who signs up alone at an active store; the account waits for approval to act. */
export async function signUpShopkeeper(deps: AccountDeps, body: ShopkeeperCreate, consent: ConsentContext) {
  assertNotCommon(body.password, 'password');
  const store = await activeStore(deps.db, { id: body.storeId });
  const terms = await currentTerms(deps.db);
  let row: typeof storeUsers.$inferSelect | undefined;
  try {
    row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(storeUsers)
        .values({
          storeId: store.id,
          name: body.name,
          email: body.email,
          cellphone: body.cellphone,
          cpf: body.cpf,
          passwordHash: await hashPassword(body.password, deps.argon2),
          shopkeeperType: 'seller',
          // Signed up alone: the account logs in at once, but waits for approval to act (domain: shopkeeper accounts).
          approval: 'pending',
          acceptedTermsVersion: terms?.version ?? null,
          // Confirmed by the link of the e-mail, as a professional's sign-up is (domain: shopkeeper accounts).
          emailConfirmedAt: null,
        })
        .returning();
      if (inserted) {
        const consents = signUpConsents(terms?.version ?? null);
        await recordConsents(tx, [{ kind: 'shopkeeper', id: inserted.id }], consents, consent);
      }
      return inserted;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    throw constraint.includes('cpf') ? cpfInStore() : emailInStore();
  }
  if (!row) throw new Error('shopkeeper not inserted');
  await sendConfirmation(deps, row, 'shopkeeper');
}

export interface ShopkeeperSelfUpdate {
  name: string;
  email: string;
  cellphone?: string;
  cpf?: string;
  password?: string;
  currentPassword?: string;
}

/** The shopkeeper's own profile; a new password ends the other sessions. Answers the row after the change. */
export async function updateShopkeeperMe(
  deps: Pick<AccountDeps, 'db' | 'argon2'>,
  row: typeof storeUsers.$inferSelect,
  body: ShopkeeperSelfUpdate,
) {
  const sameStore = (column: typeof storeUsers.email | typeof storeUsers.cpf, value: string) =>
    deps.db
      .select({ id: storeUsers.id })
      .from(storeUsers)
      .where(and(eq(storeUsers.storeId, row.storeId), eq(column, value), ne(storeUsers.id, row.id)));
  if ((await sameStore(storeUsers.email, body.email)).length > 0) throw emailInStore();
  if (body.cpf && (await sameStore(storeUsers.cpf, body.cpf)).length > 0) throw cpfInStore();
  const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
  const [updated] = await deps.db
    .update(storeUsers)
    .set({
      name: body.name,
      email: body.email,
      cellphone: body.cellphone || null,
      cpf: body.cpf || null,
      ...(passwordHash ? { passwordHash, tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
    })
    .where(eq(storeUsers.id, row.id))
    .returning();
  if (!updated) throw fail.invalidId();
  return { updated, passwordChanged: passwordHash !== null };
}

function consultantTaken(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw fail.conflict('Este e-mail ou CPF já é usado por outro usuário desta loja.', 'email-taken');
  }
  throw error;
}

export interface ConsultantFields {
  storeId: string;
  name: string;
  email: string;
  cpf?: string | null;
  cellphone?: string | null;
  active?: boolean;
}

/** An admin creates a consultant (audited). */
export async function createConsultant(
  deps: Pick<ProgrammeDeps, 'db' | 'argon2'>,
  actor: Principal,
  { password, ...fields }: ConsultantFields & { password: string },
) {
  await findStore(deps.db, fields.storeId);
  const passwordHash = await hashPassword(password, deps.argon2);
  const row = await insertAudited(
    deps.db,
    actor,
    { table: storeUsers, entity: 'consultant', refuse: consultantTaken },
    { ...fields, passwordHash, shopkeeperType: 'consultant' },
  );
  return consultantById(deps.db, row.id);
}

/** An admin changes a consultant (audited); a new password, e-mail or deactivation ends the open sessions. */
export async function updateConsultant(
  deps: Pick<ProgrammeDeps, 'db' | 'argon2'>,
  actor: Principal,
  { id, password, ...fields }: Partial<ConsultantFields> & { id: string; password?: string },
) {
  if (fields.storeId) await findStore(deps.db, fields.storeId);
  const passwordHash = password ? await hashPassword(password, deps.argon2) : undefined;
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(storeUsers)
      .where(and(isConsultant, eq(storeUsers.id, id)));
    if (!before) throw fail.notFound('Consultor não encontrado.');
    const revoke =
      Boolean(passwordHash) || fields.active === false || (fields.email !== undefined && fields.email !== before.email);
    await updateAudited(tx, actor, { table: storeUsers, entity: 'consultant', refuse: consultantTaken }, before, {
      ...fields,
      ...(passwordHash ? { passwordHash } : {}),
      ...(revoke ? { tokenVersion: sql`${storeUsers.tokenVersion} + 1` } : {}),
    });
  });
  return consultantById(deps.db, id);
}
