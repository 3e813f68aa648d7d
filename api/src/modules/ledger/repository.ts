import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, levels } from '../../db/schema';
import { cyclePoints } from '../../db/schema-programme';
import type { LevelRule } from '../../domain/levels';

export type ParticipantKind = (typeof ledgerEntries.participantKind.enumValues)[number];

export interface Participant {
  kind: ParticipantKind;
  id: string;
}

export interface PointsSummary {
  /** Hundredths: the sum of every entry. */
  balance: number;
  /** Hundredths earned in the cycle `cycleYear` (a trigger keeps it); redemptions and expiries do not lower it. */
  earned: number;
}

export async function pointsOf(db: Db, participant: Participant, cycleYear: number): Promise<PointsSummary> {
  const [row] = await db
    .select({
      balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`,
      earned: sql<string>`coalesce((select ${cyclePoints.earned} from ${cyclePoints}
        where ${cyclePoints.participantKind} = ${participant.kind} and ${cyclePoints.participantId} = ${participant.id}
          and ${cyclePoints.cycleYear} = ${cycleYear}), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.participantKind, participant.kind), eq(ledgerEntries.participantId, participant.id)));
  // SUM of bigint is numeric, which the drivers hand over as a string.
  return { balance: Number(row?.balance ?? 0), earned: Number(row?.earned ?? 0) };
}

export function levelRules(db: Db): Promise<(LevelRule & { id: string; benefits: string })[]> {
  return db
    .select({
      id: levels.id,
      name: levels.name,
      threshold: levels.threshold,
      sublevels: levels.sublevels,
      benefits: levels.benefits,
    })
    .from(levels)
    .orderBy(asc(levels.threshold));
}
