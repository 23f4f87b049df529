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
    // Background polling failures toast once (lib/toast.ts drops duplicates).
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) notifyError(error);
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
      mutations: { retry: false },
    },
  });
}
