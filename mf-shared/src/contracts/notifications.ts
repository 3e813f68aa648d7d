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
  level: 'Selecione o nível.',
  store: 'Selecione a loja.',
  people: 'Informe de 1 a 500 e-mails válidos, um por linha.',
  nobody: 'Nenhum participante ativo corresponde a este público.',
} as const;

export const notificationGroups = ['all', 'professionals', 'shopkeepers', 'level', 'store', 'people'] as const;

/**
 * An admin's notice to participants: everyone, professionals, shopkeepers, the participants at a level of the cycle
 * (`levelId`), the users of a store (`storeId`), or chosen people by e-mail (`emails`).
 */
export const sendNotificationBodySchema = z
  .object({
    group: z.enum(notificationGroups, notificationMessages.group),
    title: nameSchema(notificationMessages.title, 120),
    message: nameSchema(notificationMessages.message, 2000),
    levelId: z.optional(idSchema),
    storeId: z.optional(idSchema),
    emails: z.optional(
      z
        .array(z.email(notificationMessages.people).check(z.trim(), z.toLowerCase()))
        .check(z.minLength(1, notificationMessages.people), z.maxLength(500, notificationMessages.people)),
    ),
  })
  .check(
    z.refine((body) => body.group !== 'level' || Boolean(body.levelId), {
      message: notificationMessages.level,
      path: ['levelId'],
    }),
    z.refine((body) => body.group !== 'store' || Boolean(body.storeId), {
      message: notificationMessages.store,
      path: ['storeId'],
    }),
    z.refine((body) => body.group !== 'people' || (body.emails?.length ?? 0) > 0, {
      message: notificationMessages.people,
      path: ['emails'],
    }),
  );
export type SendNotificationBody = z.infer<typeof sendNotificationBodySchema>;
/** `missing`: the chosen e-mails that belong to no active participant. */
export const sendNotificationAnswerSchema = z.object({
  msg: z.string(),
  sent: z.number(),
  missing: z.optional(z.array(z.string())),
});
