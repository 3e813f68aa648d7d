import type {
  PasswordChange,
  ProfessionalComplete,
  ProfessionalCreate,
  ProfessionalUpdateMe,
} from '@especifica/mf-shared/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { professionals, stores, storeUsers } from '../../db/schema';
import type { AccountDeps } from '../../kernel/deps';
import { fail, type HttpError, uniqueViolation } from '../../kernel/errors';
import { storageKeyFor, type UploadedFile } from '../../kernel/uploads';
import { hashPassword } from '../../security/passwords';
import { sendConfirmation } from '../auth/email-confirmation.service';
import { assertNotCommon } from '../auth/password-rules.service';
import { cpfTaken, emailTaken, finishRegister, newPasswordHash } from '../auth/sign-up.service';
import { currentTerms } from '../auth/terms.queries';
import { professionalColumns } from './queries';

type Deps = Pick<AccountDeps, 'db' | 'argon2' | 'mailer' | 'config' | 'now' | 'storage' | 'steps' | 'tokens'>;

/** Stores the ABD certificate that Designer de Interiores must send (spec 5); answers its key. */
async function storeCertificate(deps: Deps, profession: string, file: UploadedFile | null, required: boolean) {
  if (profession !== 'Designer de Interiores') return null;
  if (!file) {
    if (required) throw fail.field('file', 'Envie o certificado ABD.');
    return null;
  }
  const key = storageKeyFor('abd-certificates', file.kind);
  await deps.storage.put(key, file.data);
  return key;
}

function conflictOf(error: unknown): HttpError | null {
  const constraint = uniqueViolation(error);
  if (constraint === null) return null;
  return constraint.includes('cpf') ? cpfTaken() : emailTaken();
}

/** Runs a write that stored a file first: a failed write removes the file, so no half record is left. */
async function withFile<T>(deps: Deps, key: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (key) await deps.storage.delete(key).catch(() => undefined);
    throw conflictOf(error) ?? error;
  }
}

async function assertCpfFree(deps: Deps, cpf: string, exceptId?: string) {
  const [other] = await deps.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(exceptId ? and(eq(professionals.cpf, cpf), ne(professionals.id, exceptId)) : eq(professionals.cpf, cpf));
  if (other) throw cpfTaken();
}

/** The reference store and seller of an invite link; a seller of another store is dropped. */
async function references(deps: Deps, body: { referenceStore?: string; referenceSeller?: string }) {
  if (!body.referenceStore) return { referenceStoreId: null, referenceSellerId: null };
  const [store] = await deps.db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, body.referenceStore), eq(stores.active, true)));
  if (!store) throw fail.field('referenceStore', 'A loja do convite não participa mais do programa.');
  let referenceSellerId: string | null = null;
  if (body.referenceSeller) {
    const [seller] = await deps.db
      .select({ id: storeUsers.id })
      .from(storeUsers)
      .where(and(eq(storeUsers.id, body.referenceSeller), eq(storeUsers.storeId, store.id)));
    referenceSellerId = seller?.id ?? null;
  }
  return { referenceStoreId: store.id, referenceSellerId };
}

/**
 * Sign-up (spec 7.10 create). An e-mail that a store invited or a sign-up pre-registered is completed in place; one
 * whose sign-up was started with a password answers finish-register (logging in finishes it); any other is taken.
 */
export async function createProfessional(deps: Deps, body: ProfessionalCreate, file: UploadedFile | null) {
  assertNotCommon(body.password, 'password');
  const columns = professionalColumns(body);
  const [existing] = await deps.db.select().from(professionals).where(eq(professionals.email, body.email));
  if (existing && existing.status === 'incomplete') throw finishRegister();
  if (existing && existing.status !== 'pre_registered') throw emailTaken();
  await assertCpfFree(deps, columns.cpf, existing?.id);
  const refs = await references(deps, body);
  const terms = await currentTerms(deps.db);
  const passwordHash = await hashPassword(body.password, deps.argon2);
  const key = await storeCertificate(deps, body.profession, file, true);

  const values = {
    ...columns,
    passwordHash,
    abdCertificate: key,
    // An invite's store stays when the sign-up itself names none.
    ...(refs.referenceStoreId || !existing ? refs : {}),
    acceptedTermsVersion: terms?.version ?? null,
    status: 'awaiting_email' as const,
  };
  const row = await withFile(deps, key, async () => {
    if (existing) {
      const [updated] = await deps.db
        .update(professionals)
        .set(values)
        .where(and(eq(professionals.id, existing.id), eq(professionals.status, 'pre_registered')))
        .returning();
      if (!updated) throw emailTaken();
      return updated;
    }
    const [inserted] = await deps.db.insert(professionals).values(values).returning();
    if (!inserted) throw new Error('professional not inserted');
    return inserted;
  });
  await sendConfirmation(deps, row);
  return row;
}

/** A lead from the first sign-up step (spec 7.2 pre-register): no password, nothing that can sign in. */
export async function preRegister(
  deps: Deps,
  form: { name: string; email: string; cellphone?: string; referenceStore?: string; referenceSeller?: string },
) {
  const [existing] = await deps.db.select().from(professionals).where(eq(professionals.email, form.email));
  if (existing && existing.status === 'incomplete') throw finishRegister();
  if (existing && existing.status !== 'pre_registered') throw emailTaken();
  // An existing lead is kept as it is: anyone may call this with anyone's e-mail, so it must not rewrite a name,
  // a phone or the store that referred the person. The same answer either way.
  if (existing) return;
  const refs = await references(deps, form);
  const values = { name: form.name, cellphone: form.cellphone ?? null, ...(refs.referenceStoreId ? refs : {}) };
  await deps.db
    .insert(professionals)
    .values({ ...values, email: form.email, passwordHash: '!', status: 'pre_registered' })
    .onConflictDoNothing();
}

/** Finishing the registration that login answered with user-incomplete (spec 7.10 update). */
export async function completeProfessional(deps: Deps, body: ProfessionalComplete, file: UploadedFile | null) {
  const claims = deps.steps.verify(body.registrationToken, 'finish-register');
  const invalid = () =>
    fail.badRequest('Sua sessão para concluir o cadastro expirou. Entre novamente.', 'registration-token-invalid');
  if (!claims) throw invalid();
  const [row] = await deps.db.select().from(professionals).where(eq(professionals.id, claims.sub));
  if (!row || row.tokenVersion !== claims.tv || row.status !== 'incomplete' || row.behaviour !== 'active') {
    throw invalid();
  }
  if (body.email !== row.email) throw fail.field('email', 'O e-mail do cadastro não pode ser trocado aqui.');
  const columns = professionalColumns(body);
  await assertCpfFree(deps, columns.cpf, row.id);
  const terms = await currentTerms(deps.db);
  const key = await storeCertificate(deps, body.profession, file, !row.abdCertificate);
  const status = row.emailConfirmedAt ? ('active' as const) : ('awaiting_email' as const);
  const [updated] = await withFile(deps, key, () =>
    deps.db
      .update(professionals)
      .set({
        ...columns,
        ...(key ? { abdCertificate: key } : {}),
        acceptedTermsVersion: terms?.version ?? null,
        status,
      })
      .where(and(eq(professionals.id, row.id), eq(professionals.status, 'incomplete')))
      .returning(),
  );
  if (!updated) throw invalid();
  if (status === 'awaiting_email') await sendConfirmation(deps, updated);
  return updated;
}

/** Only the password, for the profile's password form; ends every other token like any password change. */
export async function changeProfessionalPassword(deps: Deps, principalId: string, body: PasswordChange) {
  if (body._id !== principalId) throw fail.invalidId();
  const [row] = await deps.db.select().from(professionals).where(eq(professionals.id, principalId));
  if (!row) throw fail.invalidId();
  const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
  const [updated] = await deps.db
    .update(professionals)
    .set({ passwordHash: passwordHash ?? row.passwordHash, tokenVersion: sql`${professionals.tokenVersion} + 1` })
    .where(eq(professionals.id, row.id))
    .returning();
  if (!updated) throw fail.invalidId();
  return { row: updated, passwordChanged: true };
}

/** The professional's own data (spec 7.10 update-me); a new password needs the current one and ends other tokens. */
export async function updateProfessional(
  deps: Deps,
  principalId: string,
  body: ProfessionalUpdateMe,
  file: UploadedFile | null,
) {
  if (body._id !== principalId) throw fail.invalidId();
  const [row] = await deps.db.select().from(professionals).where(eq(professionals.id, principalId));
  if (!row) throw fail.invalidId();
  const columns = professionalColumns(body);
  if (columns.email !== row.email) {
    const [other] = await deps.db
      .select({ id: professionals.id })
      .from(professionals)
      .where(eq(professionals.email, columns.email));
    if (other) throw emailTaken();
  }
  await assertCpfFree(deps, columns.cpf, row.id);
  const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
  const key = await storeCertificate(deps, body.profession, file, !row.abdCertificate);
  const [updated] = await withFile(deps, key, () =>
    deps.db
      .update(professionals)
      .set({
        ...columns,
        ...(key ? { abdCertificate: key } : {}),
        ...(passwordHash ? { passwordHash, tokenVersion: sql`${professionals.tokenVersion} + 1` } : {}),
      })
      .where(eq(professionals.id, row.id))
      .returning(),
  );
  if (!updated) throw fail.invalidId();
  if (key && row.abdCertificate) await deps.storage.delete(row.abdCertificate).catch(() => undefined);
  return { row: updated, passwordChanged: Boolean(passwordHash) };
}
