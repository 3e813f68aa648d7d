import { and, asc, eq, gt, inArray, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accelerators, invoiceLines, invoices, ledgerEntries, products, professionals, stores } from '../../db/schema';
import { type InvoicePoints, invoicePoints } from '../../domain/invoice-points';
import { formatPoints } from '../../domain/points';
import { audit } from '../../kernel/audit';
import { fail, HttpError } from '../../kernel/errors';
import { notify } from '../../kernel/notifications';
import type { Principal } from '../../kernel/principal';
import { settingsOf } from '../../kernel/settings';
import { type EntryInput, issuerOf, postEntries, reverseSources } from '../ledger';

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
 * key would refuse a second credit anyway.
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
  const [invoice] = await tx
    .update(invoices)
    .set({ status: target, reason: reason ?? null, reviewedBy: issuerOf(principal), reviewedAt: now, updatedAt: now })
    .where(and(eq(invoices.id, id), eq(invoices.status, from[target])))
    .returning();
  if (!invoice) return refuseTransition(tx, id);

  const [store] = await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, invoice.storeId));
  const label = `A nota fiscal ${invoice.number} da loja ${store?.name ?? ''}`;
  const professional = { kind: 'professional' as const, id: invoice.professionalId };

  if (target === 'approved') {
    const credited = await creditInvoice(tx, principal, invoice, datedAt);
    await notify(tx, [professional], {
      type: 'invoice-approved',
      title: 'Nota fiscal aprovada',
      message: credited > 0 ? `${label} foi aprovada: +${formatPoints(credited)} pontos.` : `${label} foi aprovada.`,
      data: { invoiceId: id, points: credited / 100 },
    });
  } else if (target === 'rejected') {
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
      message: `${label} foi cancelada e ${formatPoints(taken)} pontos foram estornados.`,
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

/** Writes an approved invoice's points; returns what the professional got. */
async function creditInvoice(tx: Db, principal: Principal | null, invoice: Invoice, datedAt?: Date): Promise<number> {
  const [owner] = await tx
    .select({ behaviour: professionals.behaviour })
    .from(professionals)
    .where(eq(professionals.id, invoice.professionalId));
  // A blocked professional is kept for audit but earns nothing (domain: people and accounts).
  const points = await pointsOf(tx, invoice);
  if (owner?.behaviour === 'blocked') {
    await tx
      .update(invoices)
      .set({ reason: 'Profissional bloqueado: nenhum ponto creditado.' })
      .where(eq(invoices.id, invoice.id));
    await keepLinePoints(tx, invoice.id, points, true);
    return 0;
  }
  const issuer = issuerOf(principal);
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
  if (invoice.shopkeeperId && points.shopkeeperShare > 0) {
    entries.push({
      participant: { kind: 'shopkeeper', id: invoice.shopkeeperId },
      amount: points.shopkeeperShare,
      kind: 'credit',
      sourceType: 'invoice',
      sourceId: invoice.id,
      issuer,
      reason: `${reason}: participação na venda`,
    });
  }
  await postEntries(tx, entries, datedAt);
  const bonus = points.bonuses.reduce((sum, item) => sum + item.amount, 0);
  await tx.update(invoices).set({ points: points.base, bonusPoints: bonus }).where(eq(invoices.id, invoice.id));
  await keepLinePoints(tx, invoice.id, points);
  if (invoice.shopkeeperId && points.shopkeeperShare > 0) {
    await notify(tx, [{ kind: 'shopkeeper', id: invoice.shopkeeperId }], {
      type: 'points-credited',
      title: 'Pontos creditados',
      message: `Você ganhou ${formatPoints(points.shopkeeperShare)} pontos pela venda da nota fiscal ${invoice.number}.`,
      data: { invoiceId: invoice.id, points: points.shopkeeperShare / 100 },
    });
  }
  return points.base + bonus;
}

/**
 * Keeps on each line what the approval gave it (base plus bonus; none when `nothing`, a blocked professional) and
 * whether it took part, so the queue and the timeline show what was credited after the rules change.
 */
async function keepLinePoints(tx: Db, invoiceId: string, points: LinesPoints, nothing = false) {
  if (points.lines.length === 0) return;
  const values = points.lines.map(
    (line, index) =>
      sql`(${points.positions[index] ?? index}::integer, ${nothing ? 0 : line.base + line.bonus}::bigint, ${points.participating[index] ?? false}::boolean)`,
  );
  await tx.execute(sql`
    update ${invoiceLines} set points = v.points, participating = v.participating
    from (values ${sql.join(values, sql`, `)}) as v(position, points, participating)
    where ${invoiceLines.invoiceId} = ${invoiceId} and ${invoiceLines.position} = v.position`);
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
  const issuedAt = new Date(`${invoice.issuedOn}T12:00:00-03:00`);
  const [settings, lines, rules] = await Promise.all([
    settingsOf(tx),
    tx
      .select({
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
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position)),
    tx
      .select()
      .from(accelerators)
      .where(
        and(eq(accelerators.active, true), lte(accelerators.startsAt, issuedAt), gt(accelerators.endsAt, issuedAt)),
      ),
  ]);
  const computed = invoicePoints(
    {
      lines: lines.map((line) => ({
        sku: line.sku,
        total: line.total,
        product: line.productId
          ? { id: line.productId, brand: line.brand ?? '', category: line.category ?? '', active: Boolean(line.active) }
          : null,
      })),
      storeId: invoice.storeId,
      issuedAt,
      accelerators: rules.map((rule) => ({ ...rule })),
    },
    settings,
  );
  return {
    ...computed,
    positions: lines.map((line) => line.position),
    participating: lines.map((line) => Boolean(line.productId && line.active)),
  };
}
