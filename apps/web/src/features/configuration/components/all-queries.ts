import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Several queries as one for QueryState: data once every one has answered, the first error
 * otherwise, and a refetch that retries them all (the page's Retry).
 */
export function allQueries<T extends readonly unknown[]>(queries: { [K in keyof T]: Pick<UseQueryResult<T[K]>, 'data' | 'error' | 'refetch'> }) {
  const list = queries as readonly Pick<UseQueryResult<unknown>, 'data' | 'error' | 'refetch'>[];
  const isDone = list.every((q) => q.data !== undefined);
  return {
    data: isDone ? (list.map((q) => q.data) as unknown as T) : undefined,
    error: list.find((q) => q.data === undefined && q.error)?.error ?? null,
    refetch: () => Promise.all(list.filter((q) => q.data === undefined || q.error).map((q) => q.refetch())),
  };
}
