import { notificationMessages, type SendNotificationBody } from '@especifica/mf-shared/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { affectedRows, rowsOf } from '../../db/rows';
import { notifications, professionals, stores, storeUsers } from '../../db/schema';
import { audit } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { levelRules } from '../ledger';
import { mine } from './queries';

interface Audience {
  /** Which active professionals (`p`) and active store users (`u`) receive it; undefined: none of that kind. */
  professionals?: SQL;
  shopkeepers?: SQL;
  /** The chosen e-mails that match no active participant. */
  missing?: () => Promise<string[]>;
}

/** Who a notice goes to (domain: notifications): a group, a level of the cycle, a store's users, or chosen people. */
async function audienceOf(db: Db, body: SendNotificationBody, year: number): Promise<Audience> {
  switch (body.group) {
    case 'all':
      return { professionals: sql`true`, shopkeepers: sql`true` };
    case 'professionals':
      return { professionals: sql`true` };
    case 'shopkeepers':
      return { shopkeepers: sql`true` };
    case 'level': {
      const rules = await levelRules(db);
      const index = rules.findIndex((rule) => rule.id === body.levelId);
      const rule = rules[index];
      if (!rule) throw fail.notFound('Nível não encontrado.');
      const upper = rules[index + 1]?.threshold ?? null;
      // The level of the points earned in the cycle (domain: levels); nothing earned is the first level.
      const at = (kind: 'professional' | 'shopkeeper', id: SQL) => {
        const earned = sql`coalesce((select c.earned from cycle_points c where c.participant_kind = ${kind}
          and c.participant_id = ${id} and c.cycle_year = ${year}), 0)`;
        return upper === null
          ? sql`${earned} >= ${rule.threshold}`
          : sql`${earned} >= ${rule.threshold} and ${earned} < ${upper}`;
      };
      // Consultants have no level.
      return {
        professionals: at('professional', sql`p.id`),
        shopkeepers: sql`u.shopkeeper_type <> 'consultant' and ${at('shopkeeper', sql`u.id`)}`,
      };
    }
    case 'store': {
      const [store] = await db
        .select({ id: stores.id })
        .from(stores)
        .where(eq(stores.id, body.storeId ?? ''));
      if (!store) throw fail.notFound('Loja não encontrada.');
      return { shopkeepers: sql`u.store_id = ${store.id}` };
    }
    case 'people': {
      const emails = [...new Set(body.emails ?? [])];
      const list = sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      );
      return {
        professionals: sql`lower(p.email) in (${list})`,
        shopkeepers: sql`lower(u.email) in (${list})`,
        missing: async () => {
          const found = rowsOf<{ email: string }>(
            await db.execute(sql`
              select lower(email) as email from ${professionals} where behaviour = 'active' and lower(email) in (${list})
              union select lower(email) from ${storeUsers} where active and lower(email) in (${list})`),
          );
          const known = new Set(found.map((row) => row.email));
          return emails.filter((email) => !known.has(email));
        },
      };
    }
  }
}

/** Marks one of the reader's notifications as read, or all of them. */
export async function markRead(db: Db, principal: Principal, body: { id: string } | { all: true }) {
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

/** Sends a notice to its audience at the level of the cycle `year`; a level, store or people nobody matches is refused. */
export function sendNotification(
  db: Db,
  actor: Principal,
  body: SendNotificationBody,
  year: number,
): Promise<{ sent: number; missing: string[] | undefined }> {
  const { group, title, message } = body;
  return db.transaction(async (tx) => {
    const audience = await audienceOf(tx, body, year);
    let total = 0;
    // One statement per kind of recipient, whatever the audience's size: a notice to everyone is not a loop.
    if (audience.professionals) {
      const result = await tx.execute(sql`
      insert into ${notifications} (recipient_kind, recipient_id, type, title, message)
      select 'professional', p.id, 'announcement', ${title}, ${message}
      from ${professionals} p where p.behaviour = 'active' and ${audience.professionals}`);
      total += affectedRows(result);
    }
    if (audience.shopkeepers) {
      const result = await tx.execute(sql`
      insert into ${notifications} (recipient_kind, recipient_id, type, title, message)
      select 'shopkeeper', u.id, 'announcement', ${title}, ${message}
      from ${storeUsers} u where u.active and ${audience.shopkeepers}`);
      total += affectedRows(result);
    }
    const missing = audience.missing ? await audience.missing() : undefined;
    if (total === 0 && ['level', 'store', 'people'].includes(group)) {
      throw fail.invalid(notificationMessages.nobody, 'notification-nobody', missing ? { missing } : undefined);
    }
    await audit(tx, actor, {
      action: 'send-notification',
      entity: 'notifications',
      after: { ...body, sent: total },
    });
    return { sent: total, missing };
  });
}
