import {
  type AutomaticReviewRule,
  automaticReviewHeldMessages,
  automaticReviewRuleLabels,
  type InvoiceEvent,
  type InvoiceRiskFlag,
  type InvoicesQuery,
  type InvoiceTimeline,
  type SortFields,
} from '@especifica/mf-shared/contracts';

type InvoiceSort = SortFields<InvoicesQuery['sort']>;

import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import {
  auditRecords,
  invoiceLines,
  invoices,
  ledgerEntries,
  products,
  professionals,
  programmeSettings,
  stores,
  storeUsers,
} from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { containsPattern, searchAny } from '../../kernel/search';
import { awaitingDisclosure } from '../professions';
import { invoiceNotFound } from './status.service';

const shopkeeper = alias(storeUsers, 'shopkeeper');

/** The review deadline's days (a setting, 5 by default): read once per statement. */
const reviewDeadlineDaysSql = sql<number>`coalesce((select ${programmeSettings.reviewDeadlineDays} from ${programmeSettings} where ${programmeSettings.id} = 1), 5)`;

/** The list's filters; an admin's search finds the professional's name or CPF too. */
export function invoiceFilters(query: Partial<InvoicesQuery>, admin = false, now = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    or(
      searchAny(query.search, [invoices.number, invoices.accessKey]),
      admin ? professionalMatching(query.search) : undefined,
    ),
  ];
  if (query.status) conditions.push(eq(invoices.status, query.status));
  // On the GIN index of risk_flags: the flagged invoices, however many there are.
  if (query.flag) conditions.push(sql`${invoices.riskFlags} @> array[${query.flag}]::text[]`);
  // Pending and sent more than the review deadline's days ago (a setting, read in the same statement).
  if (query.pastDeadline) {
    conditions.push(
      eq(invoices.status, 'pending'),
      sql`${invoices.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${reviewDeadlineDaysSql})`,
    );
  }
  if (query.storeId) conditions.push(eq(invoices.storeId, query.storeId));
  if (query.professionalId) conditions.push(eq(invoices.professionalId, query.professionalId));
  if (query.submittedBy) conditions.push(sql`split_part(${invoices.submittedBy}, ':', 1) = ${query.submittedBy}`);
  if (query.from) conditions.push(gte(invoices.issuedOn, query.from));
  if (query.to) conditions.push(lte(invoices.issuedOn, query.to));
  // The day the invoice was sent, a São Paulo day (UTC-3 all year since 2019): on the created_at index.
  if (query.submittedFrom) conditions.push(gte(invoices.createdAt, saoPauloDayStart(query.submittedFrom)));
  if (query.submittedTo) conditions.push(lt(invoices.createdAt, saoPauloDayStart(query.submittedTo, 1)));
  return and(...conditions);
}

/** The instant a São Paulo day (YYYY-MM-DD) starts, `plus` days later. */
function saoPauloDayStart(day: string, plus = 0): Date {
  const start = new Date(`${day}T00:00:00-03:00`);
  start.setUTCDate(start.getUTCDate() + plus);
  return start;
}

/**
 * The invoices of the professionals whose name or CPF contains the search: the queue's filter by professional
 * (screens.md CMS /invoices).
 */
function professionalMatching(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  // Bare digits are an invoice's number; a CPF is whole, or a fragment typed with its mask ("123.456").
  const digits = text.replace(/[.\-\s]/g, '');
  const cpf = /^\d{11}$/.test(digits) || (/[.-]/.test(text) && /^\d{3,11}$/.test(digits));
  const match = or(
    ilike(professionals.name, containsPattern(text)),
    cpf ? ilike(professionals.cpf, containsPattern(digits)) : undefined,
  );
  return sql`${invoices.professionalId} in (select ${professionals.id} from ${professionals} where ${match})`;
}

/** The fields an invoice list sorts by (the CMS specifications list too). */
export const invoiceSortable = {
  issuedOn: invoices.issuedOn,
  createdAt: invoices.createdAt,
  number: invoices.number,
  total: invoices.total,
  points: invoices.points,
  status: invoices.status,
  /** How many risk flags: `-risk` puts the most flagged first. */
  risk: sql<number>`cardinality(${invoices.riskFlags})`,
  /** The review queue's order: the pending first, the oldest sent first; then the others, the newest sent first. */
  queue: sql`(${invoices.status} <> 'pending', case when ${invoices.status} = 'pending' then 1 else -1 end * extract(epoch from ${invoices.createdAt}))`,
};

/** One line of an invoice as the lines' subquery gives it (json: numbers as JSON numbers). */
interface LineRow {
  sku: string;
  description: string;
  quantity: number | string;
  total: number | string;
  participating: boolean;
}

/**
 * An invoice's lines in their order, as one json array per row: read with the row rather than in a second query
 * after the page.
 */
const linesSql = sql<LineRow[]>`(select coalesce(json_agg(json_build_object(
    'sku', ${invoiceLines.sku}, 'description', ${invoiceLines.description}, 'quantity', ${invoiceLines.quantity},
    'total', ${invoiceLines.total},
    'participating', coalesce(${invoiceLines.participating}, ${products.active}, false)
  ) order by ${invoiceLines.position}), '[]'::json)
  from ${invoiceLines} left join ${products} on ${products.sku} = ${invoiceLines.sku}
  where ${invoiceLines.invoiceId} = ${outer(invoices.id)})`;

const invoiceQuery = (db: Db) =>
  db
    .select({
      invoice: invoices,
      store: { id: stores.id, name: stores.name, cnpj: stores.cnpj },
      professional: { id: professionals.id, name: professionals.name },
      shopkeeperName: shopkeeper.name,
      lines: linesSql,
      reviewDeadlineDays: reviewDeadlineDaysSql,
      awaitingDisclosure: sql<boolean>`(${invoices.status} = 'pending' and ${awaitingDisclosure('invoices')})`,
    })
    .from(invoices)
    .innerJoin(stores, eq(stores.id, invoices.storeId))
    .innerJoin(professionals, eq(professionals.id, invoices.professionalId))
    .leftJoin(shopkeeper, eq(shopkeeper.id, invoices.shopkeeperId))
    .$dynamic();
type InvoiceRow = Awaited<ReturnType<typeof invoiceQuery>>[number];

export function invoicesPage(
  db: Db,
  where: SQL | undefined,
  query: ListPageQuery<InvoiceSort>,
  /** The order without a `sort`: the newest sent first unless told. */
  order: SQL[] = [desc(invoices.createdAt), desc(invoices.id)],
) {
  return listPage(
    query,
    {
      rows: invoiceQuery(db),
      count: db.select({ total: count() }).from(invoices).$dynamic(),
      where: [where],
      order,
      sortable: invoiceSortable,
      id: invoices.id,
    },
    invoiceItem,
  );
}

export async function invoiceById(db: Db, id: string, scope?: SQL) {
  const [row] = await invoiceQuery(db).where(and(eq(invoices.id, id), scope));
  if (!row) throw invoiceNotFound();
  return invoiceItem(row);
}

/**
 * What each sale of the page gave the seller who registered it: the sum of the seller's ledger entries for the
 * invoice (the share credited on approval, less any reversal), in points. A sale that gave nothing is absent.
 */
export async function sellerPointsOf(db: Db, sales: readonly { id: string; shopkeeper: { id: string } | null }[]) {
  const registered = sales.filter((sale) => sale.shopkeeper !== null);
  if (registered.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: ledgerEntries.sourceId, amount: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(invoices, sql`${invoices.id}::text = ${ledgerEntries.sourceId}`)
    .where(
      and(
        eq(ledgerEntries.participantKind, 'shopkeeper'),
        eq(ledgerEntries.sourceType, 'invoice'),
        sql`${ledgerEntries.participantId} = ${invoices.shopkeeperId}`,
        inArray(
          ledgerEntries.sourceId,
          registered.map((sale) => sale.id),
        ),
      ),
    )
    .groupBy(ledgerEntries.sourceId);
  return new Map(rows.map((row) => [row.id, fromHundredths(Number(row.amount))]));
}

const DAY_MS = 24 * 3600 * 1000;

function invoiceItem({
  invoice,
  store,
  professional,
  shopkeeperName,
  lines,
  reviewDeadlineDays,
  awaitingDisclosure: waiting,
}: InvoiceRow) {
  return {
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
    signature: invoice.signature
      ? {
          status: invoice.signature,
          signerName: invoice.signerName,
          signerCnpj: invoice.signerCnpj,
          reason: invoice.signatureReason,
        }
      : null,
    riskFlags: invoice.riskFlags as InvoiceRiskFlag[],
    automaticReview: automaticReviewOf(invoice),
    conference: invoice.conference,
    submittedBy: invoice.submittedBy.split(':')[0] as 'admin' | 'professional' | 'shopkeeper',
    reviewDeadline:
      invoice.status === 'pending'
        ? new Date(invoice.createdAt.getTime() + Number(reviewDeadlineDays) * DAY_MS).toISOString()
        : null,
    reviewedAt: invoice.reviewedAt?.toISOString() ?? null,
    awaitingDisclosure: Boolean(waiting),
    createdAt: invoice.createdAt.toISOString(),
    lines: lines.map((line) => ({
      sku: line.sku,
      description: line.description,
      quantity: Number(line.quantity),
      total: fromHundredths(line.total),
      participating: Boolean(line.participating),
    })),
  };
}

/** The automatic review's decision kept on the invoice: approved, or held with the first rule that failed. */
function automaticReviewOf(invoice: typeof invoices.$inferSelect) {
  if (!invoice.autoReviewedAt) return null;
  const rule = invoice.autoReviewRule as AutomaticReviewRule | null;
  return {
    outcome: rule ? ('held' as const) : ('approved' as const),
    at: invoice.autoReviewedAt.toISOString(),
    rule,
    label: rule ? automaticReviewRuleLabels[rule] : null,
    message: rule ? automaticReviewHeldMessages[rule] : null,
  };
}

/** The key of an invoice's file, within what `scope` lets the reader see; null when there is no such invoice. */
export async function invoiceFileOf(db: Db, id: string, scope: SQL | undefined) {
  const [row] = await db
    .select({ fileKey: invoices.fileKey })
    .from(invoices)
    .where(and(eq(invoices.id, id), scope));
  return row ?? null;
}

/**
 * The points each line was credited at approval, in line order; null while any line has none kept (a pending or
 * rejected invoice, whose points are a preview of today's rules).
 */
export async function creditedLinePoints(db: Db, id: string): Promise<number[] | null> {
  const rows = await db
    .select({ points: invoiceLines.points })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  if (rows.length === 0 || rows.some((row) => row.points === null)) return null;
  return rows.map((row) => fromHundredths(row.points ?? 0));
}

const reviewActions: Record<string, InvoiceEvent['action']> = {
  'invoice-approved': 'approved',
  'invoice-rejected': 'rejected',
  'invoice-cancelled': 'cancelled',
  update: 'updated',
  'update-products': 'updated',
};

/** What happened to an invoice, from its audit records, and how its points were computed. */
export async function timelineOf(db: Db, invoice: Awaited<ReturnType<typeof invoiceById>>): Promise<InvoiceTimeline> {
  const records = await db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.entity, 'invoice'), eq(auditRecords.entityId, invoice.id)))
    .orderBy(asc(auditRecords.createdAt));
  const sender =
    invoice.submittedBy === 'shopkeeper'
      ? (invoice.shopkeeper?.name ?? '')
      : invoice.submittedBy === 'professional'
        ? invoice.professional.name
        : 'Equipe Especifica';
  const events: InvoiceEvent[] = [{ action: 'sent', at: invoice.createdAt, by: sender, reason: null }];
  for (const record of records) {
    const action = reviewActions[record.action];
    if (!action) continue;
    const after = (record.after ?? {}) as { reason?: string | null };
    events.push({
      action,
      at: record.createdAt.toISOString(),
      by: record.actorKind === 'admin' ? record.actorName : record.actorName || 'Sistema',
      reason: action === 'rejected' || action === 'cancelled' ? (after.reason ?? null) : null,
    });
  }
  // The automatic review's one decision, with every rule it checked (its audit record).
  const decision = records.findLast((record) => record.action === 'invoice-auto-review');
  const checked = (decision?.after ?? null) as { rules?: { rule: AutomaticReviewRule; passed: boolean }[] } | null;
  const automaticReview =
    invoice.automaticReview && checked?.rules
      ? {
          ...invoice.automaticReview,
          rules: checked.rules.map((check) => ({
            rule: check.rule,
            label: automaticReviewRuleLabels[check.rule],
            passed: check.passed,
          })),
        }
      : null;
  const participatingTotal = invoice.lines
    .filter((line) => line.participating)
    .reduce((sum, line) => Math.round((sum + line.total) * 100) / 100, 0);
  return {
    id: invoice.id,
    number: invoice.number,
    store: invoice.store.name,
    events,
    signature: invoice.signature,
    automaticReview,
    computation: {
      participatingTotal,
      // The rate the approval applied, read back from what it credited.
      pointsPerReal:
        participatingTotal > 0 && invoice.points > 0
          ? Math.round((invoice.points / participatingTotal) * 100) / 100
          : 1,
      points: invoice.points,
      bonusPoints: invoice.bonusPoints,
    },
  };
}

/** What an NF-e being read names: its store when the programme has it, and which of its SKUs take part. */
export async function nfeReadingOf(db: Db, storeCnpj: string, skus: readonly string[]) {
  const [store] = await db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.cnpj, storeCnpj));
  const active =
    skus.length === 0
      ? []
      : await db
          .select({ sku: sql<string>`upper(${products.sku})` })
          .from(products)
          .where(and(inArray(sql`upper(${products.sku})`, [...skus]), eq(products.active, true)));
  return { store: store ?? null, participating: new Set(active.map((row) => row.sku)) };
}
