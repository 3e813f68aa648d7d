import { Button } from '@chakra-ui/react';
import { Drawer } from '@especifica/mf-shared/controls';
import {
  EmptyResult,
  type EmptyResultProps,
  ErrorState,
  type ListQuery,
  LoadingState,
  NoMatch,
  type Resource,
  resourceKey,
  useApiQuery,
  useDownload,
  useListState,
  useNarrow,
} from '@especifica/mf-shared/kit';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { Columns, RowSelection } from './data-table';
import { type DeclaredList, drawActions, type EmptyDeclaration, toFilters, useColumns } from './declare';
import { Pagination } from './pagination';
import { RowButton } from './row-parts';
import { DataTable, StatusSwitch } from './rows';
import { ExportButton, type Filter, type FilterOption, Toolbar } from './toolbar';

/**
 * A list declared at module level (`defineList`, declare.tsx), with what only the screen knows: the resource when it
 * depends on who looks, the handlers of its row buttons by key, filter options that arrive from the API, the columns
 * and filters a variant of the screen leaves out, and the context its cells read.
 */
export interface DeclaredListProps<Item, Query extends ListQuery, Context> {
  list: DeclaredList<Item, Context>;
  resource?: Resource<Item, Query>;
  on?: Partial<Record<string, (item: Item) => void>>;
  options?: Record<string, FilterOption[]>;
  hide?: readonly string[];
  context?: Context;
  /** The caption's text key when the screen names the list otherwise than its declaration (a tab, an origin). */
  caption?: string;
  /** Checkboxes to choose rows for a bulk action (see DataTable). */
  selection?: RowSelection<Item>;
}

/**
 * The list screen pattern, for a list declared at module level: toolbar, table or cards, pagination, states, status
 * switch with undo, form drawer. It is the one way to draw a list screen: its cells hold only the kit's cell parts.
 */
export function ResourceList<Item, Query extends ListQuery, Context = undefined>({
  list,
  resource = list.resource,
  on,
  options,
  hide,
  context,
  caption = list.caption,
  selection,
}: DeclaredListProps<Item, Query, Context>) {
  const { t, i18n } = useTranslation();
  // The handlers are read at the click: a new object at each render of the screen does not draw the rows again.
  const handlers = useRef(on);
  handlers.current = on;
  const columns = useColumns(list.columns, context as Context, hide);
  const hiding = hide?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts follow the language; `hide` by its keys
  const filters = useMemo(
    () => list.filters && toFilters(list.filters, t, options, hide),
    [list.filters, t, i18n.language, options, hiding],
  );
  const rowActions = useMemo(() => {
    const { actions } = list;
    const run = (key: string, item: Item) => handlers.current?.[key]?.(item);
    return actions?.length ? (item: Item) => drawActions(actions, item, t, run) : undefined;
  }, [list, t]);
  const form = useMemo(() => {
    const declared = list.form;
    return declared && { render: declared.render, createTitle: t(declared.create), editTitle: t(declared.edit) };
  }, [list.form, t]);
  const { empty } = list;
  // The empty state's next step: the list's "Novo" is known only inside the view, so it is handed over as `create`.
  const emptyState = useMemo(
    () => empty && toEmpty(empty, t, (key) => handlers.current?.[key]?.(undefined as Item)),
    [empty, t],
  );
  if (!resource) throw new Error(`the list "${list.caption}" has no resource`);
  return (
    <ListView
      resource={resource}
      columns={columns}
      caption={t(caption)}
      search={list.search && t(list.search)}
      filters={filters}
      statusColumn={list.status && t(list.status)}
      rowActions={rowActions}
      form={form}
      empty={emptyState}
      selection={selection}
    />
  );
}

/** What the declaration becomes for the list's view: its texts translated, its columns the table's (TanStack) own. */
interface ListViewProps<Item, Query extends ListQuery> {
  resource: Resource<Item, Query>;
  columns: Columns<Item>;
  /** Shows the search box; the placeholder says what is searched ("Nome, e-mail ou CPF"). */
  search?: string;
  filters?: Filter[];
  /** Shows the status switch column. */
  statusColumn?: string;
  /** Buttons of each row besides "Editar". */
  rowActions?: (item: Item) => ReactNode;
  /** The create/edit form inside the drawer: `item` is null for "Novo"; call `done` after saving. */
  form?: { render: (item: Item | null, done: () => void) => ReactNode; createTitle: string; editTitle: string };
  /** What an empty list (without search or filters) says, and its next step (`create` opens the form's drawer). */
  empty?: EmptyResultProps & { create?: string };
  caption: string;
  /** Checkboxes to choose rows for a bulk action (see DataTable). */
  selection?: RowSelection<Item>;
}

function ListView<Item, Query extends ListQuery>({
  resource,
  columns,
  search,
  filters,
  statusColumn,
  rowActions,
  form,
  empty,
  caption,
  selection,
}: ListViewProps<Item, Query>) {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const [query, update, settled] = useListState(resource.query, resource.defaults);
  const key = [...resourceKey(resource), query];
  const list = useApiQuery(key, () => resource.list(query), { keepPrevious: true, silent: true, enabled: settled });
  const download = useDownload();
  const [editing, setEditing] = useState<{ item: Item | null } | null>(null);

  // Memoized: TanStack renders a cell function as a component, so a new function would remount the switch.
  const allColumns = useMemo(() => withStatus(resource, columns, statusColumn), [resource, columns, statusColumn]);

  const filtered =
    Boolean(query.search) ||
    (filters ?? []).some((filter) => (query as Record<string, unknown>)[filter.key] !== undefined);
  const exports = resource.exports;
  const creates = Boolean(form);

  // The toolbar and the table get the same props while nothing of theirs changes (a drawer opening, the filters'
  // options arriving): they are memoized, so a page of rows is not drawn again for state that is not theirs.
  const onSearch = useCallback(
    (value: string) => update({ search: value } as Partial<Query>, { replace: true }),
    [update],
  );
  const searchBox = useMemo(
    () => (search ? { value: query.search ?? '', placeholder: search, onChange: onSearch } : undefined),
    [search, query.search, onSearch],
  );
  const onFilter = useCallback(
    (name: string, value: string) => update({ [name]: value || undefined } as Partial<Query>),
    [update],
  );
  const filterBar = useMemo(
    () => filters && { items: filters, values: query as Record<string, unknown>, onChange: onFilter },
    [filters, query, onFilter],
  );
  const { start, progress } = download;
  const toolbarActions = useMemo(() => {
    const params = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'page' && name !== 'limit'));
    return (
      <>
        {exports?.csv && (
          <ExportButton
            label={t('kit.exportCsv')}
            progress={progress}
            onClick={() => exports.csv && void start(exports.csv.url, params, exports.csv.filename)}
          />
        )}
        {exports?.xlsx && (
          <ExportButton
            label={t('kit.exportXlsx')}
            progress={progress}
            onClick={() => exports.xlsx && void start(exports.xlsx.url, params, exports.xlsx.filename)}
          />
        )}
        {creates && (
          <Button colorPalette="primary" onClick={() => setEditing({ item: null })}>
            {t('kit.create')}
          </Button>
        )}
      </>
    );
  }, [exports, query, progress, start, creates, t]);
  const onSort = useCallback((sort: string | undefined) => update({ sort } as Partial<Query>), [update]);
  const actions = useMemo(
    () =>
      creates || rowActions
        ? (item: Item) => (
            <>
              {rowActions?.(item)}
              {creates && <RowButton onClick={() => setEditing({ item })}>{t('kit.edit')}</RowButton>}
            </>
          )
        : undefined,
    [creates, rowActions, t],
  );

  return (
    <>
      <Toolbar search={searchBox} filters={filterBar} actions={toolbarActions} />
      {list.data ? (
        list.data.items.length === 0 ? (
          filtered ? (
            <NoMatch
              onClear={() =>
                update({
                  search: undefined,
                  ...Object.fromEntries((filters ?? []).map((f) => [f.key, undefined])),
                } as Partial<Query>)
              }
            />
          ) : (
            <EmptyResult
              {...empty}
              next={empty?.create ? { label: empty.create, onClick: () => setEditing({ item: null }) } : empty?.next}
            />
          )
        ) : (
          <>
            <DataTable
              columns={allColumns}
              rows={list.data.items}
              rowId={resource.id}
              sort={query.sort}
              onSort={onSort}
              cards={narrow}
              caption={caption}
              selection={selection}
              actions={actions}
            />
            <Pagination
              page={query.page}
              limit={query.limit}
              total={list.data.total}
              onPage={(page) => update({ page } as Partial<Query>, { keepPage: true })}
              onLimit={(limit) => update({ limit } as Partial<Query>)}
            />
          </>
        )
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={list.refetch} />
      ) : (
        <LoadingState kind={narrow ? 'cards' : 'table'} />
      )}
      {form && (
        <Drawer
          open={editing !== null}
          onClose={() => setEditing(null)}
          title={editing?.item ? form.editTitle : form.createTitle}
        >
          {editing && form.render(editing.item, () => setEditing(null))}
        </Drawer>
      )}
    </>
  );
}

/** An empty state as declared (text keys) for the view: its texts translated, a handler's step bound to `run`. */
function toEmpty(
  empty: EmptyDeclaration,
  t: (key: string) => string,
  run: (key: string) => void,
): ListViewProps<unknown, ListQuery>['empty'] {
  const { next } = empty;
  const shown = {
    title: t(empty.title),
    description: empty.description && t(empty.description),
    drawing: empty.drawing,
  };
  if (!next) return shown;
  const label = t(next.label);
  if ('create' in next) return { ...shown, create: label };
  return { ...shown, next: 'to' in next ? { label, to: next.to } : { label, onClick: () => run(next.on) } };
}

function withStatus<Item, Query extends ListQuery>(
  resource: Resource<Item, Query>,
  columns: Columns<Item>,
  header: string | undefined,
): Columns<Item> {
  const { status } = resource;
  if (!status || !header) return columns;
  const invalidates = [resourceKey(resource), ...(resource.alsoInvalidates ?? [])];
  return [
    ...columns,
    {
      id: 'status',
      header,
      cell: ({ row }) => (
        <StatusSwitch
          active={status.isActive(row.original)}
          name={resource.label(row.original)}
          change={(active) => status.change(row.original, active)}
          invalidates={invalidates}
        />
      ),
    },
  ];
}
