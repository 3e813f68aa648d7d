import { Skeleton } from '@chakra-ui/react';
import { firstScreen } from '@especifica/mf-shared';
import { LoadingState } from '@especifica/mf-shared/kit';
import { type ComponentType, lazy, memo, type ReactNode, Suspense, useState } from 'react';
import { loadOnce } from '../load-once';
import type { DataTableProps } from './data-table';
import type { StatusSwitchProps } from './status-switch';

/**
 * What a list draws once its rows arrive, the data table (TanStack Table) and the rows' status switch (Chakra's
 * switch and its state machine), is one file of its own, `rows.[hash].js` (scripts/webpack/chunk-groups.cjs keeps it
 * out of the list's file). A list screen's first frame draws its heading and toolbar, not rows, which wait for the
 * data: the file is asked for once the first screen is painted (`firstScreen.ready`, at once after it), beside the
 * screen's reads, instead of sharing the network with the code that draws the screen. A runtime before 2.1.0 (an
 * older shell's) has no `firstScreen`: the file is asked for at once.
 */
interface Part<P> {
  lazy: ComponentType<P>;
  /** The component, once its file is in. */
  loaded: () => ComponentType<P> | undefined;
  fallback: (props: P) => ReactNode;
}

function afterFirstScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): Part<P> {
  let loaded: ComponentType<P> | undefined;
  const loadComponent = loadOnce(() =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    }),
  );
  const part: Part<P> = {
    lazy: lazy(loadComponent),
    loaded: () => loaded,
    fallback,
  };
  (firstScreen?.ready ?? Promise.resolve()).then(loadComponent).catch(() => undefined);
  return part;
}

function Deferred<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  // Chosen once per instance: one drawn while the file loads stays the lazy one, and is not mounted again.
  const [Component] = useState(() => part.loaded() ?? part.lazy);
  return (
    <Suspense fallback={part.fallback(props)}>
      <Component {...props} />
    </Suspense>
  );
}

type AnyTableProps = DataTableProps<unknown>;

const table = afterFirstScreen<AnyTableProps>(
  () =>
    import(/* webpackChunkName: "rows" */ './data-table').then(
      (module) => module.DataTable as ComponentType<AnyTableProps>,
    ),
  (props) => <LoadingState kind={props.cards ? 'cards' : 'table'} />,
);

function DeferredTable<T>(props: DataTableProps<T>) {
  return <Deferred part={table} props={props as AnyTableProps} />;
}

/**
 * A server-sorted, server-paged table on Chakra, or the same rows as cards below 768 px (data-table.tsx). Memoized:
 * with the same props (the caller's columns, actions and selection kept stable), a page of rows is not drawn again.
 */
export const DataTable = memo(DeferredTable) as typeof DeferredTable;

const statusSwitch = afterFirstScreen<StatusSwitchProps>(
  () => import(/* webpackChunkName: "rows" */ './status-switch').then((module) => module.StatusSwitch),
  () => <Skeleton height="5" width="24" />,
);

/** Active/inactive with a 5-second undo (status-switch.tsx); a switch-sized placeholder while its code loads. */
export function StatusSwitch(props: StatusSwitchProps) {
  return <Deferred part={statusSwitch} props={props} />;
}
