import type { AcceleratorsQuery, acceleratorSorts } from '@especifica/mf-shared/contracts';
import { acceleratorMessages } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outer } from '../../db/rows';
import { accelerators, products, stores } from '../../db/schema';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { searchAny } from '../../kernel/search';

export type AcceleratorRow = typeof accelerators.$inferSelect;

const acceleratorColumns = {
  id: accelerators.id,
  name: accelerators.name,
  description: accelerators.description,
  multiplier: accelerators.multiplier,
  targetType: accelerators.targetType,
  targetValue: accelerators.targetValue,
  startsAt: accelerators.startsAt,
  endsAt: accelerators.endsAt,
  active: accelerators.active,
  createdAt: accelerators.createdAt,
  updatedAt: accelerators.updatedAt,
};

// The name a person reads for an id target: the product's or the store's.
const targetLabel = sql<string>`coalesce(
  (select ${products.name} from ${products} where ${outer(accelerators.targetType)} = 'product'
     and ${products.id}::text = ${outer(accelerators.targetValue)}),
  (select ${stores.name} from ${stores} where ${outer(accelerators.targetType)} = 'store'
     and ${stores.id}::text = ${outer(accelerators.targetValue)}),
  ${outer(accelerators.targetValue)})`;

const acceleratorOut = (row: AcceleratorRow & { targetLabel: string }) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  multiplier: row.multiplier / 100,
  targetType: row.targetType,
  targetValue: row.targetValue,
  targetLabel: row.targetLabel,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** The admin's filters: a search, on or off, the target's type, and running now, upcoming or past. */
export function acceleratorFilters(query: AcceleratorsQuery, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchAny(query.search, [accelerators.name, accelerators.targetValue])];
  if (query.active !== undefined) conditions.push(eq(accelerators.active, query.active));
  if (query.targetType) conditions.push(eq(accelerators.targetType, query.targetType));
  if (query.current || query.when === 'current') {
    conditions.push(lte(accelerators.startsAt, now), gt(accelerators.endsAt, now));
  }
  if (query.when === 'upcoming') conditions.push(gt(accelerators.startsAt, now));
  if (query.when === 'past') conditions.push(lte(accelerators.endsAt, now));
  return and(...conditions);
}

/** The accelerators a participant can still use: active and not over. */
export const usableAccelerators = (now: Date) => and(eq(accelerators.active, true), gt(accelerators.endsAt, now));

export function acceleratorsPage(
  db: Db,
  where: SQL | undefined,
  query: ListPageQuery<(typeof acceleratorSorts)[number]>,
) {
  return listPage(
    query,
    {
      rows: db
        .select({ ...acceleratorColumns, targetLabel })
        .from(accelerators)
        .$dynamic(),
      count: db.select({ total: count() }).from(accelerators).$dynamic(),
      where: [where],
      order: [desc(accelerators.startsAt), accelerators.id],
      sortable: {
        name: accelerators.name,
        startsAt: accelerators.startsAt,
        endsAt: accelerators.endsAt,
        multiplier: accelerators.multiplier,
        createdAt: accelerators.createdAt,
      },
      id: accelerators.id,
    },
    acceleratorOut,
  );
}

export async function acceleratorById(db: Db, id: string) {
  const [row] = await db
    .select({ ...acceleratorColumns, targetLabel })
    .from(accelerators)
    .where(eq(accelerators.id, id));
  if (!row) throw fail.notFound(acceleratorMessages.notFound);
  return acceleratorOut(row);
}
