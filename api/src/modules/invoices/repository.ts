import type { InvoicesQuery } from '@especifica/mf-shared/contracts';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { professionals, stores, storeUsers } from '../../db/schema';
import { invoiceLines, invoices, products } from '../../db/schema-programme';
import { fromHundredths } from '../../domain/points';
import { fail } from '../../http/fail';
import { offsetOf, pageAnswer } from '../../http/pagination';
import { searchAny } from '../../http/search';

const shopkeeper = alias(storeUsers, 'shopkeeper');

export function invoiceFilters(query: Partial<InvoicesQuery>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchAny(query.search, [invoices.number, invoices.accessKey])];
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.storeId) conditions.push(eq(invoices.storeId, query.storeId));
  if (query.professionalId) conditions.push(eq(invoices.professionalId, query.professionalId));
  if (query.submittedBy) conditions.push(sql`split_part(${invoices.submittedBy}, ':', 1) = ${query.submittedBy}`);
  if (query.from) conditions.push(gte(invoices.issuedOn, query.from));
  if (query.to) conditions.push(lte(invoices.issuedOn, query.to));
  return and(...conditions);
}

export async function invoicesPage(db: Db, where: SQL | undefined, query: { limit: number; page: number }) {
  const [rows, [total]] = await Promise.all([
    invoiceRows(db, where, query),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return pageAnswer(rows, total?.total ?? 0, query);
}

export async function invoiceById(db: Db, id: string, scope?: SQL) {
  const [row] = await invoiceRows(db, and(eq(invoices.id, id), scope), { limit: 1, page: 1 });
  if (!row) throw fail.notFound('Nota fiscal não encontrada.');
  return row;
}

async function invoiceRows(db: Db, where: SQL | undefined, query: { limit: number; page: number }) {
  const rows = await db
    .select({
      invoice: invoices,
      store: { id: stores.id, name: stores.name, cnpj: stores.cnpj },
      professional: { id: professionals.id, name: professionals.name },
      shopkeeperName: shopkeeper.name,
    })
    .from(invoices)
    .innerJoin(stores, eq(stores.id, invoices.storeId))
    .innerJoin(professionals, eq(professionals.id, invoices.professionalId))
    .leftJoin(shopkeeper, eq(shopkeeper.id, invoices.shopkeeperId))
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const ids = rows.map((row) => row.invoice.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            invoiceId: invoiceLines.invoiceId,
            sku: invoiceLines.sku,
            description: invoiceLines.description,
            quantity: invoiceLines.quantity,
            total: invoiceLines.total,
            participating: sql<boolean>`coalesce(${products.active}, false)`,
          })
          .from(invoiceLines)
          .leftJoin(products, eq(products.sku, invoiceLines.sku))
          .where(inArray(invoiceLines.invoiceId, ids))
          .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  return rows.map(({ invoice, store, professional, shopkeeperName }) => ({
    id: invoice.id,
    number: invoice.number,
    series: invoice.series,
    accessKey: invoice.accessKey,
    issuedOn: invoice.issuedOn,
    total: fromHundredths(invoice.total),
    status: invoice.status,
    reason: invoice.reason,
    points: fromHundredths(invoice.points),
    bonusPoints: fromHundredths(invoice.bonusPoints),
    store,
    professional,
    shopkeeper: invoice.shopkeeperId ? { id: invoice.shopkeeperId, name: shopkeeperName ?? '' } : null,
    customer: invoice.customerCpf
      ? { cpf: invoice.customerCpf, name: invoice.customerName, registered: invoice.customerId !== null }
      : null,
    hasFile: invoice.fileKey !== null,
    submittedBy: invoice.submittedBy.split(':')[0] as 'admin' | 'professional' | 'shopkeeper',
    reviewedAt: invoice.reviewedAt?.toISOString() ?? null,
    createdAt: invoice.createdAt.toISOString(),
    lines: lines
      .filter((line) => line.invoiceId === invoice.id)
      .map((line) => ({
        sku: line.sku,
        description: line.description,
        quantity: Number(line.quantity),
        total: fromHundredths(line.total),
        participating: Boolean(line.participating),
      })),
  }));
}
