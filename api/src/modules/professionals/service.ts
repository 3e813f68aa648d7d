import { randomUUID } from 'node:crypto';
import {
  type AdjustPointsBody,
  type AdminProfessional,
  adjustmentMessages,
  type createProfessionalByAdminBodySchema,
  marketingPurposes,
  type PasswordChange,
  type ProfessionalChanges,
  type ProfessionalComplete,
  type ProfessionalCreate,
  professionOf,
  professionRuleMessages,
  type updateProfessionalByAdminBodySchema,
  userMessages,
} from '@especifica/mf-shared/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client';
import { ledgerEntries, professionals, stores, storeUsers } from '../../db/schema';
import { fromHundredths, toHundredths } from '../../domain/points';
import { audit, insertAudited, updateAudited } from '../../kernel/audit';
import type { AccountDeps } from '../../kernel/deps';
import { fail, type HttpError, isUniqueViolation, uniqueViolation, violatedConstraint } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { storageKeyFor, type UploadedFile } from '../../kernel/uploads';
import { hashPassword } from '../../security/passwords';
import {
  assertNotCommon,
  cpfTaken,
  currentTerms,
  emailTaken,
  finishRegister,
  newPasswordHash,
  sendConfirmation,
} from '../auth';
import { adjust, balanceOf, issuerOf } from '../ledger';
import { type ConsentContext, changeMarketingConsent, recordConsents, signUpConsents } from '../privacy';
import { refuseEarningNothing } from '../professions';
import { emailTaken as adminEmailTaken } from '../users';
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

/**
 * Writes a professional's own data to the rows `where` selects, with the certificate stored for it (`key`) when one
 * was sent; a failed write removes that file. Answers the rows written.
 */
function writeOwnData(
  deps: Deps,
  key: string | null,
  where: SQL | undefined,
  changes: PgUpdateSetSource<typeof professionals>,
) {
  return withFile(deps, key, () =>
    deps.db
      .update(professionals)
      .set({ ...changes, ...(key ? { abdCertificate: key } : {}) })
      .where(where)
      .returning(),
  );
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
export async function createProfessional(
  deps: Deps,
  body: ProfessionalCreate,
  file: UploadedFile | null,
  consent: ConsentContext,
) {
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
  const consents = signUpConsents(terms?.version ?? null, columns.acceptReceiveEmail);
  const row = await withFile(deps, key, () =>
    deps.db.transaction(async (tx) => {
      const [written] = existing
        ? await tx
            .update(professionals)
            .set(values)
            .where(and(eq(professionals.id, existing.id), eq(professionals.status, 'pre_registered')))
            .returning()
        : await tx.insert(professionals).values(values).returning();
      if (!written) throw emailTaken();
      await recordConsents(tx, [{ kind: 'professional', id: written.id }], consents, consent);
      return written;
    }),
  );
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
export async function completeProfessional(
  deps: Deps,
  body: ProfessionalComplete,
  file: UploadedFile | null,
  consent: ConsentContext,
) {
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
  const incomplete = and(eq(professionals.id, row.id), eq(professionals.status, 'incomplete'));
  const [updated] = await writeOwnData(deps, key, incomplete, {
    ...columns,
    acceptedTermsVersion: terms?.version ?? null,
    status,
  });
  if (!updated) throw invalid();
  await recordConsents(
    deps.db,
    [{ kind: 'professional', id: updated.id }],
    signUpConsents(terms?.version ?? null, columns.acceptReceiveEmail),
    consent,
  );
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
  body: ProfessionalChanges,
  file: UploadedFile | null,
  consent: ConsentContext,
) {
  if (body._id !== principalId) throw fail.invalidId();
  const [row] = await deps.db.select().from(professionals).where(eq(professionals.id, principalId));
  if (!row) throw fail.invalidId();
  // Only the parts sent change, and only they are checked. The marketing choice is a consent: recorded when it
  // changes, below, and kept when the form leaves it out.
  const { acceptReceiveEmail: _marketing, ...columns } = professionalColumns(body);
  if (body.email !== undefined && columns.email !== row.email) {
    const [other] = await deps.db
      .select({ id: professionals.id })
      .from(professionals)
      .where(eq(professionals.email, columns.email));
    if (other) throw emailTaken();
  }
  if (body.userData?.cpf !== undefined) await assertCpfFree(deps, columns.cpf, row.id);
  const passwordHash = await newPasswordHash(deps, row.passwordHash, body);
  // The certificate is asked for when one becomes Designer de Interiores; one may come with any change after.
  const profession = body.profession ?? professionOf(row.profession) ?? '';
  const key = await storeCertificate(deps, profession, file, body.profession !== undefined && !row.abdCertificate);
  const changes = {
    ...columns,
    ...(passwordHash ? { passwordHash, tokenVersion: sql`${professionals.tokenVersion} + 1` } : {}),
  };
  // A save of no part (the e-mail consent alone) leaves the row as it is.
  const [updated] =
    Object.values(changes).some((value) => value !== undefined) || key
      ? await writeOwnData(deps, key, eq(professionals.id, row.id), changes)
      : [row];
  if (!updated) throw fail.invalidId();
  if (key && row.abdCertificate) await deps.storage.delete(row.abdCertificate).catch(() => undefined);
  const marketing = body.acceptReceiveEmail;
  if (marketing !== undefined && marketing !== row.acceptReceiveEmail) {
    // The profile's one box, "receive e-mails and messages", is both channels.
    for (const purpose of marketingPurposes) {
      await changeMarketingConsent(
        deps.db,
        { kind: 'professional', id: row.id },
        { purpose, given: marketing },
        consent,
      );
    }
  }
  return {
    row: { ...updated, acceptReceiveEmail: marketing ?? updated.acceptReceiveEmail },
    passwordChanged: Boolean(passwordHash),
  };
}

// The CMS's changes to a professional (spec 7.9), each audited.

type CreateProfessionalByAdminBody = z.infer<typeof createProfessionalByAdminBodySchema>;
type UpdateProfessionalByAdminBody = z.infer<typeof updateProfessionalByAdminBodySchema>;

/** An admin vouches for the account: it starts active, with the e-mail taken as confirmed. Answers the new id. */
export async function createProfessionalByAdmin(
  deps: Pick<AccountDeps, 'db' | 'argon2'>,
  principal: Principal,
  body: CreateProfessionalByAdminBody,
): Promise<string> {
  const { password, ...fields } = body;
  const passwordHash = await hashPassword(password, deps.argon2);
  const row = await insertAudited(
    deps.db,
    principal,
    { table: professionals, entity: 'professional', refuse: adminEmailTaken },
    { ...fields, passwordHash, status: 'active', emailConfirmedAt: new Date() },
  );
  return row.id;
}

/** An admin's edit that takes a CPF or an e-mail another professional has. */
function cpfOrEmailTaken(error: unknown): never {
  if (isUniqueViolation(error) && violatedConstraint(error)?.includes('cpf')) {
    throw fail.conflict('Este CPF já é usado por outro profissional.', 'cpf-taken');
  }
  return adminEmailTaken(error);
}

export async function updateProfessionalByAdmin(
  db: Db,
  principal: Principal,
  { id, ...changes }: UpdateProfessionalByAdminBody,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(professionals).where(eq(professionals.id, id));
    if (!before) throw fail.notFound(userMessages.professionalNotFound);
    const revoke = changes.email !== undefined && changes.email !== before.email;
    await updateAudited(
      tx,
      principal,
      { table: professionals, entity: 'professional', refuse: cpfOrEmailTaken },
      before,
      {
        ...changes,
        ...(revoke ? { tokenVersion: sql`${professionals.tokenVersion} + 1` } : {}),
      },
    );
  });
}

export async function changeProfessionalBehaviour(
  db: Db,
  principal: Principal,
  id: string,
  behaviour: AdminProfessional['behaviour'],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(professionals).where(eq(professionals.id, id));
    if (!before) throw fail.notFound(userMessages.professionalNotFound);
    await tx
      .update(professionals)
      .set({
        behaviour,
        // Inactive and blocked professionals cannot sign in: their open sessions end now.
        ...(behaviour === 'active' ? {} : { tokenVersion: sql`${professionals.tokenVersion} + 1` }),
        updatedAt: new Date(),
      })
      .where(eq(professionals.id, id));
    await audit(tx, principal, {
      action: 'change-status',
      entity: 'professional',
      entityId: id,
      before: { behaviour: before.behaviour },
      after: { behaviour },
    });
  });
}

/**
 * An admin's correction of a professional's points: one ledger entry, audited. With an idempotency key the key is
 * the entry's source, so the same request again (a double click, a retry after a timeout) finds its entry and
 * writes nothing; the same key with another professional, amount or reason is refused (409), never applied.
 * Same-key requests wait on one lock, so two at once still make one entry.
 */
export async function adjustProfessionalPoints(
  db: Db,
  principal: Principal,
  body: AdjustPointsBody,
  now: Date,
): Promise<void> {
  const { professionalId, points, reason, idempotencyKey } = body;
  const participant = { kind: 'professional' as const, id: professionalId };
  const amount = toHundredths(points);
  await db.transaction(async (tx) => {
    if (idempotencyKey) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`adjustment:${idempotencyKey}`}, 0))`);
      const [done] = await tx
        .select({
          participantKind: ledgerEntries.participantKind,
          participantId: ledgerEntries.participantId,
          amount: ledgerEntries.amount,
          reason: ledgerEntries.reason,
        })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.sourceType, 'adjustment'), eq(ledgerEntries.sourceId, idempotencyKey)))
        .limit(1);
      if (done) {
        const same =
          done.participantKind === 'professional' &&
          done.participantId === professionalId &&
          Number(done.amount) === amount &&
          done.reason === reason;
        if (same) return;
        throw fail.conflict(adjustmentMessages.keyReused, 'idempotency-key-reused');
      }
    }
    const [person] = await tx
      .select({ id: professionals.id })
      .from(professionals)
      .where(eq(professionals.id, professionalId));
    if (!person) throw fail.notFound(userMessages.professionalNotFound);
    // Rules per profession: a profession that earns nothing is given no points, by hand either; taking is allowed.
    if (amount > 0) await refuseEarningNothing(tx, professionalId, professionRuleMessages.earnsNothing);
    const before = await balanceOf(tx, participant);
    // Without a key each adjustment is its own source: two corrections of the same size are two entries.
    const sourceId = idempotencyKey ?? randomUUID();
    await adjust(
      tx,
      { participant, amount, sourceId, issuer: issuerOf(principal), reason },
      now,
      adjustmentMessages.overdraft,
    );
    await audit(tx, principal, {
      action: 'adjust-points',
      entity: 'professional',
      entityId: professionalId,
      before: { balance: fromHundredths(before) },
      after: { balance: fromHundredths(await balanceOf(tx, participant)), points, reason, entry: sourceId },
    });
  });
}
