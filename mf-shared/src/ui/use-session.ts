import { type SessionState, session } from '@especifica/mf-shared';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  const subscription = session.changes.subscribe(onChange);
  return () => subscription.unsubscribe();
};

/** The session store as React state. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => session.value);
}
