import { firstScreen } from '@especifica/mf-shared';
import { useSearchParams } from '@especifica/mf-shared/router';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { loadOnce } from '../../load-once';

/** What every list query has: the page, its size, and optionally a search and a sort. */
export interface ListQuery {
  page: number;
  limit: number;
  search?: string;
  sort?: string;
}

/** The list query contracts are zod schemas; only their parsing is needed here. */
export interface QuerySchema<Q> {
  safeParse(
    value: unknown,
  ): { success: true; data: Q } | { success: false; error: { issues: { path: PropertyKey[] }[] } };
}

/**
 * A list's query contract that arrives after the list's first screen: zod and the contract (10 KB and more
 * compressed) are not needed to draw a list's heading and toolbar, and the list's read waits for the first screen to
 * be shown anyway (FirstScreen). The list asks for the contract when it mounts, and it leaves once the first screen
 * is shown, beside the read's other files; until it arrives the toolbar shows the URL's values as they are and the
 * read waits. A runtime before 2.1.0 (an older shell's) has no `firstScreen`: it leaves at once.
 */
export interface DeferredQuerySchema<Q> {
  /** The contract, once it has arrived. */
  loaded: () => QuerySchema<Q> | undefined;
  load: () => Promise<QuerySchema<Q>>;
}

export type QueryContract<Q> = QuerySchema<Q> | DeferredQuerySchema<Q>;

/** A contract loaded apart, e.g. `deferredQuerySchema(() => import('./query').then((m) => m.invoicesQuerySchema))`. */
export function deferredQuerySchema<Q>(load: () => Promise<QuerySchema<Q>>): DeferredQuerySchema<Q> {
  let schema: QuerySchema<Q> | undefined;
  return {
    loaded: () => schema,
    // Not asked for when the module is evaluated: a screen's code can arrive before the first screen is held.
    load: loadOnce(async () => {
      await firstScreen?.ready;
      schema = await load();
      return schema;
    }),
  };
}

const isDeferred = <Q>(contract: QueryContract<Q>): contract is DeferredQuerySchema<Q> => 'load' in contract;

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * Reads a list's query from the URL with the same zod contract the server validates. A value the contract refuses
 * (an edited or stale link) is dropped rather than breaking the page.
 */
export function parseListQuery<Q>(
  schema: QuerySchema<Q>,
  params: URLSearchParams,
  defaults: Record<string, unknown>,
): Q {
  const base: Record<string, unknown> = { limit: DEFAULT_PAGE_SIZE, ...defaults };
  const raw: Record<string, unknown> = { ...base };
  for (const [key, value] of params) if (value !== '') raw[key] = value;
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    let changed = false;
    for (const name of new Set(result.error.issues.map((issue) => String(issue.path[0])))) {
      if (name in base ? raw[name] !== base[name] : name in raw) {
        if (name in base) raw[name] = base[name];
        else delete raw[name];
        changed = true;
      }
    }
    if (!changed) break;
  }
  const fallback = schema.safeParse(base);
  if (fallback.success) return fallback.data;
  throw new Error('The list query contract refuses its own defaults.');
}

/**
 * A list's query as the URL gives it, before its contract has arrived (DeferredQuerySchema): the page and its size as
 * numbers, the rest as the URL's text. Drawn (the toolbar's values) while the contract is on its way, and sent only
 * if it cannot arrive.
 */
function unparsedListQuery<Q>(params: URLSearchParams, defaults: Record<string, unknown>): Q {
  const raw: Record<string, unknown> = { page: 1, limit: DEFAULT_PAGE_SIZE, ...defaults };
  for (const [key, value] of params) if (value !== '') raw[key] = value;
  for (const key of ['page', 'limit']) raw[key] = Number(raw[key]) || (key === 'page' ? 1 : DEFAULT_PAGE_SIZE);
  return raw as Q;
}

/**
 * The contract to parse the URL with: at once for a plain one, or once a deferred one has arrived. A deferred
 * contract that cannot arrive (its file failed) leaves the URL's values unparsed: the server, which checks the same
 * contract, then answers the read with its own message.
 */
function useContract<Q>(contract: QueryContract<Q>): { schema: QuerySchema<Q> | undefined; settled: boolean } {
  const plain = isDeferred(contract) ? contract.loaded() : contract;
  const [failed, setFailed] = useState(false);
  const [, arrived] = useState<QuerySchema<Q>>();
  useEffect(() => {
    if (plain || !isDeferred(contract)) return;
    let live = true;
    // In a transition: the screen drawn again with the contract (its toolbar, its read starting) is rendered in
    // slices, not in one task.
    contract.load().then(
      (schema) => live && startTransition(() => arrived(() => schema)),
      () => live && startTransition(() => setFailed(true)),
    );
    return () => {
      live = false;
    };
  }, [contract, plain]);
  return { schema: plain, settled: plain !== undefined || failed };
}

function sameValues(a: object, b: object): boolean {
  const entries = Object.entries(a);
  return (
    entries.length === Object.keys(b).length &&
    entries.every(([key, value]) => Object.is(value, (b as Record<string, unknown>)[key]))
  );
}

export interface ListStateUpdate {
  /** Keep the current page (paging itself); anything else goes back to page 1. */
  keepPage?: boolean;
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/**
 * A list's page, size, search, filters and sort, kept in the URL: a view can be bookmarked and shared and survives
 * reload and back.
 */
export function useListState<Q extends ListQuery>(contract: QueryContract<Q>, defaults: Record<string, unknown> = {}) {
  const [params, setParams] = useSearchParams();
  const defaultsKey = JSON.stringify(defaults);
  const { schema, settled } = useContract(contract);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are compared by value
  const read = useMemo(
    () => (schema ? parseListQuery(schema, params, defaults) : unparsedListQuery<Q>(params, defaults)),
    [schema, params, defaultsKey],
  );
  // The same object when the contract's arrival changes no value (a list opened without filters): the toolbar and
  // the rest memoized on the query are not drawn again for it.
  const last = useRef(read);
  if (!sameValues(last.current, read)) last.current = read;
  const query = last.current;
  // React Router hands a functional update the params of the last render, not those of an update still on its way:
  // two filters changed before the page renders again (two dates typed in a row) would keep only the second. Each
  // update starts from the latest one instead. The router renders a navigation in a transition, so a render may still
  // show the params from before an update; only a committed navigation that is none of ours (back, a link) replaces
  // the latest params, and one of ours only clears the updates it has caught up with.
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const caughtUp = pending.current.indexOf(params.toString());
    if (caughtUp === -1) {
      latest.current = params;
      pending.current = [];
    } else pending.current = pending.current.slice(caughtUp + 1);
  }, [params]);
  const update = useCallback(
    (patch: Partial<Q>, { keepPage = false, replace = false }: ListStateUpdate = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [name, value] of Object.entries(patch)) {
        const fallback =
          name === 'limit' ? DEFAULT_PAGE_SIZE : (JSON.parse(defaultsKey) as Record<string, unknown>)[name];
        if (value === undefined || value === null || value === '' || value === fallback) next.delete(name);
        else next.set(name, String(value));
      }
      if (!keepPage) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      // A navigation to the same address renders nothing new, so only a changed one waits to be caught up with.
      if (next.toString() !== latest.current.toString()) pending.current.push(next.toString());
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams, defaultsKey],
  );
  /** `settled`: the query has been read with its contract (or its contract could not arrive); a read waits for it. */
  return [query, update, settled] as const;
}
