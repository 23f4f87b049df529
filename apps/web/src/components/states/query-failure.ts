import { useState } from 'react';
import { ApiError } from '../../lib/http.ts';

/**
 * What kind of failure a query met, so each screen answers it the same way:
 * - `forbidden`: the server refused the caller (403) — retrying will not help;
 * - `notFound`: the row does not exist or the caller may not see it (404; the API answers both alike);
 * - `network`: the request never reached the server (fetch rejects with a TypeError);
 * - `server`: anything else, worth a Retry.
 */
export type QueryFailureKind = 'forbidden' | 'notFound' | 'network' | 'server';

export function queryFailureKind(error: unknown): QueryFailureKind {
  if (error instanceof ApiError) {
    if (error.status === 403) return 'forbidden';
    if (error.status === 404) return 'notFound';
    return 'server';
  }
  if (error instanceof TypeError) return 'network';
  return 'server';
}

/** The server's message for an error, when it is one worth showing. */
export function queryFailureDetail(error: unknown): string {
  if (error instanceof ApiError || (error instanceof Error && !(error instanceof TypeError))) return error.message;
  return '';
}

/** A read that failed for good: its error and a Retry of every read that failed with it. */
export interface ReadFailure {
  error: unknown;
  retry: () => Promise<unknown>;
}

/**
 * Of several queries a screen waits for, the ones that failed without data (after their
 * retries), as one failure to show with Retry; null while none has. A failure is never a wait.
 */
export function readFailureOf(queries: ReadonlyArray<{ data: unknown; error: unknown; refetch: () => Promise<unknown> }>): ReadFailure | null {
  const failed = queries.filter((q) => q.data === undefined && q.error != null);
  if (failed.length === 0) return null;
  return { error: failed[0]!.error, retry: () => Promise.all(failed.map((q) => q.refetch())) };
}

/** What useShownQueryError reads of a query (a UseQueryResult, or one shaped like it). */
export interface ShownErrorQuery {
  data: unknown;
  error: unknown;
  /** When the query last failed (0: never); UseQueryResult has it. Without it, any kept error counts. */
  errorUpdatedAt?: number;
  refetch: () => Promise<unknown>;
}

/**
 * The error a query without data is shown with, and its Retry. TanStack Query puts a query that
 * never had data back to `pending` (its error gone) each time it fetches again, so a polled read
 * that kept failing swapped its error for a spinner at every poll (a diagnostics tab, the fleet's
 * device counts, a device's services): a failure that looked like loading for seconds at a time.
 * Here the last error stays while such a query, having failed, tries again on its own (a poll, a
 * refocus); a new read that never failed loads as usual, and Retry forgets the kept error so the
 * wait the user asked for shows. Null once data arrives.
 */
export function useShownQueryError(query: ShownErrorQuery): { error: unknown; retry: () => Promise<unknown> } {
  const [kept, setKept] = useState<unknown>(null);
  // The error the user pressed Retry on: not shown again while that retry runs.
  const [retried, setRetried] = useState<unknown>(null);
  const hasData = query.data !== undefined;
  // Adjusted while rendering (React's pattern for state derived from props): no effect, no flash.
  if (!hasData && query.error != null && query.error !== kept) setKept(query.error);
  if (hasData && (kept !== null || retried !== null)) {
    setKept(null);
    setRetried(null);
  }
  const hasFailedBefore = query.errorUpdatedAt === undefined || query.errorUpdatedAt > 0;
  const current = hasData ? null : (query.error ?? (hasFailedBefore ? kept : null));
  return {
    error: current === retried ? null : current,
    retry: () => {
      setRetried(current);
      return query.refetch();
    },
  };
}
