import type { Notification } from '@especifica/mf-shared/contracts';
import { LevelEmblem } from '@especifica/mf-shared/controls';
import { type ApiQuery, Celebration, useApiMutation } from '@especifica/mf-shared/kit';
import { useSession, useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { markRead, type NotificationsPage, notificationKeys } from '../../notifications/api/notifications';

/** The notices that are a moment of their own on the overview: an approved invoice and a level reached. */
const MOMENTS = ['invoice-approved', 'level-changed'] as const;
const isMoment = (notice: Notification) => (MOMENTS as readonly string[]).includes(notice.type);

/** The person's level as the overview shows it: its name and its rank among the programme's levels. */
export interface Level {
  name: string;
  rank?: number;
}

/**
 * The last level the overview showed this person, kept in the browser: a higher one since is a level reached (the
 * cycle's points crossed a threshold, which no notice tells). The first visit keeps the level without a moment.
 */
const levelKey = (userId: string) => `especifica:level-seen:${userId}`;
function levelReached(userId: string, level: Level | undefined): boolean {
  if (!userId || level?.rank === undefined) return false;
  try {
    const seen = localStorage.getItem(levelKey(userId));
    if (seen === null) {
      keepLevel(userId, level);
      return false;
    }
    return level.rank > Number(seen);
  } catch {
    return false;
  }
}
function keepLevel(userId: string, level: Level): void {
  try {
    if (userId && level.rank !== undefined) localStorage.setItem(levelKey(userId), String(level.rank));
  } catch {
    // A browser that keeps nothing shows no level's moment.
  }
}

/**
 * The overview opens on a level reached since the last visit, or on the newest unread approved invoice or changed
 * level, as a panel of its own with the balance
 * after it and the next step, until the person closes it (which reads the notice). A notice that arrives while the
 * page is open (the live stream refreshes the unread ones) takes its place at once.
 */
export function Moment({ query, level }: { query: ApiQuery<NotificationsPage>; level?: Level }) {
  const { t } = useTranslation();
  const balance = useSession((state) => state.score?.points ?? null);
  const userId = useSession((state) => (state.user ? `${state.user.userType}:${state.user.email}` : ''));
  const [closed, setClosed] = useState<readonly string[]>([]);
  const [reached, setReached] = useState(() => levelReached(userId, level));
  const read = useApiMutation(markRead, { invalidates: [notificationKeys.all] });
  if (reached && level) {
    const close = () => {
      keepLevel(userId, level);
      setReached(false);
    };
    return (
      <Celebration
        title={t('dashboard.momentLevel', { level: level.name })}
        emblem={level.rank !== undefined ? <LevelEmblem rank={level.rank} size={88} /> : undefined}
        drawing="level"
        balance={balance}
        next={[{ label: t('dashboard.momentLevelNext'), to: '/categories' }]}
        onClose={close}
      >
        {t('dashboard.momentLevelText')}
      </Celebration>
    );
  }
  const notice = query.data?.items.find((item) => isMoment(item) && !closed.includes(item.id));
  if (!notice) return null;
  const close = () => {
    setClosed((ids) => [...ids, notice.id]);
    void read.run({ id: notice.id });
  };
  if (notice.type === 'level-changed') {
    const { level, rank } = notice.data ?? {};
    return (
      <Celebration
        title={typeof level === 'string' ? t('dashboard.momentLevel', { level }) : notice.title}
        emblem={typeof rank === 'number' ? <LevelEmblem rank={rank} size={88} /> : undefined}
        drawing="level"
        balance={balance}
        next={[{ label: t('dashboard.momentLevelNext'), to: '/categories' }]}
        onClose={close}
      >
        {typeof level === 'string' ? t('dashboard.momentLevelText') : notice.message}
      </Celebration>
    );
  }
  return (
    <Celebration
      title={notice.title}
      drawing="approved"
      balance={balance}
      next={[
        { label: t('dashboard.momentInvoiceNext'), to: '/extract' },
        { label: t('dashboard.momentExperiences'), to: '/experiences' },
      ]}
      onClose={close}
    >
      {notice.message}
    </Celebration>
  );
}
