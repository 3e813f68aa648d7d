import { z } from 'zod/mini';

const int = () => z.number().check(z.int());

/**
 * A participant's level as the header and the dashboard read it (spec 7.12):
 * `level` and `name` are the level's name, `points` the participant's balance.
 * Points are numbers with at most 2 decimals at the edge; hundredths inside.
 */
export const participantLevelSchema = z.object({
  level: z.string(),
  name: z.string(),
  points: z.number(),
  sublevel: int(),
  /** The level's place among the programme's by threshold, 0 for the entry level: its emblem's material. */
  rank: z.optional(int()),
  nextLevel: z.nullable(z.string()),
  pointsToNextLevel: z.nullable(z.number()),
  /**
   * Whole percent of the way from the level's threshold to the next one's, from the points earned in the cycle (100
   * at the top): the figure every progress bar shows. Always sent by the API.
   */
  progress: z.optional(int()),
});
export type ParticipantLevel = z.infer<typeof participantLevelSchema>;

export const dashboardDataSchema = z.object({
  name: z.string(),
  totalPoints: z.number(),
  level: participantLevelSchema,
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

/**
 * A month of the charts: specifications (invoices) sent, their value in reais, the points they earned, and the points
 * redeemed (net of refunds) and expired that month.
 */
export const dashboardMonthSchema = z.object({
  month: z.string(),
  invoices: int(),
  approved: int(),
  amount: z.number(),
  points: z.number(),
  redeemed: z.number(),
  expired: z.number(),
});

export const cmsDashboardSchema = z.object({
  professionals: int(),
  stores: int(),
  shopkeepers: int(),
  admins: int(),
  kpis: z.object({
    invoices: z.object({ pending: int(), approved: int(), rejected: int(), cancelled: int() }),
    /** Reais of approved invoices in the cycle. */
    specifiedAmount: z.number(),
    pointsEarned: z.number(),
    pointsRedeemed: z.number(),
    pointsExpired: z.number(),
    /** Points held by participants now (the sum of the ledger). */
    pointsOutstanding: z.number(),
    professionalsWithPoints: int(),
    subscriptions: int(),
  }),
  /** The last 12 months, oldest first. */
  series: z.array(dashboardMonthSchema),
});
export type CmsDashboard = z.infer<typeof cmsDashboardSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['postgres', 'pglite']) }),
});
export type Health = z.infer<typeof healthSchema>;

/** Readiness (GET /api/ready): the database answers and every migration of this build is applied. */
export const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['postgres', 'pglite']) }),
  migrations: z.object({ applied: z.number(), expected: z.number() }),
});
export type Ready = z.infer<typeof readySchema>;
