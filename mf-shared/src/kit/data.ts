import {
  api,
  apiErrorOf,
  COMMUNICATION_FAILURE,
  type DownloadedFile,
  firstScreen,
  i18n,
  type Result,
  toasts,
  unwrap,
} from '@especifica/mf-shared';
import type { ApiError, Task } from '@especifica/mf-shared/contracts';
import type {
  MutationObserver,
  MutationObserverOptions,
  MutationObserverResult,
  QueryClient,
  QueryKey,
  QueryObserver,
  QueryObserverOptions,
  QueryObserverResult,
} from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { loadOnce } from '../load-once';
import { TASK_POLL_MS, taskEnded } from './tasks';

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
/** Reads started before the library arrived (prefetchApiQuery), each handing its call to the cache. */
const earlyReads: ((client: QueryClient) => void)[] = [];

const loadLibrary = loadOnce(async (): Promise<QueryLibrary> => {
  await firstScreen?.ready;
  // The reads need axios too: it is asked for now, beside the library, rather than by the first read after it.
  api.http?.().catch(ignore);
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
    // Before any query observes the cache (the listeners, below): a query of the same key then finds the read on its
    // way and waits for it, rather than asking again (the header's and the dashboard's reads left twice).
    for (const handOver of earlyReads.splice(0)) handOver(queryLibrary.client);
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
  /**
   * When the last answer arrived (0 before any). An answer equal to the one kept leaves `data` the same object, so
   * what copies the answer elsewhere (the header's badge into the session) follows this, not `data`.
   */
  updatedAt: number;
  refetch: () => void;
}

/** What a screen reads of a query. */
type QueryView<T> = Omit<ApiQuery<T>, 'refetch'>;

const viewOf = <T>(result: QueryObserverResult<T, Error>): QueryView<T> => ({
  data: result.data,
  error: apiErrorOf(result.error),
  isPending: result.isPending,
  isFetching: result.isFetching,
  updatedAt: result.dataUpdatedAt,
});

const sameView = <T>(a: QueryView<T>, b: QueryView<T>) =>
  a.data === b.data &&
  a.isPending === b.isPending &&
  a.isFetching === b.isFetching &&
  a.updatedAt === b.updatedAt &&
  a.error?.msg === b.error?.msg &&
  a.error?.code === b.error?.code;

interface QueryInput<T> {
  key: QueryKey;
  fetcher: () => Promise<Result<T>>;
  options: ApiQueryOptions<T>;
}

/**
 * One `useApiQuery`'s observer and what it last showed. A query drawn before the library has arrived shows a read
 * on its way (pending, fetching while enabled); when the library arrives, the observer is made and subscribed
 * outside React, and the component is drawn again only if what it shows changes: the read's start does not draw the
 * header and the screen again in one long task.
 */
class QuerySlot<T> {
  observer: QueryObserver<T, Error, T, T, QueryKey> | undefined;
  #view: QueryView<T>;

  constructor(public input: QueryInput<T>) {
    this.#view = this.#waiting();
  }

  /** The observer's options for the latest render's input, as useQuery gives them. */
  options(library: QueryLibrary) {
    const { key, fetcher, options } = this.input;
    return library.client.defaultQueryOptions<T, Error, T, T, QueryKey>({
      queryKey: key,
      queryFn: async () => unwrap(await fetcher()),
      enabled: options.enabled,
      // Given as undefined, it would replace the client's default (30 s) with 0: every mount would read again.
      ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
      select: options.select,
      placeholderData: options.keepPrevious ? library.keepPreviousData : undefined,
      meta: { silent: options.silent === true },
    } satisfies QueryObserverOptions<T, Error, T, T, QueryKey>);
  }

  observe(library: QueryLibrary, options = this.options(library)) {
    this.observer ??= new library.QueryObserver(library.client, options);
    return this.observer;
  }

  subscribe = (changed: () => void): (() => void) => {
    let detach: () => void = ignore;
    const attach = (library: QueryLibrary) => {
      const observer = this.observe(library);
      detach = observer.subscribe(library.batchCalls(changed));
      // An answer that came between the observer's making and this subscription.
      observer.updateResult();
      changed();
    };
    if (queryLibrary) attach(queryLibrary);
    else {
      const stop = subscribeLibrary(() => {
        if (!queryLibrary) return changed();
        stop();
        attach(queryLibrary);
      });
      detach = stop;
      loadLibrary().catch(ignore);
    }
    return () => detach();
  };

  /** The same object while what it shows is the same, so that React draws nothing again for it. */
  getSnapshot = (): QueryView<T> => {
    const next = this.observer ? viewOf(this.observer.getCurrentResult()) : this.#waiting();
    if (!sameView(this.#view, next)) this.#view = next;
    return this.#view;
  };

  #waiting(): QueryView<T> {
    const failed = queryLibraryFailure !== null;
    return {
      data: undefined,
      error: queryLibraryFailure,
      isPending: !failed,
      isFetching: !failed && this.input.options.enabled !== false,
      updatedAt: 0,
    };
  }
}

/**
 * Reads through the one query cache of the runtime; `fetcher` is an API call answering [data, error]. What TanStack
 * Query's `useQuery` does, over an observer made once the library has arrived (see QueryLibrary and QuerySlot).
 */
export function useApiQuery<T>(
  key: QueryKey,
  fetcher: () => Promise<Result<T>>,
  options: ApiQueryOptions<T> = {},
): ApiQuery<T> {
  const [slot] = useState(() => new QuerySlot<T>({ key, fetcher, options }));
  // The latest input, for an observer made when the library arrives between renders.
  slot.input = { key, fetcher, options };
  const library = queryLibrary;
  const defaulted = library && slot.options(library);
  const observer = library && defaulted ? slot.observe(library, defaulted) : undefined;
  // As useQuery: what this render's options give at once (a new key's cached answer), not the last notified result.
  const result = observer && defaulted ? observer.getOptimisticResult(defaulted) : undefined;
  useEffect(() => {
    if (observer && defaulted) observer.setOptions(defaulted);
  }, [observer, defaulted]);
  const waiting = useSyncExternalStore(slot.subscribe, slot.getSnapshot);
  const view = result ? viewOf(result) : waiting;
  const refetch = useCallback(() => {
    if (slot.observer) void slot.observer.refetch();
    else loadLibrary().catch(ignore);
  }, [slot]);
  const arrived = view.data !== undefined;
  const shown = useShownInSlices(arrived);
  return {
    data: shown ? view.data : undefined,
    error: view.error,
    isPending: view.isPending || (arrived && !shown),
    isFetching: view.isFetching,
    updatedAt: shown ? view.updatedAt : 0,
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
  earlyReads.push((client) => void prefetch(client, () => answer));
  loadLibrary().catch(ignore);
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

type MutationOptions<T, V> = MutationObserverOptions<T, Error, V> & { meta: { silent: boolean } };

/**
 * One `useApiMutation`'s observer, made when the component is drawn after the library has arrived, or when a change
 * is asked for before then; the library's arrival alone draws nothing again.
 */
class MutationSlot<T, V> {
  observer: MutationObserver<T, Error, V> | undefined;
  #changed: (() => void) | undefined;
  #detach: (() => void) | undefined;
  #batch: QueryLibrary['batchCalls'] | undefined;

  constructor(public options: MutationOptions<T, V>) {}

  /** `notify`: tell React of the new observer (not while it draws, which reads it anyway). */
  observe(library: QueryLibrary, notify: boolean) {
    if (!this.observer) {
      this.observer = new library.MutationObserver(library.client, this.options);
      this.#batch = library.batchCalls;
      this.#attach();
      if (notify) this.#changed?.();
    }
    return this.observer;
  }

  subscribe = (changed: () => void): (() => void) => {
    this.#changed = changed;
    this.#attach();
    return () => {
      this.#detach?.();
      this.#detach = undefined;
      this.#changed = undefined;
    };
  };

  getSnapshot = () => this.observer?.getCurrentResult();

  #attach() {
    if (this.observer && this.#batch && this.#changed && !this.#detach) {
      this.#detach = this.observer.subscribe(this.#batch(this.#changed));
    }
  }
}

/**
 * A change through the API: toasts its outcome and refreshes what it changed. What TanStack Query's `useMutation`
 * does, over an observer made once the library has arrived; a change asked for before then waits for it.
 */
export function useApiMutation<T, V = void>(
  call: (variables: V) => Promise<Result<T>>,
  options: ApiMutationOptions<T, V> = {},
): ApiMutation<T, V> {
  const mutationOptions: MutationOptions<T, V> = {
    mutationFn: async (variables: V) => unwrap(await call(variables)),
    meta: { silent: options.silent === true },
    onSuccess: async (data: T, variables: V) => {
      const message = typeof options.success === 'function' ? options.success(data, variables) : options.success;
      if (message) toasts.success(message);
      const keys =
        typeof options.invalidates === 'function' ? options.invalidates(variables) : (options.invalidates ?? []);
      await invalidateApiQueries(keys);
    },
  };
  const [slot] = useState(() => new MutationSlot<T, V>(mutationOptions));
  // The latest options, for an observer made by a change asked for before the library arrived.
  slot.options = mutationOptions;
  if (queryLibrary) slot.observe(queryLibrary, false);
  useEffect(() => {
    slot.observer?.setOptions(mutationOptions);
  });
  const result: MutationObserverResult<T, Error, V> | undefined = useSyncExternalStore(
    slot.subscribe,
    slot.getSnapshot,
  );
  const [waiting, setWaiting] = useState(false);
  const run = useCallback(
    async (variables: V): Promise<Result<T>> => {
      let library: QueryLibrary;
      try {
        setWaiting(!queryLibrary);
        library = await loadLibrary();
      } catch {
        const failure = queryLibraryFailure ?? { msg: COMMUNICATION_FAILURE, code: 'communication' };
        if (!slot.options.meta.silent) toasts.error(failure.msg);
        return [null, failure];
      } finally {
        setWaiting(false);
      }
      try {
        return [await slot.observe(library, true).mutate(variables), null];
      } catch (error) {
        const apiError = apiErrorOf(error);
        return apiError?.code === 'silent' ? [null, null] : [null, apiError ?? { msg: String(error) }];
      }
    },
    [slot],
  );
  const reset = useCallback(() => slot.observer?.reset(), [slot]);
  return { run, isPending: waiting || (result?.isPending ?? false), error: apiErrorOf(result?.error), reset };
}

/** Refreshes every read under each key: what a mutation does after its success, and the live stream on an event. */
export async function invalidateApiQueries(keys: readonly QueryKey[]): Promise<void> {
  if (keys.length === 0) return;
  const client = (await loadLibrary()).client;
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
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

/**
 * Downloads a file of the API (exports, invoice files) with the token, showing progress and toasting a failure. An
 * export too large to stream answers with a task (202): its progress is followed here until the job has written
 * the file, which is then downloaded; the bell says so too, for whoever left the page meanwhile.
 */
export function useDownload(): Download {
  const [progress, setProgress] = useState<number | null>(null);
  const start = useCallback(async (url: string, params: Record<string, unknown>, fallbackName: string) => {
    setProgress(-1);
    let [file, error] = await api.download(url, params, (loaded, total) => setProgress(total ? loaded / total : -1));
    if (file?.task) {
      toasts.info(i18n.t('kit.task.exportStarted'));
      [file, error] = await fileOfTask(file.task, (task) =>
        setProgress(task.percent === null ? -1 : task.percent / 100),
      );
    }
    setProgress(null);
    if (error) toasts.error(error.msg);
    if (!file) return false;
    saveFile(file.blob, file.filename ?? fallbackName);
    return true;
  }, []);
  return { start, progress };
}

/** Follows an export's task until it ends, then downloads its file (or answers with why it failed). */
async function fileOfTask(started: Task, onProgress: (task: Task) => void): Promise<Result<DownloadedFile>> {
  let task = started;
  while (!taskEnded(task)) {
    onProgress(task);
    await new Promise((resolve) => setTimeout(resolve, TASK_POLL_MS));
    const [latest, error] = await api.get<Task>(`/tasks/${task.id}`);
    if (!latest) return [null, error];
    task = latest;
  }
  if (task.state === 'failed') return [null, { msg: task.error ?? '' }];
  return api.download(`/tasks/${task.id}/file`);
}
