import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { type ListPageQuery, listPage } from '../../kernel/list';
import type { Principal } from '../../kernel/principal';

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
  return { ...page, unread: (await totals).unread };
}
