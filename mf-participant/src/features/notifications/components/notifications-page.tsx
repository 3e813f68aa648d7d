import type { Notification } from '@especifica/mf-shared/contracts';
import {
  ButtonLink,
  EmptyResult,
  LoadingState,
  NotificationCard,
  PageLayout,
  QueryView,
  useApiMutation,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Pagination } from '@especifica/mf-shared/list';
import { Box, Button, Heading, Stack, useTranslation } from '@especifica/mf-shared/ui';
import { useUrlPage } from '../../../app/url-page';
import { getPage, getUnread, linkOf, markRead, notificationKeys } from '../api/notifications';

/** /notifications: unread first, then the earlier ones; mark one or all as read; each leads to what it is about. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { page, limit, onPage, onLimit } = useUrlPage();
  const unread = useApiQuery(notificationKeys.unread, getUnread, { silent: true });
  const all = useApiQuery(notificationKeys.page(page, limit), () => getPage(page, limit), {
    silent: true,
    keepPrevious: true,
  });
  const readAll = useApiMutation(() => markRead({ all: true }), {
    invalidates: [notificationKeys.all],
    success: (answer) => answer.msg,
  });
  const count = unread.data?.total ?? 0;
  return (
    <PageLayout
      title={t('notifications.title')}
      width="narrow"
      actions={
        count > 0 && (
          <Button
            colorPalette="primary"
            variant="outline"
            loading={readAll.isPending}
            onClick={() => void readAll.run()}
          >
            {t('notifications.readAll')}
          </Button>
        )
      }
    >
      <Stack gap="8">
        <Box as="section" aria-labelledby="unread-heading">
          <Heading as="h2" id="unread-heading" fontSize="lg" mb="3">
            {t('notifications.unread', { count })}
          </Heading>
          <QueryView
            query={unread}
            isEmpty={(data) => data.items.length === 0}
            empty={<EmptyResult title={t('notifications.noneUnread')} drawing="bell" compact />}
          >
            {(data) => <List items={data.items} />}
          </QueryView>
        </Box>
        <Box as="section" aria-labelledby="earlier-heading">
          <Heading as="h2" id="earlier-heading" fontSize="lg" mb="3">
            {t('notifications.earlier')}
          </Heading>
          <QueryView
            query={all}
            loading={<LoadingState />}
            isEmpty={(data) => data.total === 0}
            empty={
              <EmptyResult
                title={t('notifications.empty')}
                drawing="bell"
                next={{ label: t('nextStep.dashboard'), to: '/dashboard' }}
              />
            }
          >
            {(data) => (
              <>
                <List items={data.items.filter((item) => item.read)} />
                <Pagination page={page} limit={limit} total={data.total} onPage={onPage} onLimit={onLimit} />
              </>
            )}
          </QueryView>
        </Box>
      </Stack>
    </PageLayout>
  );
}

function List({ items }: { items: Notification[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
      {items.map((item) => (
        <Item key={item.id} item={item} />
      ))}
    </Stack>
  );
}

function Item({ item }: { item: Notification }) {
  const { t } = useTranslation();
  const read = useApiMutation(() => markRead({ id: item.id }), { invalidates: [notificationKeys.all] });
  const link = linkOf(item);
  return (
    <NotificationCard
      item={item}
      reading={read.isPending}
      onRead={() => void read.run()}
      actions={
        link && (
          <ButtonLink
            size="sm"
            variant="plain"
            colorPalette="primary"
            to={link}
            onClick={() => !item.read && void read.run()}
          >
            {t('notifications.open')}
          </ButtonLink>
        )
      }
    />
  );
}
