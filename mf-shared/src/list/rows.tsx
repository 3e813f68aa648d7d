import { Skeleton } from '@chakra-ui/react';
import { afterFirstScreen, Deferred, LoadingState } from '@especifica/mf-shared/kit';
import { type ComponentType, memo } from 'react';
import type { DataTableProps } from './data-table';
import type { StatusSwitchProps } from './status-switch';

/**
 * What a list draws once its rows arrive, the data table (TanStack Table) and the rows' status switch (Chakra's
 * switch and its state machine), is one file of its own, `rows.[hash].js` (scripts/webpack/chunk-groups.cjs keeps it
 * out of the list's file). A list screen's first frame draws its heading and toolbar, not rows, which wait for the
 * data: the file is asked for once the first screen is shown (`afterFirstScreen`), beside the screen's reads, instead
 * of sharing the network with the code that draws the screen.
 */
type AnyTableProps = DataTableProps<unknown>;

/** `work` when the page is idle (Chromium, Firefox), else in a task of its own. */
const whenIdle = (work: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work(), { timeout: 2000 }) : setTimeout(work);

const table = afterFirstScreen<AnyTableProps>(
  () =>
    import(/* webpackChunkName: "rows" */ './data-table').then((module) => {
      // The rows' styles are worked out while the page waits for its rows (warmListParts).
      whenIdle(() => module.warmListParts());
      return module.DataTable as ComponentType<AnyTableProps>;
    }),
  (props) => <LoadingState kind={props.cards ? 'cards' : 'table'} />,
);
table.preload();

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
statusSwitch.preload();

/** Active/inactive with a 5-second undo (status-switch.tsx); a switch-sized placeholder while its code loads. */
export function StatusSwitch(props: StatusSwitchProps) {
  return <Deferred part={statusSwitch} props={props} />;
}
