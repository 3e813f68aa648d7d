import {
  adminInvoiceTimelineSchema,
  type InvoiceEvent,
  type InvoiceTimeline,
  idParamsSchema,
  invoiceTimelineSchema,
} from '@especifica/mf-shared/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditRecords, invoices } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../plugins/auth';
import { balanceOf } from '../ledger/service';
import { invoiceById } from './queries';
import { pointsOf } from './status.service';

const reviewActions: Record<string, InvoiceEvent['action']> = {
  'invoice-approved': 'approved',
  'invoice-rejected': 'rejected',
  'invoice-cancelled': 'cancelled',
  update: 'updated',
  'update-products': 'updated',
};

// One invoice's story for its participant (screens.md /invoices): sent, reviewed by whom and when, and how the
// points were computed. A participant reads only an invoice of their own (another's answers 404).
export async function invoiceTimelineRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;
  for (const [path, guard] of [
    ['/professionals/invoices/:id/timeline', ['professional']],
    ['/shopkeeper/invoices/:id/timeline', ['shopkeeper']],
  ] as const) {
    app.get(
      path,
      { config: { guard }, schema: { params: idParamsSchema, response: { 200: invoiceTimelineSchema } } },
      async (request) => {
        const principal = principalOf(request);
        const scope =
          principal.role === 'shopkeeper'
            ? eq(invoices.shopkeeperId, principal.id)
            : eq(invoices.professionalId, principal.id);
        const invoice = await invoiceById(db, request.params.id, scope);
        return timelineOf(db, invoice);
      },
    );
  }

  // The review queue's variant (screens.md CMS /invoices): any invoice, with who did what, the points each line
  // gives (computed as the approval computes them), and the professional's balance now, which a cancellation would
  // take below zero when the points were already spent.
  app.get(
    '/cms/professionals/invoices/:id/timeline',
    {
      config: { guard: ['admin'] },
      schema: { params: idParamsSchema, response: { 200: adminInvoiceTimelineSchema } },
    },
    async (request) => {
      const invoice = await invoiceById(db, request.params.id);
      const [balance, points, timeline] = await Promise.all([
        balanceOf(db, { kind: 'professional', id: invoice.professional.id }),
        pointsOf(db, { id: invoice.id, issuedOn: invoice.issuedOn, storeId: invoice.store.id }),
        timelineOf(db, invoice),
      ]);
      return {
        ...timeline,
        professional: { name: invoice.professional.name, balance: fromHundredths(balance) },
        linePoints: points.lines.map((line) => fromHundredths(line.base + line.bonus)),
      };
    },
  );
}

/** What happened to an invoice, from its audit records, and how its points were computed. */
async function timelineOf(db: Db, invoice: Awaited<ReturnType<typeof invoiceById>>): Promise<InvoiceTimeline> {
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
  const participatingTotal = invoice.lines
    .filter((line) => line.participating)
    .reduce((sum, line) => Math.round((sum + line.total) * 100) / 100, 0);
  return {
    id: invoice.id,
    number: invoice.number,
    store: invoice.store.name,
    events,
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
