import { and, asc, eq, sql } from 'drizzle-orm';
import type { ReadCache } from '../../cache/read-cache';
import type { Db } from '../../db/client';
import { cyclePoints, ledgerEntries, levels } from '../../db/schema';
import type { LevelRow, PointsSummary, Standing } from '../../domain/levels';

export type ParticipantKind = (typeof ledgerEntries.participantKind.enumValues)[number];

export interface Participant {
  kind: ParticipantKind;
  id: string;
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

function standingQuery(db: Db) {
  const kind = sql.placeholder('kind');
  const id = sql.placeholder('id');
  return db
    .select({
      balance: sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
        where ${ledgerEntries.participantKind} = ${kind} and ${ledgerEntries.participantId} = ${id})`,
      earned: sql<string>`coalesce((select ${cyclePoints.earned} from ${cyclePoints}
        where ${cyclePoints.participantKind} = ${kind} and ${cyclePoints.participantId} = ${id}
          and ${cyclePoints.cycleYear} = ${sql.placeholder('year')}), 0)`,
      rules: sql<
        LevelRow[] | string | null
      >`(select json_agg(json_build_object('id', ${levels.id}, 'name', ${levels.name},
          'threshold', ${levels.threshold}, 'sublevels', ${levels.sublevels}, 'benefits', ${levels.benefits})
          order by ${levels.threshold}) from ${levels})`,
    })
    .from(sql`(values (1)) as one (x)`)
    .prepare('participant_standing');
}

const standingQueries = new WeakMap<Db, ReturnType<typeof standingQuery>>();

/**
 * The balance, the points earned in the cycle and the level table in one prepared round trip: the dashboard data
 * that the header reads on every page, and every level check.
 */
export async function pointsAndLevels(
  db: Db,
  participant: Participant,
  cycleYear: number,
): Promise<PointsSummary & { rules: LevelRow[] }> {
  let query = standingQueries.get(db);
  if (!query) {
    query = standingQuery(db);
    standingQueries.set(db, query);
  }
  const [row] = await query.execute({ kind: participant.kind, id: participant.id, year: cycleYear });
  const rules = typeof row?.rules === 'string' ? (JSON.parse(row.rules) as LevelRow[]) : (row?.rules ?? []);
  return { balance: Number(row?.balance ?? 0), earned: Number(row?.earned ?? 0), rules };
}

/**
 * pointsAndLevels() through the standings cache, for the pages that only show them (the header's dashboard data,
 * the level page). Never for a check before a debit: that one reads inside its transaction. The value is shared by
 * every caller: read it, don't change it.
 */
export function cachedStanding(
  cache: ReadCache<Standing>,
  db: Db,
  participant: Participant,
  cycleYear: number,
): Promise<Standing> {
  return cache.get(
    `${participant.kind}:${participant.id}`,
    async () => ({ ...(await pointsAndLevels(db, participant, cycleYear)), cycleYear }),
    (standing) => standing.cycleYear === cycleYear,
  );
}

export function levelRules(db: Db): Promise<LevelRow[]> {
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
