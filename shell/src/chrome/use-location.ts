import { useSyncExternalStore } from 'react';

// single-spa fires this after every route change, including pushState calls made inside a remote.
const subscribe = (onChange: () => void) => {
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
};

/** The current path, re-read after each route change. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export { useMediaQuery } from '@especifica/mf-shared/kit';
