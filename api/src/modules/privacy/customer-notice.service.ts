import { createHash, randomBytes } from 'node:crypto';
import { type CustomerObjectionBody, customerNoticeMessages } from '@especifica/mf-shared/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerNotices, customers, professionals } from '../../db/schema';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { customerNoticeMail } from '../../mail/templates';
import { saoPauloDay } from './format';

// The customer is told (domain.md, Privacy): a registered customer with an e-mail receives who registered them and a
// link to object; objecting ends the registration from that moment (docs/privacy.md).

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const invalidLink = () => fail.badRequest(customerNoticeMessages.invalidLink, 'customer-notice-invalid');

type NoticeDeps = Pick<ProgrammeDeps, 'mailer' | 'publicUrl'>;

/**
 * Writes the notice and its e-mail in the registration's own transaction: a customer with an e-mail is never
 * registered without being told. The link lasts as long as the registration's window.
 */
export async function sendCustomerNotice(
  tx: Db,
  deps: NoticeDeps,
  customer: { id: string; name: string; email: string | null; validUntil: Date },
  professionalId: string,
) {
  if (!customer.email) return;
  const [professional] = await tx
    .select({ name: professionals.name })
    .from(professionals)
    .where(eq(professionals.id, professionalId));
  if (!professional) throw new Error('the customer’s professional is missing');
  const token = randomBytes(32).toString('base64url');
  await tx.insert(customerNotices).values({
    customerId: customer.id,
    email: customer.email,
    tokenHash: hashToken(token),
    expiresAt: customer.validUntil,
  });
  const link = `${deps.publicUrl}/customer-objection?token=${encodeURIComponent(token)}`;
  await deps.mailer.enqueue(
    tx,
    customerNoticeMail(customer.email, customer.name, professional.name, saoPauloDay.format(customer.validUntil), link),
  );
}

async function noticeOf(db: Db, token: string) {
  const [row] = await db
    .select({ notice: customerNotices, customerName: customers.name, professionalName: professionals.name })
    .from(customerNotices)
    .innerJoin(customers, eq(customers.id, customerNotices.customerId))
    .innerJoin(professionals, eq(professionals.id, customers.professionalId))
    .where(eq(customerNotices.tokenHash, hashToken(token)));
  return row;
}

/** What the link's page shows; an unknown link, or one past its window that was never used, is refused. */
export async function customerNoticeFor(db: Db, token: string, now: Date) {
  const row = await noticeOf(db, token);
  if (!row || (!row.notice.objectedAt && row.notice.expiresAt <= now)) throw invalidLink();
  return {
    // The first name only: whoever holds the link sees no more than the e-mail already said.
    customerName: row.customerName.split(' ')[0] ?? row.customerName,
    professionalName: row.professionalName,
    registeredAt: row.notice.createdAt.toISOString(),
    objectedAt: row.notice.objectedAt?.toISOString() ?? null,
  };
}

/** Ends the registration now (once: a second click changes nothing) and keeps the reason for admins only. */
export async function objectToRegistration(db: Db, body: CustomerObjectionBody, now: Date) {
  await db.transaction(async (tx) => {
    const row = await noticeOf(tx, body.token);
    if (!row || (!row.notice.objectedAt && row.notice.expiresAt <= now)) throw invalidLink();
    if (row.notice.objectedAt) return;
    const reason = body.reason?.trim() || null;
    const [claimed] = await tx
      .update(customerNotices)
      .set({ objectedAt: now, reason })
      .where(and(eq(customerNotices.id, row.notice.id), isNull(customerNotices.objectedAt)))
      .returning({ id: customerNotices.id });
    if (!claimed) return;
    await tx
      .update(customers)
      .set({ objectedAt: now, updatedAt: now })
      .where(and(eq(customers.id, row.notice.customerId), isNull(customers.objectedAt)));
    await audit(tx, null, {
      action: 'customer-objection',
      entity: 'customer',
      entityId: row.notice.customerId,
      after: { objectedAt: now.toISOString(), by: 'o próprio cliente, pelo link do aviso', reason },
    });
  });
  return { msg: customerNoticeMessages.objected };
}
