import { z } from 'zod/mini';
import { pageQuerySchema, sortQuery } from './common';
import { dateSchema, idSchema } from './fields';
import { ledgerKinds } from './ledger-kinds';

// Point movements: a participant's own extract, and the programme-wide one (PCE) that admins read.

export const ledgerKindSchema = z.enum(ledgerKinds, 'Selecione um tipo de movimentação válido.');

export const movementSchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  /** Positive credits, negative debits, with at most 2 decimals. */
  points: z.number(),
  reason: z.string(),
  sourceType: z.string(),
  sourceId: z.string(),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const extractQuerySchema = z.extend(pageQuerySchema, {
  sort: sortQuery(['createdAt', 'points']),
  kind: z.optional(ledgerKindSchema),
  from: z.optional(dateSchema()),
  to: z.optional(dateSchema()),
});

export const extractSchema = z.object({
  items: z.array(movementSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  balance: z.number(),
  earnedInCycle: z.number(),
  /** What expires in the next EXPIRING_DAYS days (domain: points), and when. */
  expiring: z.object({
    days: z.number(),
    points: z.number(),
    lots: z.array(z.object({ expiresAt: z.string(), points: z.number() })),
  }),
});
export type Extract = z.infer<typeof extractSchema>;

export const pceQuerySchema = z.extend(extractQuerySchema, {
  participantKind: z.optional(z.enum(['professional', 'shopkeeper'], 'Selecione profissional ou lojista.')),
  participantId: z.optional(idSchema),
  search: z.optional(z.string().check(z.maxLength(120))),
  sort: sortQuery(['createdAt', 'points', 'name']),
});

export const pceMovementSchema = z.extend(movementSchema, {
  participant: z.object({
    kind: z.enum(['professional', 'shopkeeper']),
    id: z.string(),
    name: z.string(),
    email: z.string(),
  }),
  issuer: z.nullable(z.string()),
});
export const pcePageSchema = z.object({
  items: z.array(pceMovementSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
