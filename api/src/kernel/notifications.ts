import type { Db } from '../db/client';
import { notifications } from '../db/schema';

export type RecipientKind = 'admin' | 'professional' | 'shopkeeper';

export interface NotificationInput {
  type: string;
  title: string;
  message: string;
  data?: Record<string, unknown>;
}

export async function notify(
  db: Db,
  recipients: readonly { kind: RecipientKind; id: string }[],
  input: NotificationInput,
): Promise<void> {
  await notifyEach(
    db,
    recipients.map((recipient) => ({ recipient, input })),
  );
}

/** Notifications of their own to several recipients in one insert (a batch of approvals), in the order given. */
export async function notifyEach(
  db: Db,
  messages: readonly { recipient: { kind: RecipientKind; id: string }; input: NotificationInput }[],
): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(notifications).values(
    messages.map(({ recipient, input }) => ({
      recipientKind: recipient.kind,
      recipientId: recipient.id,
      type: input.type,
      title: input.title,
      message: input.message,
      data: input.data ?? null,
    })),
  );
}
