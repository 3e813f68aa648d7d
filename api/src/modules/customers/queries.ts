import { customerMessages } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, professionals } from '../../db/schema';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';

type Joined = { customer: typeof customers.$inferSelect; professionalName: string };

const customerOut = (row: Joined, now: Date) => ({
  id: row.customer.id,
  active: row.customer.active,
  data: {
    name: row.customer.name,
    cpf: row.customer.cpf,
    phone: row.customer.phone,
    email: row.customer.email,
  },
  validUntil: row.customer.validUntil.toISOString(),
  expired: row.customer.validUntil <= now,
  objectedAt: row.customer.objectedAt?.toISOString() ?? null,
  professional: { id: row.customer.professionalId, name: row.professionalName },
  createdAt: row.customer.createdAt.toISOString(),
});

const joined = (db: Db) =>
  db
    .select({ customer: customers, professionalName: professionals.name })
    .from(customers)
    .innerJoin(professionals, eq(professionals.id, customers.professionalId));

/** A search (name, CPF), on or off, and expired or not at `now`. */
export function customerFilters(
  query: { search?: string; active?: boolean; expired?: boolean; professionalId?: string },
  now: Date,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [searchAny(query.search, [customers.name, customers.cpf])];
  if (query.active !== undefined) conditions.push(eq(customers.active, query.active));
  if (query.expired !== undefined) {
    conditions.push(query.expired ? lte(customers.validUntil, now) : gt(customers.validUntil, now));
  }
  if (query.professionalId) conditions.push(eq(customers.professionalId, query.professionalId));
  return conditions;
}

export const ofProfessional = (professionalId: string) => eq(customers.professionalId, professionalId);

export function customersPage(
  db: Db,
  where: SQL | undefined,
  query: ListPageQuery<'name' | 'createdAt' | 'validUntil'>,
  now: Date,
) {
  return listPage(
    query,
    {
      rows: joined(db).$dynamic(),
      count: db.select({ total: count() }).from(customers).$dynamic(),
      where: [where],
      order: [desc(customers.createdAt), customers.id],
      sortable: { name: customers.name, createdAt: customers.createdAt, validUntil: customers.validUntil },
      id: customers.id,
    },
    (row) => customerOut(row, now),
  );
}

export async function customerById(db: Db, id: string, now: Date) {
  const [row] = await joined(db).where(eq(customers.id, id));
  if (!row) throw fail.notFound(customerMessages.notFound);
  return customerOut(row, now);
}

/** The professional's own customer, or 404 (somebody else's is not found either). */
export async function ownCustomer(db: Db, professionalId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.professionalId, professionalId)));
  if (!row) throw fail.notFound(customerMessages.notFound);
  return row;
}
