import { firstScreen } from '@especifica/mf-shared';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { loadOnce } from '../load-once';

/**
 * A component whose code is a file of its own, not needed to draw a first screen (the list's rows, the admin
 * dashboard's tables): `preload` asks for it once the first screen is shown (`firstScreen.ready`, at once after it),
 * beside the screen's reads, instead of sharing the network with the code that draws the screen. A runtime before
 * 2.1.0 (an older shell's) has no `firstScreen`: it is asked for at once.
 */
export interface DeferredPart<P> {
  lazy: ComponentType<P>;
  /** The component, once its file is in. */
  loaded: () => ComponentType<P> | undefined;
  fallback: (props: P) => ReactNode;
  preload: () => void;
}

export function afterFirstScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): DeferredPart<P> {
  let loaded: ComponentType<P> | undefined;
  const loadComponent = loadOnce(() =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    }),
  );
  return {
    lazy: lazy(loadComponent),
    loaded: () => loaded,
    fallback,
    preload: () => {
      (firstScreen?.ready ?? Promise.resolve()).then(loadComponent).catch(() => undefined);
    },
  };
}

/** Draws a deferred part: at once when its file is in, else its fallback until it is. */
export function Deferred<P extends object>({ part, props }: { part: DeferredPart<P>; props: P }) {
  // Chosen once per instance: one drawn while the file loads stays the lazy one, and is not mounted again.
  const [Component] = useState(() => part.loaded() ?? part.lazy);
  return (
    <Suspense fallback={part.fallback(props)}>
      <Component {...props} />
    </Suspense>
  );
}
