import { z } from 'zod/mini';
import { automaticReviewChecksSchema, invoiceAutomaticReviewSchema } from './automatic-review';
import { invoiceSignatureSchema } from './invoices';

// What happened to one invoice, and how its points were computed (screens.md /invoices and /extract).

export const invoiceEventSchema = z.object({
  action: z.enum(['sent', 'updated', 'approved', 'rejected', 'cancelled']),
  at: z.string(),
  /** Who did it: the sender's name, or the reviewer's. */
  by: z.string(),
  reason: z.nullable(z.string()),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

export const invoiceTimelineSchema = z.object({
  id: z.string(),
  number: z.string(),
  store: z.string(),
  events: z.array(invoiceEventSchema),
  /** What the NF-e's signature said when it arrived (null: no XML came with it). Always sent by the API. */
  signature: z.optional(z.nullable(invoiceSignatureSchema)),
  /**
   * The automatic review's decision with every rule it checked, in order (null: it has not decided this invoice).
   * Always sent by the API; its approval is also an `approved` event by "Sistema".
   */
  automaticReview: z.optional(
    z.nullable(z.extend(invoiceAutomaticReviewSchema, { rules: automaticReviewChecksSchema })),
  ),
  computation: z.object({
    /** Reais of the lines whose products take part in the programme. */
    participatingTotal: z.number(),
    pointsPerReal: z.number(),
    points: z.number(),
    bonusPoints: z.number(),
  }),
});
export type InvoiceTimeline = z.infer<typeof invoiceTimelineSchema>;

/**
 * The review queue's timeline of one invoice (screens.md CMS /invoices): the participant's, plus the professional's
 * balance now (points), so that cancelling an approved invoice can warn how negative it will go.
 */
export const adminInvoiceTimelineSchema = z.extend(invoiceTimelineSchema, {
  professional: z.object({ name: z.string(), balance: z.number() }),
  /** The points each line gives (base and accelerator bonus), in the invoice's line order; 0 when not participating. */
  linePoints: z.array(z.number()),
  /** True when `linePoints` are what the approval credited (kept since); false for the live preview of today's rules. */
  linePointsCredited: z.boolean(),
});
export type AdminInvoiceTimeline = z.infer<typeof adminInvoiceTimelineSchema>;
