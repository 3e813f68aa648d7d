import { useSyncExternalStore } from 'react';

/** Whether a media query matches, following viewport changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Lists show cards instead of a table below 768 px (screens.md). */
export const useNarrow = () => useMediaQuery('(max-width: 767px)');
