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
