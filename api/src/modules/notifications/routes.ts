import {
  messageSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  readNotificationBodySchema,
  sendNotificationAnswerSchema,
  sendNotificationBodySchema,
} from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { affectedRows } from '../../db/rows';
import { notifications, professionals, storeUsers } from '../../db/schema';
import type { App } from '../../http/zod';
import { audit } from '../../kernel/audit';
import type { ProgrammeDeps } from '../../kernel/deps';
import { fail } from '../../kernel/errors';
import { type ListPageQuery, listPage } from '../../kernel/list';
import { type Principal, principalOf } from '../../plugins/auth';

const mine = (principal: Principal) =>
  and(eq(notifications.recipientKind, principal.role), eq(notifications.recipientId, principal.id));

export async function notificationRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  const list = {
    schema: { querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema } },
  };
  const read = { schema: { body: readNotificationBodySchema, response: { 200: messageSchema } } };

  async function listOf(principal: Principal, query: ListPageQuery<'createdAt'> & { unread?: boolean }) {
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

  async function markRead(principal: Principal, body: { id: string } | { all: true }) {
    if ('id' in body) {
      // Somebody else's notification is not found, the same as one that does not exist.
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(mine(principal), eq(notifications.id, body.id)))
        .returning({ id: notifications.id });
      if (!row) throw fail.notFound('Notificação não encontrada.');
      return { msg: 'Notificação marcada como lida.' };
    }
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(mine(principal), isNull(notifications.readAt)));
    return { msg: 'Todas as notificações foram marcadas como lidas.' };
  }

  for (const [prefix, guard] of [
    ['/professionals', ['professional', 'shopkeeper']],
    ['/cms', ['admin']],
  ] as const) {
    app.get(`${prefix}/notifications/get-all-notifications`, { config: { guard }, ...list }, (request) =>
      listOf(principalOf(request), request.query),
    );
    app.post(`${prefix}/notifications/read-notification`, { config: { guard }, ...read }, (request) =>
      markRead(principalOf(request), request.body),
    );
  }

  app.post(
    '/cms/notifications/send',
    {
      config: { guard: ['admin'] },
      schema: { body: sendNotificationBodySchema, response: { 200: sendNotificationAnswerSchema } },
    },
    async (request) => {
      const { group, title, message } = request.body;
      const sent = await db.transaction(async (tx) => {
        let total = 0;
        // One statement per group, whatever its size: a notice to every professional is not a loop.
        if (group !== 'shopkeepers') {
          const result = await tx.execute(sql`
            insert into ${notifications} (recipient_kind, recipient_id, type, title, message)
            select 'professional', ${professionals.id}, 'announcement', ${title}, ${message}
            from ${professionals} where ${professionals.behaviour} = 'active'`);
          total += affectedRows(result);
        }
        if (group !== 'professionals') {
          const result = await tx.execute(sql`
            insert into ${notifications} (recipient_kind, recipient_id, type, title, message)
            select 'shopkeeper', ${storeUsers.id}, 'announcement', ${title}, ${message}
            from ${storeUsers} where ${storeUsers.active}`);
          total += affectedRows(result);
        }
        await audit(tx, principalOf(request), {
          action: 'send-notification',
          entity: 'notifications',
          after: { group, title, message, sent: total },
        });
        return total;
      });
      return { msg: 'Notificação enviada com sucesso!', sent };
    },
  );
}
