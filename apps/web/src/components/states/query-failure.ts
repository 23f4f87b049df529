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
