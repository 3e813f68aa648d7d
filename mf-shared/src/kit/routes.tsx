import { Otherwise, Route, Routes } from '@especifica/mf-shared/router';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { LoadingState } from './states';

export interface Screen {
  path: string;
  Component: ComponentType;
}

/**
 * One line per screen: its path and its own lazily loaded chunk. `prefetch`, when given, starts the screen's first
 * reads (`prefetchApiQuery`) as its chunk starts to download, so the data does not wait for the code.
 */
export function screen(path: string, load: () => Promise<{ default: ComponentType }>, prefetch?: () => void): Screen {
  return {
    path,
    Component: lazy(() => {
      prefetch?.();
      return load();
    }),
  };
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
