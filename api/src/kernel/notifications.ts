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
  if (recipients.length === 0) return;
  await db.insert(notifications).values(
    recipients.map((recipient) => ({
      recipientKind: recipient.kind,
      recipientId: recipient.id,
      type: input.type,
      title: input.title,
      message: input.message,
      data: input.data ?? null,
    })),
  );
}
