import { ApiCallError, isSilent, session, toasts } from '@especifica/mf-shared';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** A failed call toasts the server's msg unless the call opts out (`meta: { silent: true }`) or was a silent 401. */
function toastFailure(error: unknown, meta: Record<string, unknown> | undefined): void {
  if (meta?.silent === true || !(error instanceof ApiCallError) || isSilent(error)) return;
  toasts.error(error.apiError.msg);
}

/**
 * The one TanStack Query client: every remote and the shell read through this cache. Module Federation shares this
 * entry as a singleton, like the runtime, and apart from it, so that a page with no query on it (the login form)
 * does not download TanStack Query.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => toastFailure(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => toastFailure(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refused call (4xx) is an answer, not a hiccup: only a failed communication is tried again.
      retry: (count, error) => count < 1 && error instanceof ApiCallError && error.apiError.code === 'communication',
      refetchOnWindowFocus: false,
    },
  },
});

// Another person's data must never show: the cache goes with the token (logout, a 401, an account switch).
let token = session.value.user?.accessToken ?? null;
session.changes.subscribe((state) => {
  const next = state.user?.accessToken ?? null;
  if (next !== token) queryClient.clear();
  token = next;
});
