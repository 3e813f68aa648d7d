import {
  messageSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  readNotificationBodySchema,
  sendNotificationAnswerSchema,
  sendNotificationBodySchema,
} from '@especifica/mf-shared/contracts';
import { cycleYear } from '../../domain/levels';
import type { App } from '../../http/zod';
import type { ProgrammeDeps } from '../../kernel/deps';
import { principalOf } from '../../kernel/principal';
import { notificationsOf } from './queries';
import { markRead, sendNotification } from './service';

export async function notificationRoutes(app: App, deps: ProgrammeDeps) {
  const { db } = deps;

  const list = {
    schema: { querystring: notificationsQuerySchema, response: { 200: notificationsPageSchema } },
  };
  const read = { schema: { body: readNotificationBodySchema, response: { 200: messageSchema } } };

  for (const [prefix, guard] of [
    ['/professionals', ['professional', 'shopkeeper']],
    ['/cms', ['admin']],
  ] as const) {
    app.get(`${prefix}/notifications/get-all-notifications`, { config: { guard }, ...list }, (request) =>
      notificationsOf(db, principalOf(request), request.query),
    );
    app.post(`${prefix}/notifications/read-notification`, { config: { guard }, ...read }, (request) =>
      markRead(db, principalOf(request), request.body),
    );
  }

  app.post(
    '/cms/notifications/send',
    {
      config: { guard: ['admin'] },
      schema: { body: sendNotificationBodySchema, response: { 200: sendNotificationAnswerSchema } },
    },
    async (request) => {
      const { sent, missing } = await sendNotification(db, principalOf(request), request.body, cycleYear(deps.now()));
      return { msg: 'Notificação enviada com sucesso!', sent, ...(missing?.length ? { missing } : {}) };
    },
  );
}
