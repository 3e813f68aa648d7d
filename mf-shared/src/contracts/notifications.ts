import { z } from 'zod/mini';
import { pageQuerySchema, sortQuery } from './common';
import { idSchema, nameSchema, queryFlagSchema } from './fields';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  data: z.nullable(z.record(z.string(), z.unknown())),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.extend(pageQuerySchema, {
  unread: queryFlagSchema,
  sort: sortQuery(['createdAt']),
});

export const notificationsPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  limit: z.number(),
});

/** One notification by id, or every one of the reader's with `all`. */
export const readNotificationBodySchema = z.union([
  z.object({ id: idSchema }),
  z.object({ all: z.literal(true, 'Informe a notificação ou todas.') }),
]);
export type ReadNotificationBody = z.infer<typeof readNotificationBodySchema>;

export const notificationMessages = {
  title: 'Digite um título válido.',
  message: 'Digite uma mensagem válida.',
  group: 'Selecione para quem vai a notificação.',
} as const;

/** An admin's notice to a group of participants. */
export const sendNotificationBodySchema = z.object({
  group: z.enum(['professionals', 'shopkeepers', 'all'], notificationMessages.group),
  title: nameSchema(notificationMessages.title, 120),
  message: nameSchema(notificationMessages.message, 2000),
});
export const sendNotificationAnswerSchema = z.object({ msg: z.string(), sent: z.number() });
