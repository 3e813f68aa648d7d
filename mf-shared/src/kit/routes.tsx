import { Route, Routes } from '@especifica/mf-shared/router';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LoadingState } from './states';

export interface Screen {
  path: string;
  Component: ComponentType;
}

/** One line per screen: its path and its own lazily loaded chunk. */
export function screen(path: string, load: () => Promise<{ default: ComponentType }>): Screen {
  return { path, Component: lazy(load) };
}

/**
 * What an unknown path shows, one task later. A remote's router can hear of an address that another remote owns
 * before single-spa has unmounted it (a navigation made while an earlier one is still finishing, such as a logout
 * right after a login): shown at once, a redirect such as `<Navigate to="/dashboard" />` would pull the user back
 * from the other remote's page (the shell then sends a logged-out user to /login?redirect=/dashboard). One task
 * later, a remote that is leaving has been unmounted and shows nothing.
 */
function Otherwise({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true));
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}

/** A remote's route table; `otherwise` is what an unknown path inside the remote shows, one task later. */
export function ScreenRoutes({ screens, otherwise }: { screens: Screen[]; otherwise: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div style={{ maxWidth: 1104, margin: '0 auto', padding: '40px 24px' }}>
          <LoadingState kind="cards" />
        </div>
      }
    >
      <Routes>
        {screens.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<Otherwise>{otherwise}</Otherwise>} />
      </Routes>
    </Suspense>
  );
}
