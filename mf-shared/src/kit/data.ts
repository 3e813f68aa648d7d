import { api, apiErrorOf, type Result, toasts, unwrap } from '@especifica/mf-shared';
import type { ApiError } from '@especifica/mf-shared/contracts';
import { queryClient } from '@especifica/mf-shared/runtime/query';
import { keepPreviousData, type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useState } from 'react';

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

/** Reads through the one query cache of the runtime; `fetcher` is an API call answering [data, error]. */
export function useApiQuery<T>(
  key: QueryKey,
  fetcher: () => Promise<Result<T>>,
  options: ApiQueryOptions<T> = {},
): ApiQuery<T> {
  const query = useQuery(
    {
      queryKey: key,
      queryFn: async () => unwrap(await fetcher()),
      enabled: options.enabled,
      // Given as undefined, it would replace the client's default (30 s) with 0: every mount would read again.
      ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
      select: options.select,
      placeholderData: options.keepPrevious ? keepPreviousData : undefined,
      meta: { silent: options.silent === true },
    },
    queryClient,
  );
  const { refetch } = query;
  const arrived = query.data !== undefined;
  const shown = useShownInSlices(arrived);
  return {
    data: shown ? query.data : undefined,
    error: apiErrorOf(query.error),
    isPending: query.isPending || (arrived && !shown),
    isFetching: query.isFetching,
    refetch: useCallback(() => void refetch(), [refetch]),
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
 */
export function prefetchApiQuery<T>(key: QueryKey, fetcher: () => Promise<Result<T>>): void {
  void queryClient.prefetchQuery({
    queryKey: key,
    queryFn: async () => unwrap(await fetcher()),
    meta: { silent: true },
  });
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

/** A change through the API: toasts its outcome and refreshes what it changed. */
export function useApiMutation<T, V = void>(
  call: (variables: V) => Promise<Result<T>>,
  options: ApiMutationOptions<T, V> = {},
): ApiMutation<T, V> {
  const mutation = useMutation(
    {
      mutationFn: async (variables: V) => unwrap(await call(variables)),
      meta: { silent: options.silent === true },
      onSuccess: async (data, variables) => {
        const message = typeof options.success === 'function' ? options.success(data, variables) : options.success;
        if (message) toasts.success(message);
        const keys =
          typeof options.invalidates === 'function' ? options.invalidates(variables) : (options.invalidates ?? []);
        await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
    },
    queryClient,
  );
  const { mutateAsync } = mutation;
  const run = useCallback(
    async (variables: V): Promise<Result<T>> => {
      try {
        return [await mutateAsync(variables), null];
      } catch (error) {
        const apiError = apiErrorOf(error);
        return apiError?.code === 'silent' ? [null, null] : [null, apiError ?? { msg: String(error) }];
      }
    },
    [mutateAsync],
  );
  return { run, isPending: mutation.isPending, error: apiErrorOf(mutation.error), reset: mutation.reset };
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
