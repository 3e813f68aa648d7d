import {
  DATA_REQUEST_DAYS,
  type DataRequest,
  type DataRequestState,
  dataRequestMessages,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  customers,
  dataRequests,
  emailConfirmations,
  emailOutbox,
  invoices,
  notifications,
  passwordResetCodes,
  professionals,
  signIns,
  storeUsers,
} from '../../db/schema';
import { audit } from '../../kernel/audit';
import { fail, isUniqueViolation } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { keyedHash } from '../../security/keyed-hash';
import { verifyPassword } from '../../security/passwords';
import type { FileStorage } from '../../storage';
import { avatarKeyOf } from '../avatars';
import { saoPauloDay } from './format';
import { type ConsentSubject, ownRequestOf } from './queries';

// A holder's deletion request (LGPD art. 18, VI) and the anonymisation that answers it (domain.md, Privacy;
// docs/privacy.md). The ledger, the invoices' fiscal fields and the audit stay under the same id, so every balance,
// ranking and report of anyone else is unchanged.

export const ANONYMISE_JOB = 'privacy.anonymise';
export const ERASED_NAME = 'Titular removido';
const DAY = 86_400_000;

/** A keyed hash of an e-mail or a CPF: the same person signing up again is recognised; nobody can read it back. */
export const erasedHashOf = (secret: string, label: 'email' | 'cpf', value: string) =>
  keyedHash(secret, `erased-${label}`, value);

/**
 * The earlier account of the same person that the programme erased (a holder's request or inactivity), recognised by
 * the keyed hash of their CPF (first) or e-mail: when it was anonymised, and by which. Null for a first account.
 */
export async function erasedEarlier(
  db: Db,
  secret: string,
  person: { email: string; cpf: string | null },
): Promise<{ erasedAt: string; by: 'cpf' | 'email' } | null> {
  const emailHash = erasedHashOf(secret, 'email', person.email);
  const cpfHash = person.cpf ? erasedHashOf(secret, 'cpf', person.cpf) : null;
  const [row] = await db
    .select({ anonymisedAt: dataRequests.anonymisedAt, cpfHash: dataRequests.cpfHash })
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.state, 'done'),
        or(eq(dataRequests.emailHash, emailHash), cpfHash ? eq(dataRequests.cpfHash, cpfHash) : undefined),
      ),
    )
    .orderBy(desc(dataRequests.anonymisedAt))
    .limit(1);
  if (!row?.anonymisedAt) return null;
  return {
    erasedAt: row.anonymisedAt.toISOString(),
    by: cpfHash !== null && row.cpfHash === cpfHash ? 'cpf' : 'email',
  };
}

async function passwordHashOf(db: Db, subject: ConsentSubject) {
  const table = subject.kind === 'professional' ? professionals : storeUsers;
  const [row] = await db.select({ hash: table.passwordHash }).from(table).where(eq(table.id, subject.id));
  return row?.hash ?? null;
}

/** The holder asks, with their password; the 15 days start now. One open request at a time. */
export async function requestDeletion(db: Db, holder: Principal, password: string, now: Date) {
  const subject: ConsentSubject = { kind: holder.role === 'shopkeeper' ? 'shopkeeper' : 'professional', id: holder.id };
  const hash = await passwordHashOf(db, subject);
  if (!hash?.startsWith('$argon2') || !(await verifyPassword(hash, password))) {
    throw fail.field('password', dataRequestMessages.wrongPassword, 400, 'wrong-password');
  }
  const deadline = new Date(now.getTime() + DATA_REQUEST_DAYS * DAY);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(dataRequests)
        .values({ subjectKind: subject.kind, subjectId: subject.id, deadline, createdAt: now })
        .returning({ id: dataRequests.id });
      await audit(tx, holder, {
        action: 'request-deletion',
        entity: 'data-request',
        entityId: row?.id ?? null,
        after: { state: 'received', subject, deadline: deadline.toISOString() },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict(dataRequestMessages.open, 'data-request-open');
    throw error;
  }
  return { msg: dataRequestMessages.received.replace('{{date}}', saoPauloDay.format(deadline)) };
}

/** The admins' queue: open ones first, the nearest deadline first; then the answered, newest first. */
export async function dataRequestsPage(
  db: Db,
  query: { page: number; limit: number; state?: DataRequestState },
  now: Date,
): Promise<{ items: DataRequest[]; total: number; page: number; limit: number }> {
  const where = query.state ? eq(dataRequests.state, query.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: dataRequests,
        professional: { name: professionals.name, email: professionals.email },
        shopkeeper: { name: storeUsers.name, email: storeUsers.email },
      })
      .from(dataRequests)
      .leftJoin(
        professionals,
        and(eq(dataRequests.subjectKind, 'professional'), eq(professionals.id, dataRequests.subjectId)),
      )
      .leftJoin(storeUsers, and(eq(dataRequests.subjectKind, 'shopkeeper'), eq(storeUsers.id, dataRequests.subjectId)))
      .where(where)
      .orderBy(
        sql`${dataRequests.state} in ('received', 'in-progress') desc`,
        sql`case when ${dataRequests.state} in ('received', 'in-progress') then ${dataRequests.deadline} end asc`,
        desc(dataRequests.createdAt),
      )
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(dataRequests).where(where),
  ]);
  return {
    items: rows.map(({ request, professional, shopkeeper }) => {
      const person = request.subjectKind === 'professional' ? professional : shopkeeper;
      const open = request.state === 'received' || request.state === 'in-progress';
      return {
        ...ownRequestOf(request),
        subjectKind: request.subjectKind,
        subjectId: request.subjectId,
        name: person?.name ?? ERASED_NAME,
        email: request.anonymisedAt ? null : (person?.email ?? null),
        handledBy: request.handledBy,
        handledAt: request.handledAt?.toISOString() ?? null,
        late: open && request.deadline <= now,
      };
    }),
    total: total?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * An admin's answer to a request still received, in the caller's transaction: its new state (and refusal reason) with
 * who answered and when, audited. Answers the request as it was.
 */
async function answer(
  tx: Db,
  admin: Principal,
  id: string,
  change: { state: 'refused' | 'in-progress'; refusalReason?: string },
  now: Date,
) {
  const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
  if (!row) throw fail.notFound(dataRequestMessages.notFound);
  if (row.state !== 'received') throw fail.conflict(dataRequestMessages.notOpen, 'data-request-answered');
  await tx
    .update(dataRequests)
    .set({ ...change, handledBy: admin.name, handledAt: now })
    .where(eq(dataRequests.id, row.id));
  await audit(tx, admin, {
    action: change.state === 'refused' ? 'refuse' : 'complete',
    entity: 'data-request',
    entityId: row.id,
    before: { state: row.state },
    after: { state: change.state, ...(change.refusalReason ? { reason: change.refusalReason } : {}) },
  });
  return row;
}

/** An admin refuses, with the reason the holder reads on /privacy and in the bell. */
export async function refuseDataRequest(db: Db, admin: Principal, body: { id: string; reason: string }, now: Date) {
  await db.transaction(async (tx) => {
    const row = await answer(tx, admin, body.id, { state: 'refused', refusalReason: body.reason }, now);
    await tx.insert(notifications).values({
      recipientKind: row.subjectKind,
      recipientId: row.subjectId,
      type: 'privacy',
      title: 'Pedido de exclusão recusado',
      message: body.reason,
      data: { requestId: row.id },
    });
  });
  return { msg: dataRequestMessages.refused };
}

/** An admin completes it: the request is in progress and the anonymisation job is sent in the same transaction. */
export async function completeDataRequest(
  db: Db,
  jobs: { send(name: string, data: object, tx: Db): Promise<unknown>; wake(name: string): void },
  admin: Principal,
  id: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const row = await answer(tx, admin, id, { state: 'in-progress' }, now);
    // Not `requestId`: the queue puts the HTTP request's id there, for the logs.
    await jobs.send(ANONYMISE_JOB, { dataRequestId: row.id }, tx);
  });
  jobs.wake(ANONYMISE_JOB);
  return { msg: dataRequestMessages.started };
}

/**
 * The anonymisation, safe to run again after a crash at any point: the database part commits once, with the files it
 * leaves to delete on the request; a run that finds it done deletes those (again: deleting is idempotent) and ends
 * the request. Answers whether it ended the request now.
 */
export async function anonymise(db: Db, storage: FileStorage, secret: string, requestId: string, now: Date) {
  const files = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, requestId)).for('update');
    if (row?.state !== 'in-progress') return null;
    if (row.anonymisedAt) return row.files ?? [];
    const subject = { kind: row.subjectKind, id: row.subjectId } as const;
    const keys = await eraseSubject(tx, subject, now);
    await tx
      .update(dataRequests)
      .set({ anonymisedAt: now, files: keys.files, emailHash: keys.emailHash(secret), cpfHash: keys.cpfHash(secret) })
      .where(eq(dataRequests.id, row.id));
    return keys.files;
  });
  if (files === null) return false;
  // A failure here leaves the request in progress: the job's retry deletes the files again (a missing one is fine).
  for (const key of files) await storage.delete(key);
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(dataRequests)
      .set({ state: 'done' })
      .where(and(eq(dataRequests.id, requestId), eq(dataRequests.state, 'in-progress')))
      .returning();
    if (!ended) return false;
    await audit(tx, null, {
      action: 'anonymise',
      entity: 'data-request',
      entityId: requestId,
      before: { state: 'in-progress' },
      after: { state: 'done', files: files.length },
    });
    return true;
  });
}

/** What the anonymisation changes in the database, for one person: answers the files to delete and the hashes. */
async function eraseSubject(tx: Db, subject: ConsentSubject, now: Date) {
  const files: string[] = [];
  let email = '';
  let cpf: string | null = null;
  const placeholder = `titular-${subject.id}@removido.invalid`;
  if (subject.kind === 'professional') {
    const [person] = await tx.select().from(professionals).where(eq(professionals.id, subject.id)).for('update');
    if (!person) throw new Error(`no professional ${subject.id}`);
    email = person.email;
    cpf = person.cpf;
    const avatar = avatarKeyOf(person.profileImage);
    if (avatar) files.push(avatar);
    if (person.abdCertificate) files.push(person.abdCertificate);
    await tx
      .update(professionals)
      .set({
        name: ERASED_NAME,
        email: placeholder,
        // '!' never verifies: no login is possible; the new token version ends every session.
        passwordHash: '!',
        tokenVersion: sql`${professionals.tokenVersion} + 1`,
        profileImage: null,
        cpf: null,
        cellphone: null,
        birthDate: null,
        gender: null,
        address: null,
        modality: null,
        cau: null,
        crea: null,
        abd: null,
        abdCertificate: null,
        office: null,
        socialMedia: null,
        acceptReceiveEmail: false,
        updatedAt: now,
      })
      .where(eq(professionals.id, subject.id));
    // The files of their invoices go; the fiscal fields stay (store, number, series, key, dates, totals, lines).
    const own = await tx
      .select({ id: invoices.id, fileKey: invoices.fileKey })
      .from(invoices)
      .where(and(eq(invoices.professionalId, subject.id), isNotNull(invoices.fileKey)));
    files.push(...own.flatMap((row) => (row.fileKey ? [row.fileKey] : [])));
    await tx
      .update(invoices)
      .set({ fileKey: null, customerCpf: null, customerName: null, customerId: null })
      .where(eq(invoices.professionalId, subject.id));
    // The customers they registered are other people's data kept for them: gone with the account.
    await tx.delete(customers).where(eq(customers.professionalId, subject.id));
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.professionalId, subject.id));
  } else {
    const [person] = await tx.select().from(storeUsers).where(eq(storeUsers.id, subject.id)).for('update');
    if (!person) throw new Error(`no shopkeeper ${subject.id}`);
    email = person.email;
    cpf = person.cpf;
    const avatar = avatarKeyOf(person.profileImage);
    if (avatar) files.push(avatar);
    await tx
      .update(storeUsers)
      .set({
        name: ERASED_NAME,
        email: placeholder,
        passwordHash: '!',
        tokenVersion: sql`${storeUsers.tokenVersion} + 1`,
        profileImage: null,
        cpf: null,
        cellphone: null,
        updatedAt: now,
      })
      .where(eq(storeUsers.id, subject.id));
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.storeUserId, subject.id));
  }
  await tx
    .delete(notifications)
    .where(and(eq(notifications.recipientKind, subject.kind), eq(notifications.recipientId, subject.id)));
  await tx.delete(signIns).where(and(eq(signIns.role, subject.kind), eq(signIns.accountId, subject.id)));
  await tx
    .delete(passwordResetCodes)
    .where(and(eq(passwordResetCodes.role, subject.kind), eq(passwordResetCodes.email, email)));
  await tx.delete(emailOutbox).where(eq(emailOutbox.recipient, email));
  return {
    files,
    emailHash: (secret: string) => erasedHashOf(secret, 'email', email),
    cpfHash: (secret: string) => (cpf ? erasedHashOf(secret, 'cpf', cpf) : null),
  };
}
