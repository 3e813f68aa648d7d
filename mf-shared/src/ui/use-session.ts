import { type SessionState, session } from '@especifica/mf-shared';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  const subscription = session.changes.subscribe(onChange);
  return () => subscription.unsubscribe();
};

/**
 * The session store as React state: all of it, or the part `pick` answers, so that a component re-renders only
 * when that part changes. A page's points arrive once its header has read them (setScore): a screen that reads only
 * the user, or a header that shows the points in one badge, then draws nothing again. `pick` answers a part of the
 * state as kept (`(s) => s.user`), not a new object: a new one at each call would re-render at every change.
 */
export function useSession(): SessionState;
export function useSession<T>(pick: (state: SessionState) => T): T;
export function useSession<T>(pick?: (state: SessionState) => T): SessionState | T {
  return useSyncExternalStore(subscribe, () => (pick ? pick(session.value) : session.value));
}
