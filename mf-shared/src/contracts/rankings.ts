import { z } from 'zod/mini';
import { pageQuerySchema } from './common';
import { dateSchema, idSchema } from './fields';

// Rankings (domain: rankings and reports): by points earned in a period, the cycle by default, ties broken by
// earliest reach; a participant sees their own position even outside the page shown.

export const rankingQuerySchema = z.extend(pageQuerySchema, {
  /** A cycle (calendar year); the current one by default. */
  year: z.optional(z.coerce.number().check(z.int('Digite um ano válido.'), z.minimum(2000), z.maximum(2100))),
  /** Or any period of days (both dates included); it replaces the year. */
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
  search: z.optional(z.string().check(z.maxLength(120))),
});
export const sellerRankingQuerySchema = z.extend(rankingQuerySchema, { storeId: z.optional(idSchema) });
export type RankingQuery = z.infer<typeof sellerRankingQuerySchema>;

export const rankingEntrySchema = z.object({
  position: z.number(),
  id: z.string(),
  name: z.string(),
  points: z.number(),
  reachedAt: z.string(),
  /** The seller's store, or the store's CNPJ. */
  detail: z.nullable(z.string()),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const rankingPageSchema = z.object({
  items: z.array(rankingEntrySchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  period: z.object({ from: z.string(), to: z.string() }),
  /** The caller's own line, wherever it falls (participants only; null when they earned nothing). */
  me: z.nullable(rankingEntrySchema),
});
export type RankingPage = z.infer<typeof rankingPageSchema>;
