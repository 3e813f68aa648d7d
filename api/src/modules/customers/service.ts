import { type CustomerData, customerMessages, customerNoticeMessages } from '@especifica/mf-shared/contracts';
import { and, eq, gt, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, customerWindows } from '../../db/schema';
import { switchActive } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { settingsOf } from '../../kernel/settings';
import { sendCustomerNotice } from '../privacy';
import { ownCustomer } from './queries';

/**
 * A customer's window from `now` to `until` (domain: customers): a renewal while the current window is open extends
 * it; a registration, or a renewal after the window lapsed, opens a new one, so that the gap between two windows
 * attributes nothing.
 */
export async function openCustomerWindow(tx: Db, customerId: string, now: Date, until: Date) {
  const [extended] = await tx
    .update(customerWindows)
    .set({ endsAt: until })
    .where(and(eq(customerWindows.customerId, customerId), gte(customerWindows.endsAt, now)))
    .returning({ id: customerWindows.id });
  if (!extended) await tx.insert(customerWindows).values({ customerId, startsAt: now, endsAt: until });
}

const DAY = 86_400_000;

/** Refuses a CPF that another professional holds now: attribution must name one professional. */
async function refuseIfHeldByAnother(tx: Db, professionalId: string, cpf: string, now: Date) {
  // Two professionals registering one CPF at once would both see it free: serialise on the CPF.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer:${cpf}`}, 0))`);
  const held = await tx.$count(
    customers,
    and(
      eq(customers.cpf, cpf),
      ne(customers.professionalId, professionalId),
      eq(customers.active, true),
      isNull(customers.objectedAt),
      gt(customers.validUntil, now),
    ),
  );
  if (held > 0) throw fail.conflict(customerMessages.takenByOther, 'customer-taken');
}

/**
 * Registers a customer of the professional for the programme's window and, when they have an e-mail, tells them (who,
 * where, what it means, and the link to object: docs/privacy.md) in the same transaction; returns its id.
 */
export async function createCustomer(
  db: Db,
  notices: Parameters<typeof sendCustomerNotice>[1],
  professionalId: string,
  data: CustomerData,
  now: () => Date,
) {
  const { customerWindowDays } = await settingsOf(db);
  const start = now();
  const until = new Date(start.getTime() + customerWindowDays * DAY);
  return db.transaction(async (tx) => {
    await refuseIfHeldByAnother(tx, professionalId, data.cpf, now());
    const [mine] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.professionalId, professionalId), eq(customers.cpf, data.cpf)));
    if (mine) throw fail.conflict(customerMessages.alreadyYours, 'customer-exists', { id: mine.id });
    const [row] = await tx
      .insert(customers)
      .values({
        professionalId,
        name: data.name,
        cpf: data.cpf,
        phone: data.phone ?? null,
        email: data.email ?? null,
        validUntil: until,
      })
      .returning({ id: customers.id });
    if (!row) throw new Error('customer not created');
    await openCustomerWindow(tx, row.id, start, until);
    await sendCustomerNotice(
      tx,
      notices,
      { id: row.id, name: data.name, email: data.email ?? null, validUntil: until },
      professionalId,
    );
    return row.id;
  });
}

export async function updateCustomer(
  db: Db,
  professionalId: string,
  id: string,
  data: Partial<Omit<CustomerData, 'cpf'>>,
) {
  await ownCustomer(db, professionalId, id);
  await db
    .update(customers)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(customers.id, id));
}

/** A new window from now, for a customer the administration has not switched off and nobody else holds. */
export async function renewCustomer(db: Db, professionalId: string, id: string, now: () => Date) {
  const { customerWindowDays } = await settingsOf(db);
  await db.transaction(async (tx) => {
    const customer = await ownCustomer(tx, professionalId, id);
    if (customer.objectedAt) throw fail.invalid(customerNoticeMessages.customerObjected, 'customer-objected');
    if (!customer.active) {
      throw fail.invalid(
        'Este cliente foi desativado pela administração e não pode ser renovado.',
        'customer-inactive',
      );
    }
    await refuseIfHeldByAnother(tx, professionalId, customer.cpf, now());
    const start = now();
    const until = new Date(start.getTime() + customerWindowDays * DAY);
    await tx.update(customers).set({ validUntil: until, updatedAt: new Date() }).where(eq(customers.id, customer.id));
    await openCustomerWindow(tx, customer.id, start, until);
  });
}

export const changeCustomerStatus = (db: Db, actor: Principal, id: string, active: boolean) =>
  switchActive(db, actor, customerTarget, id, active);

const customerTarget = {
  table: customers,
  entity: 'customer',
  notFound: () => fail.notFound(customerMessages.notFound),
};
