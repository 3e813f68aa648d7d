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

/** Under the admin's notifications: /cms/notifications marking one read, or the live stream, refreshes it. */
export const adminUnreadCountKey = [...queryKeys.cms, 'notifications', 'count'] as const;

/** Whose bell: its page, the count's call and its cache entry. */
const bells = {
  participant: {
    href: '/notifications',
    path: '/professionals/notifications/get-all-notifications',
    key: unreadCountKey,
  },
  admin: { href: '/cms/notifications', path: '/cms/notifications/get-all-notifications', key: adminUnreadCountKey },
} as const;

export type BellOwner = keyof typeof bells;

const unreadCountOf = (owner: BellOwner) => async (): Promise<Result<number>> => {
  const [page, error] = await api.get<{ unread: number }>(bells[owner].path, { unread: true, limit: 1, page: 1 });
  return page ? [page.unread, null] : [null, error];
};

/** Starts the bell's read into the entry it reads, before the header has mounted. */
export const prefetchUnreadCount = (owner: BellOwner = 'participant') =>
  prefetchApiQuery(bells[owner].key, unreadCountOf(owner));

/**
 * The header's bell: a link to the person's notifications with the number of unread ones (spec 2.5, screens.md):
 * /notifications for a participant, /cms/notifications for an admin, whose long work (an import, a large export)
 * ends with a notice there.
 */
export function NotificationBell({ owner = 'participant' }: { owner?: BellOwner }) {
  const { t } = useTranslation();
  const { href, key } = bells[owner];
  const { data: unread = 0 } = useApiQuery(key, unreadCountOf(owner), { silent: true });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateToUrl(href);
  };
  return (
    <a
      href={href}
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
