import { api, type Result } from '@especifica/mf-shared';
import { BellIcon } from '@especifica/mf-shared/controls';
import { prefetchApiQuery, queryKeys, useApiQuery } from '@especifica/mf-shared/kit';
import { Box, chakra, useTranslation } from '@especifica/mf-shared/ui';
import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

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
    <chakra.a
      href="/notifications"
      onClick={onClick}
      aria-label={t('nav.unreadNotifications', { count: unread })}
      data-testid="notification-bell"
      data-unread={unread}
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="40px"
      h="40px"
      borderRadius="full"
      color="ink"
      _hover={{ color: 'brand' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' }}
    >
      <BellIcon size={22} aria-hidden="true" />
      {unread > 0 && (
        <Box
          as="span"
          aria-hidden="true"
          position="absolute"
          top="0"
          right="0"
          minW="18px"
          h="18px"
          px="1"
          borderRadius="full"
          bg="error.600"
          color="white"
          fontSize="xxs"
          fontWeight="bold"
          lineHeight="18px"
          textAlign="center"
        >
          {unread > 99 ? '99+' : unread}
        </Box>
      )}
    </chakra.a>
  );
}
