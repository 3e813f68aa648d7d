import {
  api,
  apiErrorOf,
  COMMUNICATION_FAILURE,
  firstScreen,
  type Result,
  toasts,
  unwrap,
} from '@especifica/mf-shared';
import type { ApiError } from '@especifica/mf-shared/contracts';
import type {
  MutationObserver,
  MutationObserverResult,
  QueryClient,
  QueryKey,
  QueryObserver,
  QueryObserverOptions,
  QueryObserverResult,
} from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { loadOnce } from '../load-once';

/**
 * TanStack Query and the one query client (`/runtime/query`), 13 KB compressed, are not needed to draw a screen's
 * first frame: its reads wait for the first screen to be shown (FirstScreen) anyway. They are asked for then, beside
 * axios and the rows' code, rather than with the code that draws the screen; until they arrive, a query is pending.
 * Both are shared singletons, so every remote reads through the same cache. A runtime before 2.1.0 (an older
 * shell's) has no `firstScreen`: they are asked for at once.
 */
interface QueryLibrary {
  client: QueryClient;
  QueryObserver: typeof QueryObserver;
  MutationObserver: typeof MutationObserver;
  batchCalls: <T extends unknown[]>(callback: (...args: T) => void) => (...args: T) => void;
  keepPreviousData: <T>(previous: T) => T | undefined;
}

const ignore = () => undefined;

/** The library once it has arrived, or why it could not. */
let queryLibrary: QueryLibrary | undefined;
let queryLibraryFailure: ApiError | null = null;
const libraryListeners = new Set<() => void>();

const loadLibrary = loadOnce(async (): Promise<QueryLibrary> => {
  await firstScreen?.ready;
  try {
    const [query, runtime] = await Promise.all([
      import('@tanstack/react-query'),
      import('@especifica/mf-shared/runtime/query'),
    ]);
    queryLibrary = {
      client: runtime.queryClient,
      QueryObserver: query.QueryObserver,
      MutationObserver: query.MutationObserver,
      batchCalls: (callback) => query.notifyManager.batchCalls(callback),
      keepPreviousData: query.keepPreviousData,
    };
    queryLibraryFailure = null;
    return queryLibrary;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    queryLibraryFailure = { msg: `${COMMUNICATION_FAILURE} (Erro: ${reason})`, code: 'communication' };
    throw cause;
  } finally {
    for (const listener of libraryListeners) listener();
  }
});

function subscribeLibrary(listener: () => void): () => void {
  libraryListeners.add(listener);
  return () => libraryListeners.delete(listener);
}

/** The query library once it has arrived (asking for it on mount), and the error of a load that failed. */
function useLibrary(): { library: QueryLibrary | undefined; failure: ApiError | null } {
  const library = useSyncExternalStore(subscribeLibrary, () => queryLibrary);
  const failure = useSyncExternalStore(subscribeLibrary, () => queryLibraryFailure);
  useEffect(() => {
    if (!queryLibrary) loadLibrary().catch(ignore);
  }, []);
  return { library, failure };
}

/**
 * Query keys by what they describe. A key is a path: invalidating a prefix refreshes everything under it, so a
 * mutation that moves a participant's points invalidates `participant` and the header, dashboard and extract follow.
 */
export const queryKeys = {
  participant: ['participant'] as const,
  standing: ['participant', 'standing'] as const,
  cms: ['cms'] as const,
  resource: (name: string) => ['resource', name] as const,
};

export interface ApiQueryOptions<T> {
  enabled?: boolean;
  /** No toast when the call fails: the screen shows the error itself. */
  silent?: boolean;
  staleTime?: number;
  /** Keep showing the previous page's rows while the next page loads. */
  keepPrevious?: boolean;
  select?: (data: T) => T;
}

export interface ApiQuery<T> {
  data: T | undefined;
  error: ApiError | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => void;
}

/**
 * Reads through the one query cache of the runtime; `fetcher` is an API call answering [data, error]. What TanStack
 * Query's `useQuery` does, over an observer made once the library has arrived (see QueryLibrary).
 */
export function useApiQuery<T>(
  key: QueryKey,
  fetcher: () => Promise<Result<T>>,
  options: ApiQueryOptions<T> = {},
): ApiQuery<T> {
  const { library, failure } = useLibrary();
  const [observers] = useState<{ query?: QueryObserver<T, Error, T, T, QueryKey> }>(() => ({}));
  const defaulted = library?.client.defaultQueryOptions<T, Error, T, T, QueryKey>({
    queryKey: key,
    queryFn: async () => unwrap(await fetcher()),
    enabled: options.enabled,
    // Given as undefined, it would replace the client's default (30 s) with 0: every mount would read again.
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    select: options.select,
    placeholderData: options.keepPrevious ? library.keepPreviousData : undefined,
    meta: { silent: options.silent === true },
  } satisfies QueryObserverOptions<T, Error, T, T, QueryKey>);
  // Shown as fetching from the first render, not one render later, as useQuery does.
  if (defaulted) defaulted._optimisticResults = 'optimistic';
  if (library && defaulted && !observers.query) observers.query = new library.QueryObserver(library.client, defaulted);
  const observer = observers.query;
  const result = observer && defaulted ? observer.getOptimisticResult(defaulted) : undefined;
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  }, [observer, defaulted]);
  useSyncExternalStore(
    useCallback(
      (changed: () => void) => {
        if (!observer || !library) return ignore;
        const unsubscribe = observer.subscribe(library.batchCalls(changed));
        // An answer that came between the observer's making and this subscription.
        observer.updateResult();
        return unsubscribe;
      },
      [observer, library],
    ),
    () => observer?.getCurrentResult(),
  );
  // Re-rendered only when a field read below changes, as useQuery's result is.
  const tracked: QueryObserverResult<T, Error> | undefined = result && observer?.trackResult(result);
  const refetch = useCallback(() => {
    if (observer) void observer.refetch();
    else loadLibrary().catch(ignore);
  }, [observer]);
  const arrived = tracked?.data !== undefined;
  const shown = useShownInSlices(arrived);
  return {
    data: shown ? tracked?.data : undefined,
    error: tracked ? apiErrorOf(tracked.error) : failure,
    isPending: tracked ? tracked.isPending || (arrived && !shown) : failure === null,
    isFetching: tracked?.isFetching ?? false,
    refetch,
  };
}

/**
 * Whether a query's first answer may be shown yet. The query cache tells React of an answer through
 * useSyncExternalStore, whose renders are never sliced: the answer that replaces a screen's placeholder with its
 * content (hundreds of Chakra elements) was one long task, during which a tap waited. The first answer is instead
 * shown in a transition, which React renders in slices of a few milliseconds; one read from the cache at mount, and
 * every later answer (a refetch, the next page), is shown at once.
 */
function useShownInSlices(arrived: boolean): boolean {
  const [shown, setShown] = useState(arrived);
  useEffect(() => {
    if (arrived && !shown) startTransition(() => setShown(true));
  }, [arrived, shown]);
  return shown;
}

/**
 * Starts a screen's first read before the screen's code has arrived (see `screen`'s `prefetch`), into the same
 * cache entry its `useApiQuery(key, fetcher)` will read: the call then runs in parallel with the chunk's download
 * and the first render instead of after them. A failure is not toasted here; the screen's own query reads again.
 * Before the query library has arrived the cache is empty: the call leaves at once (once the first screen is shown)
 * and its answer is handed to the cache when the library arrives, rather than leaving after the library.
 */
export function prefetchApiQuery<T>(key: QueryKey, fetcher: () => Promise<Result<T>>): void {
  const prefetch = (client: QueryClient, answer: () => Promise<Result<T>>) =>
    client.prefetchQuery({ queryKey: key, queryFn: async () => unwrap(await answer()), meta: { silent: true } });
  if (queryLibrary) {
    void prefetch(queryLibrary.client, fetcher);
    return;
  }
  const answer = fetcher();
  loadLibrary()
    .then((loaded) => prefetch(loaded.client, () => answer))
    .catch(ignore);
}

export interface ApiMutationOptions<T, V> {
  /** What this change makes stale: each key (or prefix) is refetched after a success. */
  invalidates?: QueryKey[] | ((variables: V) => QueryKey[]);
  /** A success toast: a text, or one made from the answer (the spec's texts, or the server's msg). */
  success?: string | ((data: T, variables: V) => string | null);
  /** No error toast: the caller shows the error (e.g. on the form's fields). */
  silent?: boolean;
}

export interface ApiMutation<T, V> {
  /** Runs the call; resolves the spec's [data, error] pair and never throws. */
  run: (variables: V) => Promise<Result<T>>;
  isPending: boolean;
  error: ApiError | null;
  reset: () => void;
}

/**
 * A change through the API: toasts its outcome and refreshes what it changed. What TanStack Query's `useMutation`
 * does, over an observer made once the library has arrived; a change asked for before then waits for it.
 */
export function useApiMutation<T, V = void>(
  call: (variables: V) => Promise<Result<T>>,
  options: ApiMutationOptions<T, V> = {},
): ApiMutation<T, V> {
  const { library } = useLibrary();
  const [observers] = useState<{ mutation?: MutationObserver<T, Error, V> }>(() => ({}));
  const [waiting, setWaiting] = useState(false);
  const mutationOptions = {
    mutationFn: async (variables: V) => unwrap(await call(variables)),
    meta: { silent: options.silent === true },
    onSuccess: async (data: T, variables: V) => {
      const message = typeof options.success === 'function' ? options.success(data, variables) : options.success;
      if (message) toasts.success(message);
      const keys =
        typeof options.invalidates === 'function' ? options.invalidates(variables) : (options.invalidates ?? []);
      const client = (await loadLibrary()).client;
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  };
  const latest = useRef(mutationOptions);
  useEffect(() => {
    latest.current = mutationOptions;
    observers.mutation?.setOptions(mutationOptions);
  });
  if (library && !observers.mutation) {
    observers.mutation = new library.MutationObserver(library.client, mutationOptions);
  }
  const observer = observers.mutation;
  const result: MutationObserverResult<T, Error, V> | undefined = useSyncExternalStore(
    useCallback(
      (changed: () => void) => (observer && library ? observer.subscribe(library.batchCalls(changed)) : ignore),
      [observer, library],
    ),
    () => observer?.getCurrentResult(),
  );
  const run = useCallback(
    async (variables: V): Promise<Result<T>> => {
      let loaded: QueryLibrary;
      try {
        setWaiting(!queryLibrary);
        loaded = await loadLibrary();
      } catch {
        const failure = queryLibraryFailure ?? { msg: COMMUNICATION_FAILURE, code: 'communication' };
        if (!latest.current.meta.silent) toasts.error(failure.msg);
        return [null, failure];
      } finally {
        setWaiting(false);
      }
      observers.mutation ??= new loaded.MutationObserver(loaded.client, latest.current);
      try {
        return [await observers.mutation.mutate(variables), null];
      } catch (error) {
        const apiError = apiErrorOf(error);
        return apiError?.code === 'silent' ? [null, null] : [null, apiError ?? { msg: String(error) }];
      }
    },
    [observers],
  );
  const reset = useCallback(() => observers.mutation?.reset(), [observers]);
  return { run, isPending: waiting || (result?.isPending ?? false), error: apiErrorOf(result?.error), reset };
}

/** Saves a Blob under a file name, the way a browser download does. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export interface Download {
  start: (url: string, params: Record<string, unknown>, fallbackName: string) => Promise<boolean>;
  /** null when idle; 0-1 while the size is known; -1 while the server streams without a length. */
  progress: number | null;
}

/** Downloads a file of the API (exports, invoice files) with the token, showing progress and toasting a failure. */
export function useDownload(): Download {
  const [progress, setProgress] = useState<number | null>(null);
  const start = useCallback(async (url: string, params: Record<string, unknown>, fallbackName: string) => {
    setProgress(-1);
    const [file, error] = await api.download(url, params, (loaded, total) => setProgress(total ? loaded / total : -1));
    setProgress(null);
    if (error) toasts.error(error.msg);
    if (!file) return false;
    saveFile(file.blob, file.filename ?? fallbackName);
    return true;
  }, []);
  return { start, progress };
}
