import { firstScreen } from '@especifica/mf-shared';
import { LoadingState } from '@especifica/mf-shared/kit';
import { type ComponentType, lazy, memo, Suspense, useState } from 'react';
import { loadOnce } from '../load-once';
import type { DataTableProps } from './data-table';

/**
 * The data table's code (TanStack Table, 12 KB compressed) is a chunk of its own, apart from the rest of the list
 * entry. A list screen's first frame draws its heading and toolbar, not rows (they wait for the data), so that chunk
 * is asked for once the first screen is painted (`firstScreen.ready`, at once after it), beside the screen's reads,
 * instead of sharing the network with the code that draws the screen.
 */
type Table = ComponentType<DataTableProps<unknown>>;

let loaded: Table | undefined;
const loadTable = loadOnce(() =>
  import('./data-table').then((module) => {
    loaded = module.DataTable as Table;
    return { default: loaded };
  }),
);
const LazyTable = lazy(loadTable);

// A runtime before 2.1.0 (an older shell's) has no `firstScreen`: the chunk is asked for at once.
(firstScreen?.ready ?? Promise.resolve()).then(loadTable).catch(() => undefined);

function DeferredTable<T>(props: DataTableProps<T>) {
  // Chosen once per table: a table drawn while the chunk loads stays the lazy one, and is not mounted again.
  const [Table] = useState(() => loaded ?? LazyTable);
  return (
    <Suspense fallback={<LoadingState kind={props.cards ? 'cards' : 'table'} />}>
      <Table {...(props as DataTableProps<unknown>)} />
    </Suspense>
  );
}

/**
 * A server-sorted, server-paged table on Chakra, or the same rows as cards below 768 px (data-table.tsx). Memoized:
 * with the same props (the caller's columns, actions and selection kept stable), a page of rows is not drawn again.
 */
export const DataTable = memo(DeferredTable) as typeof DeferredTable;
