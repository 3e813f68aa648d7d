import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { rankOf } from '../../domain/levels';
import { type ListPageQuery, listPage } from '../../kernel/list';
import type { Principal } from '../../kernel/principal';
import { levelRules } from '../ledger';

export const mine = (principal: Principal) =>
  and(eq(notifications.recipientKind, principal.role), eq(notifications.recipientId, principal.id));

/** A page of the reader's notifications, newest first, with the unread count for the badge. */
export async function notificationsOf(
  db: Db,
  principal: Principal,
  query: ListPageQuery<'createdAt'> & { unread?: boolean },
) {
  const totals = db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)` })
    .from(notifications)
    .where(mine(principal))
    .then(([row]) => ({ total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) }));
  const page = await listPage(
    query,
    {
      rows: db.select().from(notifications).$dynamic(),
      // One count gives both totals: the list's (all or unread) and the unread badge's.
      count: () => totals.then((row) => (query.unread ? row.unread : row.total)),
      where: [mine(principal), query.unread ? isNull(notifications.readAt) : undefined],
      order: [desc(notifications.createdAt), desc(notifications.id)],
      sortable: { createdAt: notifications.createdAt },
      id: notifications.id,
    },
    (row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      data: row.data ?? null,
      read: row.readAt !== null,
      createdAt: row.createdAt.toISOString(),
    }),
  );
  return { ...page, items: await withLevelRanks(db, page.items), unread: (await totals).unread };
}

type Item = { type: string; data: Record<string, unknown> | null };

/**
 * A level's notice carries the level's place among the programme's levels (`data.rank`), which its emblem's material
 * is keyed by: the notice names the level as it was called then, and is ranked by the levels of now (a level renamed
 * since keeps no rank, and the notice no emblem). The levels are read only for a page that holds such a notice.
 */
async function withLevelRanks<T extends Item>(db: Db, items: T[]): Promise<T[]> {
  const named = (item: Item) => item.type === 'level-changed' && typeof item.data?.level === 'string';
  if (!items.some(named)) return items;
  const rules = await levelRules(db);
  return items.map((item) => {
    if (!named(item)) return item;
    const rank = rankOf(rules, String(item.data?.level));
    return rank === null ? item : { ...item, data: { ...item.data, rank } };
  });
}
