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
}

export const defaultSettings: ProgrammeSettings = {
  pointsPerReal: 100,
  shopkeeperShareBp: 1000,
  expiryMonths: 24,
  customerWindowDays: 180,
  reviewDeadlineDays: 5,
};

export async function settingsOf(db: Db): Promise<ProgrammeSettings> {
  const [row] = await db.select().from(programmeSettings).where(eq(programmeSettings.id, 1));
  if (!row) return defaultSettings;
  const { pointsPerReal, shopkeeperShareBp, expiryMonths, customerWindowDays, reviewDeadlineDays } = row;
  return { pointsPerReal, shopkeeperShareBp, expiryMonths, customerWindowDays, reviewDeadlineDays };
}

export async function saveSettings(db: Db, settings: ProgrammeSettings): Promise<void> {
  await db
    .insert(programmeSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: programmeSettings.id, set: { ...settings, updatedAt: new Date() } });
}
