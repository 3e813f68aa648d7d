import { api, type Result } from '@especifica/mf-shared';
import {
  type Level,
  type Notification,
  type notificationGroups,
  type ReadNotificationBody,
  type SendNotificationBody,
  sendNotificationBodySchema,
} from '@especifica/mf-shared/contracts';
import type { FieldErrors, Resolver } from '@especifica/mf-shared/forms';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';
import { z } from 'zod/mini';

export type NotificationsPage = Page<Notification> & { unread: number };

export const notificationKeys = {
  all: [...queryKeys.cms, 'notifications'] as const,
  page: (page: number, limit: number) => [...queryKeys.cms, 'notifications', page, limit] as const,
  levels: [...queryKeys.cms, 'notifications', 'levels'] as const,
};

/** The admin's own notifications, newest first. */
export const getNotifications = (page: number, limit: number): Promise<Result<NotificationsPage>> =>
  api.get('/cms/notifications/get-all-notifications', { page, limit });
export const markRead = (body: ReadNotificationBody) =>
  api.post<{ msg: string }>('/cms/notifications/read-notification', body);

export const getLevels = (): Promise<Result<{ items: Level[] }>> => api.get('/cms/config/get-levels');

export interface SendValues {
  group: (typeof notificationGroups)[number] | '';
  title: string;
  message: string;
  levelId: string;
  storeId: string;
  /** E-mails, one per line (or separated by commas or spaces). */
  emails: string;
}

export const emailsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

/** The form's values as the API takes them: only the target the group needs. */
export function sendBody(values: SendValues): SendNotificationBody {
  const group = values.group as SendNotificationBody['group'];
  return {
    group,
    title: values.title,
    message: values.message,
    ...(group === 'level' && values.levelId ? { levelId: values.levelId } : {}),
    ...(group === 'store' && values.storeId ? { storeId: values.storeId } : {}),
    ...(group === 'people' ? { emails: emailsOf(values.emails) } : {}),
  };
}

/**
 * The form checked by the API's own contract on the body it would send: each message lands beside the field it is
 * about (an e-mail of the list, on the list).
 */
export const sendResolver: Resolver<SendValues> = async (values) => {
  const result = z.safeParse(sendNotificationBodySchema, sendBody(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<SendValues> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'group') as keyof SendValues;
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

export const sendNotification = (values: SendValues) =>
  api.post<{ msg: string; sent: number; missing?: string[] }>('/cms/notifications/send', sendBody(values));
