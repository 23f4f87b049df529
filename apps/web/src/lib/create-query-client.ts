import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';
import { notifyError } from './notify.ts';

/** Client errors other than throttling will not succeed on retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500 && error.status !== 429) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Background failures toast once (lib/toast.ts drops duplicates): a query with data on screen
    // keeps showing it (QueryState), so the toast is what says the refresh failed. A query that
    // has no data yet is shown by its screen as the inline error with Retry: a toast as well
    // would say it twice (accounts spec §8 "errors appear as toasts without duplicates").
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent && query.state.data !== undefined) notifyError(error);
      },
    }),
    // Mutations handle their own errors where a form shows them inline (meta.silent).
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) notifyError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 5_000, refetchOnWindowFocus: true },
      // A change is sent when asked for, never held while the API is unreachable and sent on
      // reconnection: a reboot or delete confirmed offline ran minutes later, unasked. Offline it
      // fails at once and the offline alert says why; only reads pause and replay (fleets spec §8
      // "Failing GET requests with no status are queued and replayed on reconnection").
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
