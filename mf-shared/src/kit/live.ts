import { firstScreen, type StoredUser, session } from '@especifica/mf-shared';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateApiQueries, queryKeys } from './data';

/** What each event of the live stream makes stale, for a participant and for an admin. */
function staleAfter(event: string, role: StoredUser['userType']): QueryKey[] {
  if (role === 'admin') return event === 'notification' ? [queryKeys.cms, queryKeys.resource('cms-invoices')] : [];
  // The bell's count, the points in the header, the dashboard and the extract are all under `participant`.
  return event === 'notification' || event === 'points' ? [queryKeys.participant] : [];
}

/**
 * Follows the signed-in user's live stream (GET /api/events, docs/live.md) while `user` is signed in, and refreshes
 * the reads an event makes stale: the bell and points when an invoice is approved, the admin's queue when one
 * arrives. The reader's code is asked for once the first screen is shown; a logout or another account stops it.
 */
export function useLiveUpdates(user: Pick<StoredUser, 'userType' | 'accessToken'> | null): void {
  const token = user?.accessToken ?? null;
  const role = user?.userType ?? null;
  useEffect(() => {
    if (!token || !role) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    void (async () => {
      await firstScreen?.ready;
      const { followEvents } = await import('../live/stream');
      if (stopped) return;
      stop = followEvents({
        url: '/api/events',
        headers: (): Record<string, string> => {
          const current = session.value.user;
          return current ? { authorization: `Bearer ${current.accessToken}`, 'x-usertype': current.userType } : {};
        },
        onEvent: ({ event }) => void invalidateApiQueries(staleAfter(event, role)),
        // After a break the notifications are replayed, but a change of points may have been missed.
        onOpen: (first) => {
          if (!first) void invalidateApiQueries(staleAfter('points', role).concat(staleAfter('notification', role)));
        },
      });
    })().catch(() => undefined);
    return () => {
      stopped = true;
      stop?.();
    };
  }, [token, role]);
}
