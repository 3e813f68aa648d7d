// The list-screen pattern's components: the data table (TanStack Table), cards, pagination, toolbar, status switch and
// the resource list that puts them together. A versioned entry of its own (see README "The shared contract"), loaded
// only by the pages that show a list; its model (resources, URL state) is in `@especifica/mf-shared/kit`.
export { type Cell, type CellPart, cell, type Translate } from './cells';
export type { Columns, DataTableProps, RowSelection } from './data-table';
export {
  activeFilter,
  type Column,
  type ColumnDeclaration,
  type DeclaredList,
  defineColumns,
  defineList,
  type FilterDeclaration,
  flagFilter,
  invoiceAmountColumns,
  type ListDeclaration,
  type RowAction,
  useColumns,
} from './declare';
export { firstPage, PagedCards, type PagedCardsProps, type Paging } from './paged-cards';
export { Pagination } from './pagination';
export { type DeclaredListProps, ResourceList } from './resource-list';
export {
  RowBadge,
  RowBox,
  RowButton,
  RowLink,
  type RowPalette,
  RowText,
  type RowTone,
  useRowParts,
} from './row-parts';
export { DataTable, StatusSwitch } from './rows';
export { nextSort } from './sort';
export type { StatusSwitchProps } from './status-switch';
export { DateFilter, ExportButton, type Filter, type FilterOption, Toolbar } from './toolbar';
export { UNDO_MS } from './undo';
