import { Box, Card, chakra, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from '@especifica/mf-shared/ui';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type RowData,
  useReactTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';

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
}

/** The next sort after a click on a column's header: ascending, then descending, then none. */
export function nextSort(current: string | undefined, field: string): string | undefined {
  if (current === field) return `-${field}`;
  if (current === `-${field}`) return undefined;
  return field;
}

function labelOf<T>(header: Header<T, unknown>): string {
  const { columnDef } = header.column;
  return columnDef.meta?.label ?? (typeof columnDef.header === 'string' ? columnDef.header : header.column.id);
}

/** A server-sorted, server-paged table on Chakra, or the same rows as cards below 768 px. */
export function DataTable<T>({ columns, rows, rowId, sort, onSort, actions, cards, caption }: DataTableProps<T>) {
  const { t } = useTranslation();
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => rowId(row),
    manualSorting: true,
    manualPagination: true,
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  if (cards) {
    return (
      <Stack gap="3" data-testid="data-cards">
        {table.getRowModel().rows.map((row) => {
          const [first, ...rest] = row.getVisibleCells();
          return (
            <Card.Root key={row.id} size="sm" variant="outline" data-testid="data-card">
              <Card.Body gap="2">
                {first && <Text fontWeight="bold">{flexRender(first.column.columnDef.cell, first.getContext())}</Text>}
                {rest
                  .filter((cell) => !cell.column.columnDef.meta?.hideOnCard)
                  .map((cell) => {
                    const header = headers.find((h) => h.column.id === cell.column.id);
                    return (
                      <HStack key={cell.id} justify="space-between" gap="4" fontSize="sm">
                        <Text color="muted">{header ? labelOf(header) : cell.column.id}</Text>
                        <Box textAlign="right">{flexRender(cell.column.columnDef.cell, cell.getContext())}</Box>
                      </HStack>
                    );
                  })}
              </Card.Body>
              {actions && (
                <Card.Footer gap="2" justifyContent="flex-end" pt="0">
                  {actions(row.original)}
                </Card.Footer>
              )}
            </Card.Root>
          );
        })}
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
                      <span aria-hidden="true">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
                      </span>
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
        <Table.Body>
          {table.getRowModel().rows.map((row) => (
            <Table.Row key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <Table.Cell key={cell.id} textAlign={cell.column.columnDef.meta?.numeric ? 'end' : 'start'}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </Table.Cell>
              ))}
              {actions && (
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  <HStack gap="2" justify="flex-end">
                    {actions(row.original)}
                  </HStack>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
