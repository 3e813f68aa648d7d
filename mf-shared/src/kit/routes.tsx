import { firstScreen } from '@especifica/mf-shared';
import { Otherwise, Route, Routes } from '@especifica/mf-shared/router';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { bestFit } from '../deferred';
import { loadOnce } from '../load-once';
import { LoadingState } from './states';

export interface Screen {
  path: string;
  Component: ComponentType;
  /** Starts downloading the screen's chunk (and its prefetched reads) without drawing it. */
  preload: () => Promise<unknown>;
}

/**
 * One line per screen: its path and its own lazily loaded chunk. `prefetch`, when given, asks for the screen's first
 * reads (`prefetchApiQuery`) as its chunk starts to download, so the data does not wait for the code; on a signed-in
 * page's first load they leave once the first screen is painted (FirstScreen).
 */
export function screen(path: string, load: () => Promise<{ default: ComponentType }>, prefetch?: () => void): Screen {
  const preload = loadOnce(() => {
    prefetch?.();
    return load();
  });
  return { path, preload, Component: lazy(preload) };
}

/**
 * Preloads the screen drawn at `pathname`, if one of `screens` is: the shell calls it (a remote's `preload`) while
 * the access gate waits, so the screen's code is on its way, and its first reads asked for, before anything is drawn.
 */
export function preloadScreenAt(screens: Screen[], pathname: string): void {
  // Ranked as the router ranks routes: /cms/professionals/invoices, not /cms/professionals/:id, at that address.
  bestFit(
    screens.map((candidate): [string, Screen] => [candidate.path, candidate]),
    pathname,
  )
    ?.preload()
    .catch(() => undefined);
}

/**
 * Tells the shell's hold on the API (FirstScreen) that a screen, not its loading state, has been committed. A runtime
 * before 2.1.0 (an older shell's) has no `firstScreen`, and holds nothing.
 */
function ScreenDrawn() {
  useEffect(() => firstScreen?.drawn(), []);
  return null;
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
          <Route
            key={path}
            path={path}
            element={
              <>
                <Component />
                <ScreenDrawn />
              </>
            }
          />
        ))}
        <Route path="*" element={<Otherwise>{otherwise}</Otherwise>} />
      </Routes>
    </Suspense>
  );
}
