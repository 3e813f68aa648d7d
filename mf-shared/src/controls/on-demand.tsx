import { type ComponentType, type JSX, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { loadOnce } from '../load-once';

type Opened = { open: boolean };

function WhenOpened<P extends Opened>({
  panel: Panel,
  props,
}: {
  panel: LazyExoticComponent<ComponentType<P>>;
  props: P;
}) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Panel {...(props as P & JSX.IntrinsicAttributes)} />
    </Suspense>
  );
}

/**
 * A panel whose code is downloaded the first time it opens (or when `preload()` is called, on the intent to open
 * it), and that stays mounted from then on, so that it animates out when it closes. Drawers and dialogs carry the
 * overlay machinery (focus trap, dismissable layers, scroll lock): a page that never opens one does not download it.
 */
export function loadedWhenOpened<P extends Opened>(load: () => Promise<ComponentType<P>>) {
  const preload = loadOnce(load);
  const panel = lazy(async () => ({ default: await preload() }));
  return Object.assign((props: P) => <WhenOpened panel={panel} props={props} />, { preload });
}
