import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { RecipientKind } from '../../kernel/notifications';

export interface Recipient {
  kind: RecipientKind;
  id: string;
}

/** The recipient's notifications after `seq`, oldest first: what a stream has not sent yet. */
export function notificationsAfter(db: Db, recipient: Recipient, seq: number, limit: number) {
  return db
    .select({
      seq: notifications.seq,
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientKind, recipient.kind),
        eq(notifications.recipientId, recipient.id),
        gt(notifications.seq, seq),
      ),
    )
    .orderBy(asc(notifications.seq))
    .limit(limit);
}

/** The recipient's last notification (0 without any): where a stream opened without `Last-Event-ID` starts. */
export async function lastNotificationSeq(db: Db, recipient: Recipient): Promise<number> {
  const [row] = await db
    .select({ seq: max(notifications.seq) })
    .from(notifications)
    .where(and(eq(notifications.recipientKind, recipient.kind), eq(notifications.recipientId, recipient.id)));
  return Number(row?.seq ?? 0);
}
