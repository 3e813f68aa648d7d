import { formatPoints } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import { type Drawing, formatMoney, type Resource } from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { type Cell, drawCell, type Translate } from './cells';
import type { Columns } from './data-table';
import { RowButton, RowLink } from './row-parts';
import type { Filter, FilterOption } from './toolbar';

/**
 * One column of a list, as declared: its header is a text key, its cell the kit's cell parts (cells.tsx). Without
 * `cell`, the item's field named `key` is shown as it is.
 */
export interface ColumnDeclaration<Item, Context = undefined> {
  /** The column's id, and the item's field it shows when it has no `cell`. */
  key: string;
  /** A text key, written only when it is not the list's `headers` prefix and the key (`${headers}.${key}`). */
  header?: string;
  /** The cell, given the row's item, the translation and the list's `context` (who is looking, say). */
  cell?: (item: Item, t: Translate, context: Context) => Cell;
  /**
   * Sortable by the API (`sort=<field>` / `sort=-<field>`): `true` by the field named as the column's key, a string
   * only when the API's field has another name; without it the column is not sortable.
   */
  sort?: true | string;
  /** Right-aligned figures (points, money). */
  numeric?: boolean;
  /** Left out of the cards on narrow screens. */
  hideOnCard?: boolean;
}

/** A declared column with its header's text key and its sort field written out, as the table reads it. */
export interface Column<Item, Context = undefined> extends Omit<ColumnDeclaration<Item, Context>, 'header' | 'sort'> {
  header: string;
  sort?: string;
}

/** A filter of the toolbar, as data: its label, its options' labels and its empty choice are text keys. */
export interface FilterDeclaration extends Omit<Filter, 'options' | 'allLabel'> {
  options?: readonly FilterOption[];
  allLabel?: string;
}

/**
 * A row's button or link, as data, with a text key for its label. A button runs the screen's handler of the same key
 * (`on` of ResourceList); a link (`to`) opens another screen.
 */
export interface RowAction<Item> {
  key: string;
  /** A text key; a `component` labels itself. */
  label?: string;
  to?: (item: Item) => string;
  /**
   * An action that holds its own state (a confirmation, then a call, with its pending state), given the row's item:
   * a component declared once at module level, drawn in place of a button.
   */
  component?: ComponentType<{ item: Item }>;
  /** The accessible name when the label alone does not say which row ("Abrir Ana Arquiteta"). */
  ariaLabel?: (item: Item, t: Translate) => string;
  /** Which rows have it; every row when not given. */
  when?: (item: Item) => boolean;
}

/**
 * A list screen, declared once at module level: what it lists, its columns, filters and row actions as data, and its
 * texts as keys. `ResourceList` draws it (see docs/recipes.md, "Add a list").
 */
export interface ListDeclaration<Item, Context = undefined> {
  /** What it lists; a screen whose resource depends on who looks (an audience) gives it to ResourceList instead. */
  // biome-ignore lint/suspicious/noExplicitAny: the declaration does not care about the resource's query type
  resource?: Resource<Item, any>;
  /** Text keys of the table's caption (read by screen readers) and of the search box's placeholder. */
  caption: string;
  search?: string;
  /** The text-key prefix of the columns' headers: a column without `header` is headed by `${headers}.${key}`. */
  headers: string;
  columns: readonly ColumnDeclaration<Item, Context>[];
  filters?: readonly FilterDeclaration[];
  /** The header's text key of the status switch column (a resource with `status`). */
  status?: string;
  actions?: readonly RowAction<Item>[];
  /** What an empty list (without search or filters) says (text keys), drawn with `drawing` and its next step. */
  empty?: EmptyDeclaration;
  /** The create/edit form in the drawer (text keys for its titles); `item` is null for "Novo". */
  form?: { create: string; edit: string; render: (item: Item | null, done: () => void) => ReactNode };
}

/**
 * An empty list's state: its title and one sentence (text keys), its drawing, and the next step as a button: a page
 * of the app (`to`), the list's own "Novo" (`create: true`, a list with a form), or a handler of the screen's `on`
 * (`on: key`, called without an item: the page's own drawer, as /invoices' sending form).
 */
export interface EmptyDeclaration {
  title: string;
  description?: string;
  drawing?: Drawing;
  next?: { label: string } & ({ to: string } | { create: true } | { on: string });
}

/**
 * A filter by a field that is true or false: the text keys of its two options, in the order written
 * (`{ false: 'customers.inside', true: 'customers.expired' }`).
 */
export const flagFilter = (
  key: string,
  label: string,
  options: Record<'true' | 'false', string>,
): FilterDeclaration => ({
  key,
  label,
  options: Object.entries(options).map(([value, option]) => ({ value, label: option })),
});

/**
 * An invoice list's value and points columns, sortable and right-aligned (headed by `${headers}.total` unless `total`
 * is another text key): the points are those `points` gives (the participant's with the bonus), and a pending invoice
 * has none yet, since the approval computes them.
 */
export const invoiceAmountColumns = (
  points: (invoice: Invoice) => number,
  total?: string,
): ColumnDeclaration<Invoice>[] => [
  {
    key: 'total',
    ...(total && { header: total }),
    sort: true,
    numeric: true,
    cell: (invoice) => formatMoney(invoice.total),
  },
  {
    key: 'points',
    sort: true,
    numeric: true,
    cell: (invoice) => (invoice.status === 'pending' ? '—' : formatPoints(points(invoice))),
  },
];

/** The filter of a list whose items are switched on and off (its status switch): "Ativo" or "Inativo". */
export const activeFilter = (label: string): FilterDeclaration =>
  flagFilter('active', label, { true: 'kit.active', false: 'kit.inactive' });

/** A declared list as ResourceList draws it: its columns' headers and sort fields written out. */
export interface DeclaredList<Item, Context = undefined>
  extends Omit<ListDeclaration<Item, Context>, 'headers' | 'columns'> {
  columns: readonly Column<Item, Context>[];
}

/** Types a module-level set of columns drawn by a DataTable of the screen's own (a list that is not a resource). */
export const defineColumns = <Item, Context = undefined>(
  headers: string,
  columns: readonly ColumnDeclaration<Item, Context>[],
): readonly Column<Item, Context>[] =>
  columns.map(({ header, sort, ...column }) => ({
    ...column,
    header: header ?? `${headers}.${column.key}`,
    sort: sort === true ? column.key : sort,
  }));

/** Types a list declaration; one per list screen, at module level. */
export const defineList = <Item, Context = undefined>({
  headers,
  columns,
  ...list
}: ListDeclaration<Item, Context>): DeclaredList<Item, Context> => ({
  ...list,
  columns: defineColumns(headers, columns),
});

const hidden = (hide: readonly string[] | undefined, key: string) => hide?.includes(key) ?? false;

/** The declared columns as the table's (TanStack) columns, with their texts in the page's language. */
export function toColumns<Item, Context>(
  columns: readonly Column<Item, Context>[],
  t: Translate,
  context: Context,
  hide?: readonly string[],
): Columns<Item> {
  return columns
    .filter((column) => !hidden(hide, column.key))
    .map((column) => ({
      id: column.key,
      accessorFn: (item: Item) => (item as Record<string, unknown>)[column.key],
      header: t(column.header),
      cell: ({ row, getValue }: { row: { original: Item }; getValue: () => unknown }) =>
        drawCell(column.cell ? column.cell(row.original, t, context) : (getValue() as Cell), t),
      meta: { sort: column.sort, numeric: column.numeric, hideOnCard: column.hideOnCard },
    }));
}

/** `toColumns` for the page's language, kept while the language, the context and what is hidden stay. */
export function useColumns<Item, Context = undefined>(
  columns: readonly Column<Item, Context>[],
  context?: Context,
  hide?: readonly string[],
): Columns<Item> {
  const { t, i18n } = useTranslation();
  const hiding = hide?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers follow the language; `hide` by its keys
  return useMemo(() => toColumns(columns, t, context as Context, hide), [columns, t, i18n.language, context, hiding]);
}

/** The declared filters with their texts, left out or given their options (`options`, by key) by the screen. */
export function toFilters(
  filters: readonly FilterDeclaration[],
  t: Translate,
  options?: Record<string, FilterOption[]>,
  hide?: readonly string[],
): Filter[] {
  return filters
    .filter((filter) => !hidden(hide, filter.key))
    .map((filter) => ({
      ...filter,
      label: t(filter.label),
      allLabel: filter.allLabel && t(filter.allLabel),
      options:
        options?.[filter.key] ?? filter.options?.map((option) => ({ value: option.value, label: t(option.label) })),
    }));
}

/** The declared row actions as the row's buttons and links. */
export function drawActions<Item>(
  actions: readonly RowAction<Item>[],
  item: Item,
  t: Translate,
  run: (key: string, item: Item) => void,
): ReactNode {
  return actions
    .filter((action) => action.when?.(item) ?? true)
    .map((action) =>
      action.component ? (
        <action.component key={action.key} item={item} />
      ) : action.to ? (
        <RowLink key={action.key} to={action.to(item)} aria-label={action.ariaLabel?.(item, t)}>
          {t(action.label ?? action.key)}
        </RowLink>
      ) : (
        <RowButton key={action.key} aria-label={action.ariaLabel?.(item, t)} onClick={() => run(action.key, item)}>
          {t(action.label ?? action.key)}
        </RowButton>
      ),
    );
}
