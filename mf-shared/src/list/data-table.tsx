import {
  chakra,
  Stack,
  type SystemContext,
  type SystemStyleObject,
  Table,
  Text,
  useChakraContext,
} from '@chakra-ui/react';
import { Checkbox, SortAscendingIcon, SortableIcon, SortDescendingIcon } from '@especifica/mf-shared/controls';
import { getSystem, perSystem, useTranslation } from '@especifica/mf-shared/ui';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type Row,
  type RowData,
  type RowSelectionState,
  type Table as TanStackTable,
  type Updater,
  useReactTable,
} from '@tanstack/react-table';
import { type CSSProperties, type ReactNode, useMemo, useRef } from 'react';
import { RowBox, rowPartsOf } from './row-parts';
import { nextSort } from './sort';

type TFunction = ReturnType<typeof useTranslation>['t'];

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The API's sort field for this column (`sort=<field>` / `sort=-<field>`); without it the column is not sortable. */
    sort?: string;
    /** The label on narrow-screen cards when the header is not plain text. */
    label?: string;
    /** Right-aligned figures (points, money). */
    numeric?: boolean;
    /** Left out of the cards on narrow screens. */
    hideOnCard?: boolean;
    /** Phantom use of the type parameters, which TanStack declares on this interface. */
    _types?: [TData, TValue];
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a column list mixes value types, which ColumnDef<T, unknown> refuses
export type Columns<T> = ColumnDef<T, any>[];

export interface DataTableProps<T> {
  columns: Columns<T>;
  rows: T[];
  rowId: (row: T) => string;
  /** The current sort, `field` or `-field`. */
  sort?: string;
  onSort?: (sort: string | undefined) => void;
  /** Buttons of each row (edit, open), in the last column or at the foot of its card. */
  actions?: (row: T) => ReactNode;
  /** Cards instead of the table (narrow screens). */
  cards?: boolean;
  caption?: string;
  /** Opt-in checkboxes to choose rows (TanStack's row selection), with the chosen ids held by the caller. */
  selection?: RowSelection<T>;
}

/**
 * Rows chosen for a bulk action. The ids are the caller's (kept across pages, filters and sorts, and cleared by the
 * caller after the action); the table adds a first column with a box per selectable row, named by the row, and a
 * header box for every selectable row of the page.
 */
export interface RowSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  /** How a row's box is named ("Selecionar a nota 1234"); "Selecionar <first cell>" when not given. */
  rowLabel?: (row: T) => string;
  /** The header box's name; "Selecionar todas desta página" when not given. */
  pageLabel?: string;
  /** Which rows may be chosen (a pending invoice, not a decided one); every row when not given. */
  canSelect?: (row: T) => boolean;
}

const SELECT_COLUMN = 'select';

/**
 * The body's rows and cells as the table recipe draws them (size sm, variant line, interactive), given once to the
 * body rather than to each cell.
 */
const BODY = {
  '& > tr': { bg: 'bg', _hover: { bg: 'colorPalette.subtle' }, _selected: { bg: 'colorPalette.subtle' } },
  '& > tr > td': { textAlign: 'start', alignItems: 'center', px: '2', py: '2', borderBottomWidth: '1px' },
  // Figures (points, money) in tabular numerals, so a column's digits line up whatever the rows hold.
  '& > tr > td[data-numeric]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& > tr > td[data-actions]': { textAlign: 'end', whiteSpace: 'nowrap' },
  '& > tr > td[data-actions] > div': { display: 'flex', gap: '2', justifyContent: 'flex-end', alignItems: 'center' },
} as const;

/**
 * The cards' parts, given once to the list: each card looks like Chakra's Card (sm, outline), its first cell bold
 * with its selection box, then one line per cell (the column's name, muted, and the value on the right), and the
 * row's buttons at its foot. A Card, HStack and Text per card and per cell computed and serialized their styles at
 * every render: on a phone, a page of cards was most of the list's drawing. Worked out once per system.
 */
const cardPartsOf = perSystem((system): SystemStyleObject => {
  const styles = system.getSlotRecipeFn('card')({ size: 'sm', variant: 'outline' });
  return {
    // A card out of the screen is neither styled nor laid out until it comes near it: a phone shows three or four
    // of a page's 20 cards, and styling and laying out all of them was 15 ms in desktop Chromium (60 ms on
    // Lighthouse's phone) after the rows arrived, a fourth of that with the cards below kept for later. Until then
    // a card takes the height its list estimates (`cardEstimate`), then the height it last had.
    '& > [data-card]': { ...styles.root, contentVisibility: 'auto', containIntrinsicSize: 'auto var(--card-estimate)' },
    '& > [data-card] > [data-card-body]': { ...styles.body, gap: '2' },
    '& > [data-card] > [data-card-footer]': { ...styles.footer, gap: '2', justifyContent: 'flex-end', pt: '0' },
    '& [data-card-title]': { display: 'flex', alignItems: 'center', gap: '3', fontWeight: 'bold' },
    '& [data-card-field]': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '4',
      fontSize: 'sm',
    },
    '& [data-card-field] > p': { color: 'muted' },
    '& [data-card-field] > div': { textAlign: 'right' },
  };
});

/**
 * Works out the list's styles (its rows' and its cards') for the page's system ahead of its rows: the list's file
 * arrives with the screen's reads (rows.tsx), and this runs while the page waits for them, rather than in the task
 * that draws the rows when they come.
 */
export function warmListParts(system: SystemContext = getSystem()): void {
  rowPartsOf(system);
  cardPartsOf(system);
}

/**
 * The height of a card not drawn yet, in pixels: its padding and title, a line per field shown on cards, and its
 * buttons. Measured at 390 px: 172 for four fields (174 drawn), 228 with buttons (247), 284 for six with buttons
 * (284); only the scroll bar uses it, until the card has been drawn once.
 */
function cardEstimate<T>(headers: Header<T, unknown>[], withActions: boolean): number {
  const fields = headers.filter((h) => h.column.id !== SELECT_COLUMN && !h.column.columnDef.meta?.hideOnCard);
  return 60 + 28 * Math.max(0, fields.length - 1) + (withActions ? 56 : 0);
}

function labelOf<T>(header: Header<T, unknown>): string {
  const { columnDef } = header.column;
  return columnDef.meta?.label ?? (typeof columnDef.header === 'string' ? columnDef.header : header.column.id);
}

/**
 * A server-sorted, server-paged table on Chakra, or the same rows as cards below 768 px. The list's entry loads it
 * after the first screen and memoizes it there (rows.tsx).
 */
export const DataTable = TableOrCards;

function TableOrCards<T>({
  columns,
  rows,
  rowId,
  sort,
  onSort,
  actions,
  cards,
  caption,
  selection,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  // The labels and the rule are read at render through a ref: the column stays the same object while they change,
  // so TanStack does not remount a box (and lose its focus) at each click.
  const options = useRef(selection);
  options.current = selection;
  const translate = useRef(t);
  translate.current = t;
  const selectable = Boolean(selection);
  const allColumns = useMemo<Columns<T>>(
    () => (selectable ? [selectColumn<T>(options, translate), ...columns] : columns),
    [selectable, columns],
  );
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...(selection?.selected ?? [])].map((id) => [id, true])),
    [selection?.selected],
  );
  const table = useReactTable({
    data: rows,
    columns: allColumns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => rowId(row),
    manualSorting: true,
    manualPagination: true,
    enableRowSelection: (row) => options.current?.canSelect?.(row.original) ?? true,
    enableMultiRowSelection: true,
    state: { rowSelection },
    onRowSelectionChange: (updater: Updater<RowSelectionState>) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater;
      options.current?.onChange(new Set(Object.keys(next).filter((id) => next[id])));
    },
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const system = useChakraContext();
  const parts = rowPartsOf(system);

  if (cards) {
    return (
      <Stack
        gap="3"
        data-testid="data-cards"
        css={[parts, cardPartsOf(system)]}
        style={{ '--card-estimate': `${cardEstimate(headers, Boolean(actions))}px` } as CSSProperties}
      >
        {table.getRowModel().rows.map((row) => (
          <CardRow key={row.id} row={row} headers={headers} selectable={selectable} actions={actions} />
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderRadius="card"
      bg="card"
      // The table scrolls sideways inside this region, so a keyboard must be able to reach and scroll it.
      tabIndex={0}
      role="region"
      aria-label={caption ?? t('kit.table')}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' }}
      css={parts}
    >
      <Table.Root size="sm" interactive data-testid="data-table">
        {caption && <Table.Caption srOnly>{caption}</Table.Caption>}
        <Table.Header>
          <Table.Row bg="surface.50">
            {headers.map((header) => {
              const field = header.column.columnDef.meta?.sort;
              const numeric = header.column.columnDef.meta?.numeric;
              const direction =
                field && sort === field ? 'ascending' : field && sort === `-${field}` ? 'descending' : undefined;
              const content = flexRender(header.column.columnDef.header, header.getContext());
              return (
                <Table.ColumnHeader
                  key={header.id}
                  aria-sort={field ? (direction ?? 'none') : undefined}
                  textAlign={numeric ? 'end' : 'start'}
                  whiteSpace="nowrap"
                >
                  {field && onSort ? (
                    <chakra.button
                      type="button"
                      onClick={() => onSort(nextSort(sort, field))}
                      display="inline-flex"
                      gap="1"
                      alignItems="center"
                      fontWeight="inherit"
                      cursor="pointer"
                      title={direction === 'ascending' ? t('kit.sortDescending') : t('kit.sortAscending')}
                    >
                      {content}
                      <SortArrow direction={direction} />
                    </chakra.button>
                  ) : (
                    content
                  )}
                </Table.ColumnHeader>
              );
            })}
            {actions && (
              <Table.ColumnHeader textAlign="end">
                <Text srOnly>{t('kit.actions')}</Text>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body css={BODY}>
          {table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} row={row} actions={actions} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The sort state beside a sortable column's name, drawn as an icon: an arrow character (▲ ▼ ↕) is not in the
 * interface's typeface, and fell back to a system font that draws differently on each machine. The header's
 * aria-sort says the same to assistive technology.
 */
function SortArrow({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  const Arrow =
    direction === 'ascending' ? SortAscendingIcon : direction === 'descending' ? SortDescendingIcon : SortableIcon;
  return <Arrow size={14} data-sort-arrow={direction ?? 'none'} />;
}

/**
 * Each card (and each row of the wide table) is a component of its own: React, drawing a page of rows that has
 * arrived, can then pause between rows and let the page answer, where one component drawing them all was one task
 * of 15 to 30 ms in desktop Chromium (four times that on a phone). Not memoized: a row is drawn again with its list,
 * as its selection may have changed while the row object stays the same.
 */
function CardRow<T>({
  row,
  headers,
  selectable,
  actions,
}: {
  row: Row<T>;
  headers: Header<T, unknown>[];
  selectable: boolean;
  actions?: (row: T) => ReactNode;
}) {
  const cells = row.getVisibleCells();
  const box = cells.find((cell) => cell.column.id === SELECT_COLUMN && selectable);
  const [first, ...rest] = cells.filter((cell) => cell !== box);
  // Plain elements styled by the list (`cardPartsOf`), as the table's rows are by its body.
  return (
    <div data-card="" data-testid="data-card">
      <div data-card-body="">
        {first && (
          <div data-card-title="">
            {box && flexRender(box.column.columnDef.cell, box.getContext())}
            <p>{flexRender(first.column.columnDef.cell, first.getContext())}</p>
          </div>
        )}
        {rest
          .filter((cell) => !cell.column.columnDef.meta?.hideOnCard)
          .map((cell) => {
            const header = headers.find((h) => h.column.id === cell.column.id);
            return (
              <div key={cell.id} data-card-field="">
                <p>{header ? labelOf(header) : cell.column.id}</p>
                <div>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
              </div>
            );
          })}
      </div>
      {actions && <div data-card-footer="">{actions(row.original)}</div>}
    </div>
  );
}

function TableRow<T>({ row, actions }: { row: Row<T>; actions?: (row: T) => ReactNode }) {
  // Plain elements styled by the body: a Chakra part per cell computes and serializes its styles at every render,
  // which made a page of rows cost more than its data.
  return (
    <tr data-selected={row.getIsSelected() ? '' : undefined}>
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} data-numeric={cell.column.columnDef.meta?.numeric ? '' : undefined}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
      {actions && (
        <td data-actions="">
          <div>{actions(row.original)}</div>
        </td>
      )}
    </tr>
  );
}

/** The first column of a table with row selection: the page's box in the header, a box per selectable row. */
function selectColumn<T>(
  options: { current: RowSelection<T> | undefined },
  translate: { current: TFunction },
): Columns<T>[number] {
  return {
    id: SELECT_COLUMN,
    header: ({ table }) => <PageBox table={table} label={options.current?.pageLabel} />,
    // Named here rather than by a translation hook in every row's box.
    cell: ({ row }) =>
      row.getCanSelect() ? (
        <RowBox
          label={options.current?.rowLabel?.(row.original) ?? rowName(row, translate.current)}
          checked={row.getIsSelected()}
          onChange={(on) => row.toggleSelected(on)}
        />
      ) : null,
    meta: { hideOnCard: true },
  };
}

function PageBox<T>({ table, label }: { table: TanStackTable<T>; label?: string }) {
  const { t } = useTranslation();
  const some = table.getRowModel().rows.some((row) => row.getCanSelect());
  return (
    <Checkbox
      aria-label={label ?? t('kit.selectPage')}
      checked={some && table.getIsAllPageRowsSelected()}
      disabled={!some}
      onChange={(on) => table.toggleAllPageRowsSelected(on)}
    />
  );
}

/** "Selecionar <first cell>": a row's box when the caller gives no name. */
function rowName<T>(row: Row<T>, t: TFunction): string {
  const first = row.getVisibleCells().find((cell) => cell.column.id !== SELECT_COLUMN);
  return t('kit.selectRow', { name: String(first?.getValue() ?? row.id) });
}
