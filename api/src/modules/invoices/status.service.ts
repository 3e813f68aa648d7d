import { professionRuleMessages } from '@especifica/mf-shared/contracts';
import { and, asc, eq, gt, inArray, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { accelerators, invoiceLines, invoices, ledgerEntries, products, professionals, stores } from '../../db/schema';
import { type InvoicePoints, invoicePoints } from '../../domain/invoice-points';
import { countPhrase, formatPoints, pointsPhrase } from '../../domain/points';
import { type AuditInput, audit, auditMany } from '../../kernel/audit';
import { fail, HttpError } from '../../kernel/errors';
import { type NotificationInput, notify, notifyEach, type RecipientKind } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import { settingsOf } from '../../kernel/settings';
import { type EntryInput, issuerOf, postEntries, reverseSources } from '../ledger';
import { awaitingDisclosure, earnsNothing } from '../professions';

type Target = 'approved' | 'rejected' | 'cancelled';
type Invoice = typeof invoices.$inferSelect;

const from: Record<Target, Invoice['status']> = { approved: 'pending', rejected: 'pending', cancelled: 'approved' };

const refusals: Record<Invoice['status'], string> = {
  pending: 'Esta nota fiscal ainda está pendente: aprove-a ou recuse-a.',
  approved: 'Esta nota fiscal já foi aprovada.',
  rejected: 'Esta nota fiscal já foi recusada.',
  cancelled: 'Esta nota fiscal já foi cancelada.',
};

/** The answer for an invoice id that names none. */
export const invoiceNotFound = () => fail.notFound('Nota fiscal não encontrada.');

/** Why an invoice is not in the state a change needs: 404 when it does not exist, 409 otherwise. */
export async function refuseTransition(db: Db, id: string): Promise<never> {
  const [row] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id));
  if (!row) throw invoiceNotFound();
  throw fail.conflict(refusals[row.status], 'invoice-status', { status: row.status });
}

/** One decision of the review queue, in its own transaction. */
export function decideInvoice(
  db: Db,
  principal: Principal,
  id: string,
  target: Target,
  reason: string | undefined,
  now: Date,
): Promise<void> {
  return db.transaction((tx) => changeInvoiceStatus(tx, principal, id, target, reason, now));
}

/**
 * Several pending invoices at once (the queue's "Aprovar selecionadas"): each through the same status change, in its
 * own transaction, so one refused (already decided, unknown) leaves the others approved. Each approval is audited by
 * the status change, and the batch once more as a whole: who, how many, which ids, and which were refused.
 */
export async function approveMany(db: Db, principal: Principal, requested: readonly string[], now: () => Date) {
  const ids = [...new Set(requested)];
  const numbers = new Map(
    (await db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(inArray(invoices.id, ids))).map(
      (row) => [row.id, row.number],
    ),
  );
  const approved: string[] = [];
  const failed: { id: string; number: string | null; msg: string }[] = [];
  for (const id of ids) {
    try {
      await decideInvoice(db, principal, id, 'approved', undefined, now());
      approved.push(id);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      failed.push({ id, number: numbers.get(id) ?? null, msg: error.body.msg });
    }
  }
  await audit(db, principal, {
    action: 'invoice-approve-many',
    entity: 'invoice',
    entityId: null,
    after: { requested: ids.length, approved: approved.length, ids: approved, failed: failed.map((item) => item.id) },
  });
  return { approved: approved.length, failed };
}

/**
 * Moves an invoice along pending -> approved | rejected, approved -> cancelled. The move is one conditional UPDATE:
 * of fifty parallel approvals one finds the invoice pending, the others a 409, and the ledger's unique source
 * key would refuse a second credit anyway. An approval is approveInvoices' for this one invoice.
 */
export async function changeInvoiceStatus(
  tx: Db,
  /** Who decides; null is the system (the automatic review), recorded as "Sistema". */
  principal: Principal | null,
  id: string,
  target: Target,
  reason: string | undefined,
  now: Date,
  /** Dates the ledger entries this change writes; unset, they are dated when written (see postEntries). */
  datedAt?: Date,
): Promise<void> {
  if (target === 'approved') {
    const approved = await approveInvoices(tx, principal, [id], now, datedAt && (() => datedAt));
    if (approved.length === 0) {
      const waiting = await tx.execute(
        sql`select 1 from invoices where id = ${id} and status = 'pending' and ${awaitingDisclosure('invoices')}`,
      );
      if (rowsOf(waiting).length > 0)
        throw fail.invalid(professionRuleMessages.awaitingDisclosure, 'awaiting-disclosure');
      await refuseTransition(tx, id);
    }
    return;
  }
  const [invoice] = await tx
    .update(invoices)
    .set({ status: target, reason: reason ?? null, reviewedBy: issuerOf(principal), reviewedAt: now, updatedAt: now })
    .where(and(eq(invoices.id, id), eq(invoices.status, from[target])))
    .returning();
  if (!invoice) return refuseTransition(tx, id);

  const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, invoice.storeId));
  const label = invoiceLabel(invoice, store?.name);
  const professional = { kind: 'professional' as const, id: invoice.professionalId };

  if (target === 'rejected') {
    await notify(tx, [professional], {
      type: 'invoice-rejected',
      title: 'Nota fiscal recusada',
      message: `${label} foi recusada${reason ? `: ${reason}` : '.'}`,
      data: { invoiceId: id },
    });
  } else {
    const bonusSources = await tx
      .selectDistinct({ sourceId: ledgerEntries.sourceId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sourceType, 'invoice-bonus'), like(ledgerEntries.sourceId, `${id}:%`)));
    const reversed = await reverseSources(
      tx,
      [
        { sourceType: 'invoice', sourceId: id },
        ...bonusSources.map((source) => ({ sourceType: 'invoice-bonus', sourceId: source.sourceId })),
      ],
      issuerOf(principal),
      `Nota fiscal ${invoice.number} cancelada${reason ? `: ${reason}` : ''}`,
      datedAt,
    );
    // A sampled automatic approval that an admin cancels leaves the conferência list: the disagreement is the cancel.
    await tx
      .update(invoices)
      .set({ conference: 'cancelled', conferenceBy: issuerOf(principal), conferenceAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.conference, 'pending')));
    const taken = -reversed
      .filter((entry) => entry.participantId === invoice.professionalId)
      .reduce((sum, entry) => sum + entry.amount, 0);
    await notify(tx, [professional], {
      type: 'invoice-cancelled',
      title: 'Nota fiscal cancelada',
      message: `${label} foi cancelada e ${countPhrase(taken, ['ponto foi estornado', 'pontos foram estornados'])}.`,
      data: { invoiceId: id, points: -taken / 100 },
    });
  }
  await audit(tx, principal, {
    action: `invoice-${target}`,
    entity: 'invoice',
    entityId: id,
    before: { status: from[target] },
    after: { status: target, reason: reason ?? null },
  });
}

const invoiceLabel = (invoice: Pick<Invoice, 'number'>, storeName: string | undefined) =>
  `A nota fiscal ${invoice.number} da loja ${storeName ?? ''}`;

const BLOCKED_REASON = 'Profissional bloqueado: nenhum ponto creditado.';
const BARRED_REASON = 'Pelas regras do programa para a profissão, nenhum ponto creditado.';

/**
 * Approves the invoices of `ids` that are still pending, all at once: one statement per step for the whole set (the
 * status, the stores' and owners' reads, the points, the ledger's credits with the accelerators' bonuses and the
 * shopkeeper's share, which the ledger's triggers turn into cycles and levels, the invoices' and lines' points, the
 * notifications and the audit). The one way an approval credits: an admin's (one invoice, changeInvoiceStatus) and
 * the automatic review's (a batch). A blocked professional's invoice is approved and credited nothing. `datedAt`,
 * when given, is asked once per approved invoice, in the order of `ids`, and dates its entries (see postEntries).
 * Answers the invoices approved, in the order of `ids`.
 */
export async function approveInvoices(
  tx: Db,
  principal: Principal | null,
  ids: readonly string[],
  now: Date,
  datedAt?: () => Date,
): Promise<Invoice[]> {
  if (ids.length === 0) return [];
  const issuer = issuerOf(principal);
  const changed = await tx
    .update(invoices)
    .set({ status: 'approved', reason: null, reviewedBy: issuer, reviewedAt: now, updatedAt: now })
    .where(
      and(
        inArray(invoices.id, [...ids]),
        eq(invoices.status, 'pending'),
        // Rules per profession: an invoice whose buyer must be told first counts only after the declaration.
        sql`not ${awaitingDisclosure('invoices')}`,
      ),
    )
    .returning();
  if (changed.length === 0) return [];
  const order = new Map(ids.map((id, index) => [id, index]));
  const approved = changed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));

  const storeRows = await tx
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(inArray(stores.id, [...new Set(approved.map((invoice) => invoice.storeId))]));
  const ownerRows = await tx
    .select({
      id: professionals.id,
      behaviour: professionals.behaviour,
      earnsNothing: sql<boolean>`${earnsNothing(professionals.profession)}`,
    })
    .from(professionals)
    .where(inArray(professionals.id, [...new Set(approved.map((invoice) => invoice.professionalId))]));
  const points = await pointsOfMany(tx, approved);
  const storeNames = new Map(storeRows.map((row) => [row.id, row.name]));
  const blocked = new Set(ownerRows.filter((row) => row.behaviour === 'blocked').map((row) => row.id));
  // Rules per profession: a professional whose profession earns nothing is credited nothing; the seller who
  // registered the sale keeps their share (the rule is the professional's, not the store's).
  const barred = new Set(ownerRows.filter((row) => row.earnsNothing).map((row) => row.id));

  const entries: EntryInput[] = [];
  const kept: { id: string; base: number; bonus: number }[] = [];
  const lines: { invoiceId: string; points: LinesPoints; nothing: boolean }[] = [];
  const messages: { recipient: { kind: RecipientKind; id: string }; input: NotificationInput }[] = [];
  const audits: AuditInput[] = [];
  for (const invoice of approved) {
    const earned = points.get(invoice.id) ?? noPoints;
    const isBlocked = blocked.has(invoice.professionalId);
    const nothing = isBlocked || barred.has(invoice.professionalId);
    lines.push({ invoiceId: invoice.id, points: earned, nothing });
    const bonus = earned.bonuses.reduce((sum, item) => sum + item.amount, 0);
    const share = !isBlocked && invoice.shopkeeperId && earned.shopkeeperShare > 0 ? invoice.shopkeeperId : null;
    const at = datedAt?.();
    if (nothing && share) {
      const own = shareOf(invoice, earned, issuer, share);
      entries.push(at ? { ...own, at } : own);
    }
    if (!nothing) {
      kept.push({ id: invoice.id, base: earned.base, bonus });
      const own = creditsOf(invoice, earned, issuer, share).filter((entry) => entry.amount !== 0);
      entries.push(...own.map((entry, index) => (at ? { ...entry, at: new Date(at.getTime() + index) } : entry)));
    }
    if (share) {
      messages.push({
        recipient: { kind: 'shopkeeper', id: share },
        input: {
          type: 'points-credited',
          title: 'Pontos creditados',
          message: `Você ganhou ${pointsPhrase(earned.shopkeeperShare)} pela venda da nota fiscal ${invoice.number}.`,
          data: { invoiceId: invoice.id, points: earned.shopkeeperShare / 100 },
        },
      });
    }
    const credited = nothing ? 0 : earned.base + bonus;
    const label = invoiceLabel(invoice, storeNames.get(invoice.storeId));
    messages.push({
      recipient: { kind: 'professional', id: invoice.professionalId },
      input: {
        type: 'invoice-approved',
        title: 'Nota fiscal aprovada',
        message: credited > 0 ? `${label} foi aprovada: +${pointsPhrase(credited)}.` : `${label} foi aprovada.`,
        data: { invoiceId: invoice.id, points: credited / 100 },
      },
    });
    audits.push({
      action: 'invoice-approved',
      entity: 'invoice',
      entityId: invoice.id,
      before: { status: 'pending' },
      after: { status: 'approved', reason: null },
    });
  }

  for (const [owners, reason] of [
    // A blocked professional is kept for audit but earns nothing (domain: people and accounts).
    [blocked, BLOCKED_REASON],
    [barred, BARRED_REASON],
  ] as const) {
    const ids = approved.filter((invoice) => owners.has(invoice.professionalId) && invoice.reason === null);
    if (ids.length === 0) continue;
    await tx
      .update(invoices)
      .set({ reason })
      .where(
        inArray(
          invoices.id,
          ids.map((invoice) => invoice.id),
        ),
      );
    for (const invoice of ids) invoice.reason = reason;
  }
  await postEntries(tx, entries);
  if (kept.length > 0) {
    await tx.execute(sql`
      update ${invoices} set points = v.base, bonus_points = v.bonus
      from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as v(id uuid, base bigint, bonus bigint)
      where ${invoices.id} = v.id`);
  }
  await keepLinePoints(tx, lines);
  await notifyEach(tx, messages);
  await auditMany(tx, principal, audits);
  return approved;
}

const noPoints: LinesPoints = { base: 0, bonuses: [], shopkeeperShare: 0, lines: [], positions: [], participating: [] };

/** An approved invoice's ledger entries: its base, a bonus per accelerator, and the share of `shopkeeper` if any. */
function creditsOf(invoice: Invoice, points: LinesPoints, issuer: string, shopkeeper: string | null): EntryInput[] {
  const reason = `Nota fiscal ${invoice.number}`;
  const professional = { kind: 'professional' as const, id: invoice.professionalId };
  const entries: EntryInput[] = [
    {
      participant: professional,
      amount: points.base,
      kind: 'credit',
      sourceType: 'invoice',
      sourceId: invoice.id,
      issuer,
      reason,
    },
    ...points.bonuses.map((bonus) => ({
      participant: professional,
      amount: bonus.amount,
      kind: 'bonus' as const,
      sourceType: 'invoice-bonus',
      sourceId: `${invoice.id}:${bonus.acceleratorId}`,
      issuer,
      reason: `${reason}: acelerador ${bonus.name} (x${formatPoints(bonus.multiplier)})`,
    })),
  ];
  if (shopkeeper) entries.push(shareOf(invoice, points, issuer, shopkeeper));
  return entries;
}

/** The share of the shopkeeper who registered the sale. */
const shareOf = (invoice: Invoice, points: LinesPoints, issuer: string, shopkeeper: string): EntryInput => ({
  participant: { kind: 'shopkeeper', id: shopkeeper },
  amount: points.shopkeeperShare,
  kind: 'credit',
  sourceType: 'invoice',
  sourceId: invoice.id,
  issuer,
  reason: `Nota fiscal ${invoice.number}: participação na venda`,
});

/**
 * Keeps on each line what the approval gave it (base plus bonus; none when `nothing`, a blocked professional) and
 * whether it took part, so the queue and the timeline show what was credited after the rules change. One statement
 * for every line of the invoices given.
 */
async function keepLinePoints(tx: Db, kept: readonly { invoiceId: string; points: LinesPoints; nothing: boolean }[]) {
  const values = kept.flatMap(({ invoiceId, points, nothing }) =>
    points.lines.map((line, index) => ({
      invoice: invoiceId,
      position: points.positions[index] ?? index,
      points: nothing ? 0 : line.base + line.bonus,
      participating: points.participating[index] ?? false,
    })),
  );
  if (values.length === 0) return;
  await tx.execute(sql`
    update ${invoiceLines} set points = v.points, participating = v.participating
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(invoice uuid, position integer, points bigint, participating boolean)
    where ${invoiceLines.invoiceId} = v.invoice and ${invoiceLines.position} = v.position`);
}

type LinesPoints = InvoicePoints & {
  /** Each line's position and whether its product takes part, in the order of `lines`. */
  positions: number[];
  participating: boolean[];
};

/**
 * What an invoice earns under today's settings and the accelerators of its issue date (domain: points), line by
 * line in the invoice's order: what the approval credits, and what the review queue shows beside each line.
 */
export async function pointsOf(tx: Db, invoice: Pick<Invoice, 'id' | 'issuedOn' | 'storeId'>): Promise<LinesPoints> {
  return (await pointsOfMany(tx, [invoice])).get(invoice.id) ?? noPoints;
}

/**
 * What approving these invoices now would credit their professional (base and accelerators' bonus, hundredths), by
 * the same computation as the approval: the points a pending invoice "may earn". One whose professional's profession
 * earns nothing would earn 0.
 */
export async function previewPoints(
  db: Db,
  list: readonly (Pick<Invoice, 'id' | 'issuedOn' | 'storeId'> & { professionalId: string })[],
): Promise<Map<string, number>> {
  const points = await pointsOfMany(db, list);
  const owners = [...new Set(list.map((invoice) => invoice.professionalId))];
  const barred = new Set(
    owners.length === 0
      ? []
      : (
          await db
            .select({ id: professionals.id })
            .from(professionals)
            .where(and(inArray(professionals.id, owners), earnsNothing(professionals.profession)))
        ).map((row) => row.id),
  );
  return new Map(
    list.map((invoice) => {
      const earned = points.get(invoice.id);
      const total = earned ? earned.base + earned.bonuses.reduce((sum, bonus) => sum + bonus.amount, 0) : 0;
      return [invoice.id, barred.has(invoice.professionalId) ? 0 : total];
    }),
  );
}

/** pointsOf for several invoices, in three queries for all of them (the settings, their lines, the accelerators). */
async function pointsOfMany(
  tx: Db,
  list: readonly Pick<Invoice, 'id' | 'issuedOn' | 'storeId'>[],
): Promise<Map<string, LinesPoints>> {
  if (list.length === 0) return new Map();
  const issuedAt = (invoice: Pick<Invoice, 'issuedOn'>) => new Date(`${invoice.issuedOn}T12:00:00-03:00`);
  const days = list.map((invoice) => issuedAt(invoice).getTime());
  const first = new Date(Math.min(...days));
  const last = new Date(Math.max(...days));
  // One after the other: a transaction is one connection, which runs one statement at a time (pg 9 refuses a query
  // sent while another is running on the same client).
  const settings = await settingsOf(tx);
  const lines = await tx
    .select({
      invoiceId: invoiceLines.invoiceId,
      position: invoiceLines.position,
      sku: invoiceLines.sku,
      total: invoiceLines.total,
      productId: products.id,
      brand: products.brand,
      category: products.category,
      active: products.active,
    })
    .from(invoiceLines)
    .leftJoin(products, eq(products.sku, invoiceLines.sku))
    .where(
      inArray(
        invoiceLines.invoiceId,
        list.map((invoice) => invoice.id),
      ),
    )
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  // Every accelerator of some invoice's date; invoicePoints takes, per invoice, those of its own date.
  const rules = await tx
    .select()
    .from(accelerators)
    .where(and(eq(accelerators.active, true), lte(accelerators.startsAt, last), gt(accelerators.endsAt, first)));
  const linesOf = new Map<string, typeof lines>();
  for (const line of lines) linesOf.set(line.invoiceId, [...(linesOf.get(line.invoiceId) ?? []), line]);
  return new Map(
    list.map((invoice) => {
      const own = linesOf.get(invoice.id) ?? [];
      const computed = invoicePoints(
        {
          lines: own.map((line) => ({
            sku: line.sku,
            total: line.total,
            product: line.productId
              ? {
                  id: line.productId,
                  brand: line.brand ?? '',
                  category: line.category ?? '',
                  active: Boolean(line.active),
                }
              : null,
          })),
          storeId: invoice.storeId,
          issuedAt: issuedAt(invoice),
          accelerators: rules.map((rule) => ({ ...rule })),
        },
        settings,
      );
      return [
        invoice.id,
        {
          ...computed,
          positions: own.map((line) => line.position),
          participating: own.map((line) => Boolean(line.productId && line.active)),
        },
      ];
    }),
  );
}
