import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './ErrorState.tsx';
import { LoadingState } from './LoadingState.tsx';
import { useShownQueryError } from './query-failure.ts';

export interface QueryStateProps<T> {
  /** A query, or anything shaped like one (a list derived from a query keeps the query's refetch). */
  query: Pick<UseQueryResult<T>, 'data' | 'error'> & { refetch: () => Promise<unknown>; errorUpdatedAt?: number };
  /** Names what is loaded, for the error's title ("the fleets"). */
  what?: string;
  /** Skeleton rows while loading (omit for a spinner). */
  loadingRows?: number;
  /** When the data counts as empty, `empty` is rendered instead of `children`. */
  isEmpty?: (data: T) => boolean;
  /** The empty state, with the action that fills it. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one way a screen renders a query: loading (`role=status`), error with Retry (or
 * forbidden), empty with its action, then the data. Because `children` receives data only
 * when the query succeeded, a failed request can never render as "no results". A background
 * refetch that fails while data is shown keeps the data (the toast reports it); a failed read
 * trying again on its own (a poll) keeps its error rather than turning back into loading.
 */
export function QueryState<T>({ query, what, loadingRows, isEmpty, empty, children }: QueryStateProps<T>) {
  const failure = useShownQueryError(query);
  if (query.data === undefined) {
    if (failure.error) return <ErrorState error={failure.error} what={what} onRetry={failure.retry} />;
    return <LoadingState rows={loadingRows} />;
  }
  if (isEmpty?.(query.data) && empty !== undefined) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
