// The screen kit: the data layer over the one query cache, the page frame and its states, the route table, and the
// list-screen pattern's model (resources and the list's URL state); the list's components are `@especifica/mf-shared/list`,
// so a page without a list (and the shell's header) does not load the table. A versioned entry (see README "The shared
// contract"): a remote gets the version it was built with.
export { afterFirstScreen, Deferred, type DeferredPart } from './after-first-screen';
export {
  type BadgeConcept,
  type BadgeState,
  badgeConcepts,
  badgeOptions,
  badgePalette,
  badgeText,
  StateBadge,
} from './badges';
export { ButtonLink, type ButtonLinkProps } from './button-link';
export { Celebration, type CelebrationProps } from './celebration';
export {
  type ApiMutation,
  type ApiMutationOptions,
  type ApiQuery,
  type ApiQueryOptions,
  type Download,
  invalidateApiQueries,
  prefetchApiQuery,
  queryKeys,
  saveFile,
  useApiMutation,
  useApiQuery,
  useDownload,
} from './data';
export { useDebounced } from './debounced';
export { type Drawing, FieldDrawing, type FieldDrawingProps } from './drawings';
export { EmptyResult, type EmptyResultProps, type NextStep, NoMatch } from './empty-state';
export { formatDate, formatDateTime, formatMoney, type MapAddress, mapSearchUrl } from './format';
export { AutomaticReviewChecks, InvoiceEvents, type InvoiceEventsProps } from './invoice-events';
export { defineResource, type Page, type Resource, resourceKey } from './list/resource';
export {
  DEFAULT_PAGE_SIZE,
  type DeferredQuerySchema,
  deferredQuerySchema,
  type ListQuery,
  PAGE_SIZES,
  parseListQuery,
  type QueryContract,
  useListState,
} from './list/url-state';
export { useLiveUpdates } from './live';
export { useMediaQuery, useNarrow } from './media';
export { NotificationCard } from './notification-card';
export { CardSection, type Crumb, Page as PageLayout, type PageProps, Section } from './page';
export { pageWidths } from './page-widths';
export { type DayPeriod, daysOfPeriod, formatLastDay, periodOfDays } from './period';
export { preloadScreenAt, type Screen, ScreenRoutes, screen } from './routes';
export { getMyRules, myRulesKey, scoreShown, useMyRules } from './rules';
export { PICKER_SHOWN, SearchPicker, type SearchPickerProps } from './search-picker';
export { type SignUpApproval, SignUpDecision, type SignUpDecisionProps } from './sign-up-decision';
export { ErrorState, LoadingState, ProgressBar, QueryView, type QueryViewProps } from './states';
export { TaskProgress } from './task-progress';
export { currentTask, TASK_POLL_MS, TASK_SHOWN_MS, taskEnded, useTask } from './tasks';
export { registerKitTexts } from './texts';
