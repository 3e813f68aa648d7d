import type { PageQuery, SortKey } from '@especifica/mf-shared/contracts';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { offsetOf, pageAnswer } from './pagination';
import { searchAny } from './search';

type Expression = PgColumn | SQL;

/** What one list is: every list route describes itself this way and `listPage` runs it. */
export interface ListDescription<R extends PgSelect, F extends string> {
  /**
   * The rows' select with its joins, made dynamic (`.$dynamic()`): `listPage` adds the rest. As a function of a
   * `total` field to select, the page counts itself while the query searches (see `overCount`).
   */
  rows: R | ((total: SQL<string | null>) => R);
  /**
   * The count over the same rows, filtered alike: a dynamic `db.select({ total: count() }).from(...)`, or a
   * function of the list's conditions for a total worked out otherwise.
   */
  count: PgSelect | ((where: SQL | undefined) => PromiseLike<number | string>);
  /** The conditions, all of which a row meets (undefined ones are left out). */
  where?: (SQL | undefined)[];
  /** The expressions a free-text search looks into (contains, case-insensitive). */
  search?: Expression[];
  /** The order without a `sort`. */
  order: (Expression | SQL)[];
  /** The fields a `sort` may name (the list's contract declares the same names). */
  sortable?: Record<F, Expression>;
  /** A unique key that breaks ties under a `sort`, so a row never shows on two pages. */
  id?: PgColumn;
}

export interface ListPageQuery<F extends string> extends PageQuery {
  sort?: SortKey<F>;
  search?: string;
}

/** A count of the rows a (joined) select gives: for a search that looks into the joined tables. */
export const countOf =
  (db: Db, rows: () => PgSelect) =>
  (where: SQL | undefined): PromiseLike<number> =>
    db.$count(rows().where(where).as('matching'));

type RowOf<R extends PgSelect> = Awaited<R>[number];

/**
 * The `total` of rows that count themselves: `count(*) over ()` while the query searches, null otherwise. A search
 * matches few rows, and the page reads them once rather than twice (the rows, then the count); without a search the
 * window would have every row of the table go through the select before the limit, where the separate count reads
 * an index only.
 */
const overCount = (searching: boolean) => (searching ? sql<string>`count(*) over ()` : sql<null>`null`);

/** The order a `sort` asks for: its field, then the unique key, both in its direction (so `-f` reverses `f`). */
function orderOf<F extends string>(sort: SortKey<F> | undefined, list: ListDescription<PgSelect, F>) {
  if (!sort || !list.sortable) return list.order;
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as F;
  const expression = list.sortable[field];
  // The contract lets only the declared fields through; a field without an expression is a programming error.
  if (!expression) throw new Error(`The list has no sortable field "${field}".`);
  const direction = descending ? desc : asc;
  return list.id ? [direction(expression), direction(list.id)] : [direction(expression)];
}

/** One page of a list and its total, as every list answers: `{ items, total, page, limit }`. */
export async function listPage<R extends PgSelect, F extends string, T>(
  query: ListPageQuery<F>,
  list: ListDescription<R, F>,
  map: (row: RowOf<R>) => T,
) {
  const where = and(...(list.where ?? []), list.search ? searchAny(query.search, list.search) : undefined);
  const counted = () =>
    typeof list.count === 'function'
      ? list.count(where)
      : list.count.where(where).then((rows) => (rows[0] as { total: number | string } | undefined)?.total ?? 0);
  const over = typeof list.rows === 'function' && Boolean(query.search?.trim());
  const select = typeof list.rows === 'function' ? list.rows(overCount(over)) : list.rows;
  const page = select
    .where(where)
    .orderBy(...orderOf(query.sort, list))
    .limit(query.limit)
    .offset(offsetOf(query)) as PromiseLike<RowOf<R>[]>;
  if (!over) {
    const [rows, total] = await Promise.all([page, counted()]);
    return pageAnswer(rows.map(map), total, query);
  }
  const rows = await page;
  // A page past the last has no row to carry the count: the count is read then.
  const total = (rows[0] as { total?: string | null } | undefined)?.total ?? (query.page > 1 ? await counted() : 0);
  return pageAnswer(rows.map(map), total, query);
}
