import type { Regulation, Score, scoreSources } from '@especifica/mf-shared/contracts';
import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, professionals, storeUsers, termsVersions } from '../../db/schema';
import { cycleStart, cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import { regulationChanges } from '../../domain/regulation';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { settingsOf } from '../../kernel/settings';
import { levelRules, type Participant } from '../ledger';

export type RegulationVersion = typeof termsVersions.$inferSelect;

export const versionOut = (row: RegulationVersion) => ({
  version: row.version,
  title: row.title,
  content: row.content,
  publishedAt: row.publishedAt.toISOString(),
});

/** The regulation in force: the last version published, or null before the first. */
export const currentRegulation = async (db: Db) =>
  (await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1))[0] ?? null;

/** Every version, the newest first. */
export const regulationVersions = async (db: Db) =>
  (await db.select().from(termsVersions).orderBy(desc(termsVersions.version))).map(versionOut);

/** What a draft would change against the regulation in force, and the number it would take. */
export async function regulationPreview(db: Db, content: string) {
  const now = await currentRegulation(db);
  return {
    current: now ? { version: now.version, publishedAt: now.publishedAt.toISOString() } : null,
    nextVersion: (now?.version ?? 0) + 1,
    changes: regulationChanges(now?.content ?? '', content),
  };
}

/** The regulation as a participant reads it: which version they accepted when, and what changed from the previous. */
export async function participantRegulation(db: Db, principal: Principal): Promise<Regulation> {
  const [current, previous] = await db.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(2);
  if (!current) throw fail.notFound('Nenhum regulamento publicado.');
  const table = principal.role === 'shopkeeper' ? storeUsers : professionals;
  const [accepted] = await db
    .select({ version: table.acceptedTermsVersion, at: table.acceptedTermsAt })
    .from(table)
    .where(eq(table.id, principal.id));
  return {
    version: current.version,
    title: current.title,
    content: current.content,
    publishedAt: current.publishedAt.toISOString(),
    accepted: { version: accepted?.version ?? null, at: accepted?.at?.toISOString() ?? null },
    previous: previous ? { version: previous.version, publishedAt: previous.publishedAt.toISOString() } : null,
    changes: previous ? regulationChanges(previous.content, current.content) : [],
  };
}

/** The rules of earning: points per real, expiry, the customer window and the levels. */
export async function participantSettings(db: Db) {
  const settings = await settingsOf(db);
  return {
    pointsPerReal: fromHundredths(settings.pointsPerReal),
    shopkeeperSharePercent: settings.shopkeeperShareBp / 100,
    expiryMonths: settings.expiryMonths,
    customerWindowDays: settings.customerWindowDays,
    levels: (await levelRules(db)).map((level) => ({
      id: level.id,
      name: level.name,
      points: fromHundredths(level.threshold),
      sublevels: level.sublevels,
      benefits: level.benefits,
    })),
  };
}

type Source = (typeof scoreSources)[number];
const sourceOf = (kind: string, sourceType: string): Source => {
  if (kind === 'bonus' || sourceType === 'invoice-bonus') return 'bonuses';
  if (kind === 'extra') return 'campaigns';
  if (sourceType === 'invoice') return 'invoices';
  if (sourceType.startsWith('experience')) return 'experiences';
  return 'other';
};

/** The cycle's earned points of a participant, by month (São Paulo) and by source. */
export async function scoreOf(db: Db, participant: Participant, now: Date): Promise<Score> {
  const year = cycleYear(now);
  const from = cycleStart(now);
  const to = cycleStart(new Date(Date.UTC(year + 1, 0, 2)));
  // Earned points (credits, bonuses, extras, less reversals) of the cycle, summed by month in São Paulo and by source.
  const month = sql<number>`extract(month from ${ledgerEntries.createdAt} at time zone 'America/Sao_Paulo')::int`;
  const rows = await db
    .select({
      month,
      kind: ledgerEntries.kind,
      sourceType: ledgerEntries.sourceType,
      points: sql<string>`sum(${ledgerEntries.amount})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.participantKind, participant.kind),
        eq(ledgerEntries.participantId, participant.id),
        // As the cycle's standing counts them: what was credited, less what was taken back.
        or(
          inArray(ledgerEntries.kind, ['credit', 'bonus', 'extra']),
          and(eq(ledgerEntries.kind, 'reversal'), lt(ledgerEntries.amount, 0)),
        ),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(month, ledgerEntries.kind, ledgerEntries.sourceType);
  const months = Array.from({ length: 12 }, (_, index) => ({ month: index + 1, points: 0 }));
  const sources = new Map<Source, number>();
  let earned = 0;
  for (const row of rows) {
    const points = Number(row.points);
    earned += points;
    const slot = months[Number(row.month) - 1];
    if (slot) slot.points += points;
    const source = sourceOf(row.kind, row.sourceType);
    sources.set(source, (sources.get(source) ?? 0) + points);
  }
  const answer: Score = {
    cycleYear: year,
    earned: fromHundredths(earned),
    months: months.map((slot) => ({ month: slot.month, points: fromHundredths(slot.points) })),
    sources: [...sources].map(([source, points]) => ({ source, points: fromHundredths(points) })),
  };
  return answer;
}
