// The screen kit: the data layer over the one query cache, the page frame and its states, the route table, and the
// list-screen pattern. A versioned entry (see README "The shared contract"): a remote gets the version it was built with.
export {
  type ApiMutation,
  type ApiMutationOptions,
  type ApiQuery,
  type ApiQueryOptions,
  type Download,
  queryKeys,
  saveFile,
  useApiMutation,
  useApiQuery,
  useDownload,
} from './data';
export { formatDate, formatDateTime, formatMoney } from './format';
export { InvoiceEvents, type InvoiceEventsProps } from './invoice-events';
export { type Columns, DataTable, type DataTableProps, nextSort, type RowSelection } from './list/data-table';
export { firstPage, PagedCards, type PagedCardsProps, type Paging } from './list/paged-cards';
export { Pagination } from './list/pagination';
export { defineResource, type Page, type Resource, resourceKey } from './list/resource';
export { ResourceList, type ResourceListProps } from './list/resource-list';
export { RowBadge, RowBox, RowButton, RowLink, type RowPalette, useRowParts } from './list/row-parts';
export { StatusSwitch, UNDO_MS } from './list/status-switch';
export { DateFilter, ExportButton, type Filter, type FilterOption, Toolbar } from './list/toolbar';
export { DEFAULT_PAGE_SIZE, type ListQuery, PAGE_SIZES, parseListQuery, useListState } from './list/url-state';
export { useMediaQuery, useNarrow } from './media';
export { NotificationCard } from './notification-card';
export { type Crumb, Page as PageLayout, type PageProps, pageWidths, Section } from './page';
export { type DayPeriod, daysOfPeriod, formatLastDay, periodOfDays } from './period';
export { type Screen, ScreenRoutes, screen } from './routes';
export { type SignUpApproval, SignUpDecision, type SignUpDecisionProps } from './sign-up-decision';
export { EmptyResult, ErrorState, LoadingState, ProgressBar, QueryView, type QueryViewProps } from './states';
export { registerKitTexts } from './texts';
