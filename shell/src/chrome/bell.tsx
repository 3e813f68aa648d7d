import { api, type Result } from '@especifica/mf-shared';
import { BellIcon } from '@especifica/mf-shared/controls';
import { prefetchApiQuery, queryKeys, useApiQuery } from '@especifica/mf-shared/kit';
import { partProps, useTranslation } from '@especifica/mf-shared/ui';
import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { headerParts } from './header.parts';

const part = partProps(headerParts);

/**
 * Under the participant's notifications prefix: marking one read on /notifications invalidates it and the count
 * follows without a reload.
 */
export const unreadCountKey = [...queryKeys.participant, 'notifications', 'count'] as const;

const readUnreadCount = async (): Promise<Result<number>> => {
  const [page, error] = await api.get<{ unread: number }>('/professionals/notifications/get-all-notifications', {
    unread: true,
    limit: 1,
    page: 1,
  });
  return page ? [page.unread, null] : [null, error];
};

/** Starts the bell's read into the entry it reads, before the header has mounted. */
export const prefetchUnreadCount = () => prefetchApiQuery(unreadCountKey, readUnreadCount);

/** The header's bell: a link to /notifications with the number of unread ones (spec 2.5, screens.md). */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data: unread = 0 } = useApiQuery(unreadCountKey, readUnreadCount, { silent: true });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateToUrl('/notifications');
  };
  return (
    <a
      href="/notifications"
      onClick={onClick}
      aria-label={t('nav.unreadNotifications', { count: unread })}
      {...part('bell')}
      data-testid="notification-bell"
      data-unread={unread}
    >
      <BellIcon size={22} aria-hidden="true" />
      {unread > 0 && (
        <span {...part('unread')} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </a>
  );
}
