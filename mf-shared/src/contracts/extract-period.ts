import { z } from 'zod/mini';
import { ledgerKindSchema } from './extract';
import { dateSchema } from './fields';

// The extract's period: its totals and its download, under the same filters as the extract's page.

export const extractPeriodQuerySchema = z.object({
  kind: z.optional(ledgerKindSchema),
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
});
export type ExtractPeriodQuery = z.infer<typeof extractPeriodQuerySchema>;

/** What the period added and took away, each a positive number of points. */
export const extractTotalsSchema = z.object({
  earned: z.number(),
  redeemed: z.number(),
  expired: z.number(),
  /** Reversals and negative adjustments. */
  reversed: z.number(),
  net: z.number(),
  movements: z.number(),
});
export type ExtractTotals = z.infer<typeof extractTotalsSchema>;
