import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import type { Notification } from '@especifica/mf-shared/contracts';
import { LevelEmblem } from '@especifica/mf-shared/controls';
import { useTranslation } from '@especifica/mf-shared/ui';
import type { ReactNode } from 'react';
import { useDownload } from './data';
import { formatDateTime } from './format';

/**
 * One notification of a list (a participant's or an admin's): title, message, when, a "Nova" badge while unread,
 * its own actions (a link to what it is about) and "Marcar como lida".
 */
export function NotificationCard({
  item,
  onRead,
  reading,
  actions,
  testId = 'notification',
}: {
  item: Notification;
  onRead: () => void;
  reading: boolean;
  actions?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      as="li"
      bg="card"
      p="4"
      borderRadius="card"
      boxShadow="sm"
      borderLeftWidth="4px"
      borderLeftColor={item.read ? 'transparent' : 'brand'}
      data-testid={testId}
      data-read={item.read ? 'true' : 'false'}
    >
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <LevelOf item={item} />
        <Box minW="0" flex="1">
          <HStack gap="2">
            <Text fontWeight="bold">{item.title}</Text>
            {!item.read && <Badge colorPalette="primary">{t('kit.notificationNew')}</Badge>}
          </HStack>
          <Text fontSize="sm" mt="1">
            {item.message}
          </Text>
          <Text fontSize="xs" color="muted" mt="1">
            {formatDateTime(item.createdAt)}
          </Text>
        </Box>
        <HStack gap="2">
          {actions}
          <TaskFileButton item={item} />
          {!item.read && (
            <Button
              size="sm"
              variant="outline"
              loading={reading}
              onClick={onRead}
              aria-label={t('kit.markOneRead', { title: item.title })}
            >
              {t('kit.markRead')}
            </Button>
          )}
        </HStack>
      </HStack>
    </Box>
  );
}

/**
 * A level's notice (one reached, or changed by an edit of the levels) shows the level's emblem, keyed by its rank
 * among the programme's levels, which the API adds to the notice's data; the notice's own text names the level.
 */
function LevelOf({ item }: { item: Notification }) {
  const rank = item.type === 'level-changed' ? item.data?.rank : undefined;
  if (typeof rank !== 'number') return null;
  return <LevelEmblem rank={rank} size={40} />;
}

/** The file a task wrote (an export done by a job), downloadable from the notification that says it is ready. */
function TaskFileButton({ item }: { item: Notification }) {
  const { t } = useTranslation();
  const download = useDownload();
  const data = item.data as { taskId?: unknown; kind?: unknown; state?: unknown } | null;
  if (item.type !== 'task' || data?.state !== 'done' || typeof data.taskId !== 'string') return null;
  if (typeof data.kind !== 'string' || !data.kind.startsWith('export:')) return null;
  const url = `/tasks/${data.taskId}/file`;
  return (
    <Button
      size="sm"
      variant="outline"
      loading={download.progress !== null}
      onClick={() => void download.start(url, {}, 'exportacao')}
    >
      {t('kit.task.download')}
    </Button>
  );
}
