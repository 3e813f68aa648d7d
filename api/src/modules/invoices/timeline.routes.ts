import { adminInvoiceTimelineSchema, idParamsSchema, invoiceTimelineSchema } from '@especifica/mf-shared/contracts';
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import { fromHundredths } from '../../domain/points';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { balanceOf } from '../ledger';
import { creditedLinePoints, invoiceById, timelineOf } from './queries';
import { pointsOf } from './status.service';

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
  // gives (kept at approval; computed as the approval would for a pending one), and the professional's balance now, which a cancellation would
  // take below zero when the points were already spent.
  app.get(
    '/cms/professionals/invoices/:id/timeline',
    {
      config: { guard: ['admin'] },
      schema: { params: idParamsSchema, response: { 200: adminInvoiceTimelineSchema } },
    },
    async (request) => {
      const invoice = await invoiceById(db, request.params.id);
      const [balance, credited, timeline] = await Promise.all([
        balanceOf(db, { kind: 'professional', id: invoice.professional.id }),
        creditedLinePoints(db, invoice.id),
        timelineOf(db, invoice),
      ]);
      // A decided invoice shows what its approval credited; a pending one, what today's rules would give.
      const linePoints =
        credited ??
        (await pointsOf(db, { id: invoice.id, issuedOn: invoice.issuedOn, storeId: invoice.store.id })).lines.map(
          (line) => fromHundredths(line.base + line.bonus),
        );
      return {
        ...timeline,
        professional: { name: invoice.professional.name, balance: fromHundredths(balance) },
        linePoints,
        linePointsCredited: credited !== null,
      };
    },
  );
}
