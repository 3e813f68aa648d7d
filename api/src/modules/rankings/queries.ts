import type { RankingQuery } from '@especifica/mf-shared/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ReadCache } from '../../cache/read-cache';
import type { Db } from '../../db/client';
import { queryOf, rowsOf } from '../../db/rows';
import { cycleYear } from '../../domain/levels';
import { fromHundredths } from '../../domain/points';
import { offsetOf } from '../../kernel/pagination';
import { containsPattern } from '../../kernel/search';

const DAY = 86_400_000;
const EARNING = sql.raw(`(kind in ('credit', 'bonus', 'extra') or (kind = 'reversal' and amount < 0))`);

export interface Period {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Set when the period is a whole cycle: ranking_points answers it. */
  year: number | null;
}

/** The period of a ranking query: the dates given (São Paulo days), else the year, else the current cycle. */
export function periodOf(query: Pick<RankingQuery, 'year' | 'from' | 'to'>, now: Date): Period {
  if (query.from || query.to) {
    const from = new Date(`${query.from ?? '2000-01-01'}T00:00:00-03:00`);
    const to = new Date(new Date(`${query.to ?? '2100-12-31'}T00:00:00-03:00`).getTime() + DAY);
    return { from, to, year: null };
  }
  const year = query.year ?? cycleYear(now);
  return { from: new Date(`${year}-01-01T00:00:00-03:00`), to: new Date(`${year + 1}-01-01T00:00:00-03:00`), year };
}

/** Earned points per participant of one kind in the period: (participant_id, earned, reached_at). */
export function earnedIn(kind: 'professional' | 'shopkeeper', period: Period): SQL {
  if (period.year !== null) {
    return sql`select participant_id, earned, reached_at from ranking_points
      where cycle_year = ${period.year} and participant_kind = ${kind} and earned > 0`;
  }
  // Reached at the last earning that still counts: one wholly reversed (or a reversal itself) moves no tie-break.
  return sql`select l.participant_id, sum(l.amount)::bigint as earned,
      coalesce(max(l.created_at) filter (where l.amount > 0 and l.amount + coalesce(r.reversed, 0) > 0),
        max(l.created_at)) as reached_at
    from ledger_entries l
    left join (
      select source_type, source_id, participant_id, sum(amount) as reversed from ledger_entries
      where participant_kind = ${kind} and kind = 'reversal' and amount < 0 group by source_type, source_id, participant_id
    ) r on l.kind <> 'reversal' and r.source_type = l.source_type and r.source_id = l.source_id
      and r.participant_id = l.participant_id
    where l.participant_kind = ${kind} and l.created_at >= ${period.from.toISOString()}
      and l.created_at < ${period.to.toISOString()} and ${EARNING}
    group by l.participant_id having sum(l.amount) > 0`;
}

export interface RankedEntity {
  /** Rows (participant_id, earned, reached_at) to rank. */
  points: SQL;
  /** Joins the ranked thing as `e` (with `pt` the points row), e.g. `join professionals e on e.id = pt.participant_id`. */
  join: SQL;
  name: SQL;
  detail: SQL;
  /** Who takes part (e.g. not blocked), over `e`. */
  filter: SQL;
  /**
   * The ids that `filter` leaves out, when they are few (blocked professionals): counts then read the points alone
   * and subtract these, instead of joining 100,000 rows on every page.
   */
  excluded?: SQL;
}

interface Row {
  id: string;
  name: string;
  detail: string | null;
  earned: string;
  reached_at: string | Date;
  /** reached_at at full (microsecond) precision, for comparing with others. */
  reached_key: string;
}

const entryOut = (row: Row, position: number) => ({
  position,
  id: row.id,
  name: row.name,
  points: fromHundredths(row.earned),
  reachedAt: new Date(row.reached_at).toISOString(),
  detail: row.detail,
});

/**
 * Ranks by points earned, ties broken by earliest reach, then id; positions are over everyone, searched or not.
 * The counts (total, positions) come from `counts` while no points or accounts move: they are most of the work.
 */
export async function ranking(
  db: Db,
  counts: ReadCache<number>,
  entity: RankedEntity,
  query: { limit: number; page: number; search?: string },
  period: Period,
  meId: string | null,
) {
  const from = sql`(${entity.points}) pt ${entity.join}`;
  const searched = query.search?.trim()
    ? sql`${entity.filter} and ${entity.name} ilike ${containsPattern(query.search.trim())}`
    : entity.filter;
  const select = sql`pt.participant_id::text as id, ${entity.name} as name, ${entity.detail} as detail,
    pt.earned, pt.reached_at, pt.reached_at::text as reached_key`;

  /** How many take part and meet `condition` (over `pt` only). */
  const countWhere = (condition: SQL) =>
    entity.excluded
      ? sql`select (select count(*) from (${entity.points}) pt where ${condition})
          - (select count(*) from (${entity.points}) pt where ${condition} and pt.participant_id in (${entity.excluded}))
          as total`
      : sql`select count(*) as total from ${from} where ${entity.filter} and ${condition}`;
  const count = async (query: SQL) =>
    Number(rowsOf<{ total: number | string }>(await db.execute(query))[0]?.total ?? 0);
  const countOf = (query: SQL) => {
    const { sql: text, params } = queryOf(query);
    return counts.get(`${text}\u0000${JSON.stringify(params)}`, () => count(query));
  };

  const positionOf = async (row: Row) =>
    1 +
    (await countOf(
      countWhere(sql`(pt.earned > ${row.earned} or (pt.earned = ${row.earned} and (pt.reached_at < ${row.reached_key}::timestamptz
        or (pt.reached_at = ${row.reached_key}::timestamptz and pt.participant_id::text < ${row.id}))))`),
    ));

  const [rows, totals, mine] = await Promise.all([
    db
      .execute(sql`select ${select} from ${from} where ${searched}
        order by pt.earned desc, pt.reached_at, pt.participant_id limit ${query.limit} offset ${offsetOf(query)}`)
      .then((result) => rowsOf<Row>(result)),
    // A search by name is not kept: a store's name is no announced change.
    query.search?.trim()
      ? count(sql`select count(*) as total from ${from} where ${searched}`)
      : countOf(countWhere(sql`true`)),
    meId
      ? db
          .execute(sql`select ${select} from ${from} where ${entity.filter} and pt.participant_id = ${meId}`)
          .then((result) => rowsOf<Row>(result))
      : Promise.resolve([]),
  ]);
  const items = query.search?.trim()
    ? await Promise.all(rows.map(async (row) => entryOut(row, await positionOf(row))))
    : rows.map((row, index) => entryOut(row, offsetOf(query) + index + 1));
  const me = mine[0] ? entryOut(mine[0], await positionOf(mine[0])) : null;
  return {
    items,
    total: totals,
    page: query.page,
    limit: query.limit,
    period: { from: period.from.toISOString(), to: period.to.toISOString() },
    me,
  };
}

/** Professionals ranked by the points they earned in the period. */
export const professionalsRanked = (period: Period): RankedEntity => ({
  points: earnedIn('professional', period),
  join: sql`join professionals e on e.id = pt.participant_id`,
  name: sql`e.name`,
  detail: sql`null::text`,
  // Blocked professionals are kept for audit but take no part.
  filter: sql`e.behaviour <> 'blocked'`,
  excluded: sql`select id from professionals where behaviour = 'blocked'`,
});

/** Sellers: every shopkeeper but consultants, optionally of one store. */
export const sellersRanked = (period: Period, storeId?: string): RankedEntity => ({
  points: earnedIn('shopkeeper', period),
  join: sql`join store_users e on e.id = pt.participant_id join stores s on s.id = e.store_id`,
  name: sql`e.name`,
  detail: sql`s.name`,
  filter: storeId
    ? sql`e.shopkeeper_type <> 'consultant' and e.store_id = ${storeId}`
    : sql`e.shopkeeper_type <> 'consultant'`,
});

/**
 * A store's points are the sum of its shopkeepers' (domain: points): for a whole cycle, store_cycle_points keeps
 * that sum; for other dates it is summed here.
 */
export const storesRanked = (period: Period): RankedEntity => ({
  points:
    period.year !== null
      ? sql`select store_id as participant_id, earned, reached_at from store_cycle_points
          where cycle_year = ${period.year}`
      : sql`select u.store_id as participant_id, sum(c.earned)::bigint as earned, max(c.reached_at) as reached_at
          from (${earnedIn('shopkeeper', period)}) c join store_users u on u.id = c.participant_id group by u.store_id`,
  join: sql`join stores e on e.id = pt.participant_id`,
  name: sql`e.name`,
  detail: sql`e.cnpj`,
  filter: sql`true`,
});
