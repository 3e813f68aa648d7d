import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { programmeSettings } from '../db/schema';

export interface ProgrammeSettings {
  /** Hundredths of a point per R$ 1,00 of participating products. */
  pointsPerReal: number;
  /** Basis points of an invoice's base points that the shopkeeper who registered it earns. */
  shopkeeperShareBp: number;
  expiryMonths: number;
  customerWindowDays: number;
  /** Days from sending within which an invoice should be reviewed; the queue marks what is past them. */
  reviewDeadlineDays: number;
  /** The automatic review (docs/invoice-trust.md): on or off. */
  autoReview: boolean;
  /** Hours after the date of issue before the automatic review decides (a store may cancel an NF-e for a day). */
  autoReviewHoldHours: number;
  /** The largest total (hundredths of a real) approved with no human. */
  autoReviewMaxTotal: number;
  /** The oldest date of issue it approves, in days before today. */
  autoReviewMaxAgeDays: number;
  /** Basis points of its approvals sampled into the conferência list. */
  autoReviewSampleBp: number;
  /** More invoices than this from one professional in 24 hours flags the next ones (many-in-24h). */
  riskInvoicesPerDay: number;
  /** A total above this (hundredths of a real) flags the invoice (above-limit). */
  riskTotalAbove: number;
  /** Years without a sign-in after which an account is anonymised (a notice goes 30 days before). */
  retentionYears: number;
}

export const defaultSettings: ProgrammeSettings = {
  pointsPerReal: 100,
  shopkeeperShareBp: 1000,
  expiryMonths: 24,
  customerWindowDays: 180,
  reviewDeadlineDays: 5,
  autoReview: false,
  autoReviewHoldHours: 24,
  autoReviewMaxTotal: 500_000,
  autoReviewMaxAgeDays: 90,
  autoReviewSampleBp: 500,
  riskInvoicesPerDay: 10,
  riskTotalAbove: 5_000_000,
  retentionYears: 5,
};

export async function settingsOf(db: Db): Promise<ProgrammeSettings> {
  const [row] = await db.select().from(programmeSettings).where(eq(programmeSettings.id, 1));
  if (!row) return defaultSettings;
  const { id: _id, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

export async function saveSettings(db: Db, settings: ProgrammeSettings): Promise<void> {
  await db
    .insert(programmeSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: programmeSettings.id, set: { ...settings, updatedAt: new Date() } });
}
