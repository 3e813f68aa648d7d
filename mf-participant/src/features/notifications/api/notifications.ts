import { api, type Result } from '@especifica/mf-shared';
import type { Notification, ReadNotificationBody } from '@especifica/mf-shared/contracts';
import { type Page, queryKeys } from '@especifica/mf-shared/kit';

export type NotificationsPage = Page<Notification> & { unread: number };

/** The notifications and the header's bell share this prefix: marking one read refreshes both. */
export const notificationKeys = {
  all: [...queryKeys.participant, 'notifications'] as const,
  unread: [...queryKeys.participant, 'notifications', 'unread'] as const,
  page: (page: number, limit: number) => [...queryKeys.participant, 'notifications', 'page', page, limit] as const,
};

/** Every unread notification (up to 100), shown first. */
export const getUnread = (): Promise<Result<NotificationsPage>> =>
  api.get('/professionals/notifications/get-all-notifications', { unread: true, limit: 100, page: 1 });

/** Every notification, newest first, a page at a time. */
export const getPage = (page: number, limit: number): Promise<Result<NotificationsPage>> =>
  api.get('/professionals/notifications/get-all-notifications', { limit, page });

export const markRead = (body: ReadNotificationBody) =>
  api.post<{ msg: string }>('/professionals/notifications/read-notification', body);

/** Where a notification leads: the invoice, the experience, the extract for points. */
export function linkOf(notification: Notification): string | null {
  const data = notification.data ?? {};
  if (typeof data.experienceId === 'string') return `/experiences/${data.experienceId}`;
  if (typeof data.invoiceId === 'string') return '/invoices';
  if (typeof data.customerId === 'string') return '/customers';
  if (notification.type.startsWith('points') || notification.type.startsWith('extra')) return '/extract';
  return null;
}
