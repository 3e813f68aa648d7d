import type { Result } from '@especifica/mf-shared';
import type { QueryKey } from '@tanstack/react-query';
import type { ListQuery, QueryContract } from './url-state';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * A list screen's data, declared once: its list call with the query contract the server validates, and the calls
 * that change it. The professional/shop twins of the CMS menu are one resource made for an audience
 * (`extraPoints('professional')`), not two screens.
 */
export interface Resource<Item, Query extends ListQuery = ListQuery> {
  /** The cache key, and what a change invalidates. */
  name: string;
  /** The query's contract, or one that arrives after the first screen (`deferredQuerySchema`). */
  query: QueryContract<Query>;
  /** Values of the query when the URL says nothing (a default sort, a default filter). */
  defaults?: Partial<Query>;
  list: (query: Query) => Promise<Result<Page<Item>>>;
  id: (item: Item) => string;
  /** How a person calls an item (toasts, confirmations, screen readers). */
  label: (item: Item) => string;
  /** Active/inactive, with the call that changes it. */
  status?: { isActive: (item: Item) => boolean; change: (item: Item, active: boolean) => Promise<Result<unknown>> };
  /** The export of the list as filtered: the API route and the file name when the server names none. */
  exports?: { csv?: { url: string; filename: string }; xlsx?: { url: string; filename: string } };
  /** Other cached data a change of this resource moves (e.g. a participant's standing). */
  alsoInvalidates?: QueryKey[];
}

/** Types a resource; one line per list screen. */
export const defineResource = <Item, Query extends ListQuery>(resource: Resource<Item, Query>) => resource;

export const resourceKey = (resource: Pick<Resource<unknown>, 'name'>) => ['resource', resource.name] as const;
