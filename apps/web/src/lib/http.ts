import { connectivity } from './connectivity.ts';
import { apiHeaders, isCapturingRequests, takeEarlyResponse } from './early-requests.ts';
import { getToken, isSessionEnding, logout } from './session.ts';

/** What a request asking for the session answers while a session is ending (lib/session.ts): not sent. */
export const SESSION_ENDED_MESSAGE = 'You have to log in';

/** An HTTP failure with the server's message (compat §1.5: body.error.text, message, error, text). */
export class ApiError extends Error {
  readonly status: number;
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | null;
  /** The body's machine-readable `code` (e.g. `recent_auth_required`), when the server sent one. */
  readonly code: string | null;

  constructor(message: string, status: number, retryAfter: number | null = null, code: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfter = retryAfter;
    this.code = code;
  }
}

/** The server's message from an error body, in the order balena-request reads it. */
export function errorMessageFromBody(body: unknown, fallback: string): string {
  if (typeof body === 'string') return body.trim() || fallback;
  if (body !== null && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown };
    if (b.error !== null && typeof b.error === 'object' && typeof (b.error as { text?: unknown }).text === 'string') {
      return (b.error as { text: string }).text;
    }
    if (typeof b.message === 'string') return b.message;
    if (typeof b.error === 'string') return b.error;
  }
  return fallback;
}

/**
 * The words of a NetworkError, given by the app once its catalogs are in (App.tsx): this module is
 * on the first load's critical path, and importing i18n here split the entry's chunks (+0.5 kB
 * gzip on /login). Until then, the browser's own message.
 */
let networkFailureText: (() => string) | null = null;
export function setNetworkFailureText(text: () => string): void {
  networkFailureText = text;
}

/**
 * Nothing answered a request (offline, server down): fetch() rejected. Still a TypeError, as the
 * screens and toasts tell a network failure by (components/states/query-failure.ts, notify.ts),
 * but worded for the user: a dialog or section that shows a failed write's message said the
 * browser's "Failed to fetch" instead of why and what to do.
 */
export class NetworkError extends TypeError {
  constructor(cause: unknown) {
    super(networkFailureText?.() ?? (cause instanceof Error ? cause.message : 'Failed to fetch'), { cause });
    this.name = 'NetworkError';
  }
}

export interface ApiRequestOptions {
  method?: string;
  body?: unknown;
  /** Send the session token (default true). Sign-in calls send none. */
  auth?: boolean;
  signal?: AbortSignal;
  /** A 401 that does not mean the session ended (a wrong password when re-verifying identity). */
  keepSessionOn401?: boolean;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Calls the API at `path` (same origin). JSON bodies are parsed, others returned as text.
 * A 401 on an authenticated call means the session is gone: it forces logout
 * (fleets spec §8 "A not-logged-in error or an expired token forces logout").
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, auth = true, signal, keepSessionOn401 = false } = options;
  const token = auth ? getToken() : null;
  // The signed-in screens still mounted while the session ends ask without a token: not sent.
  if (auth && token === null && isSessionEnding()) throw new ApiError(SESSION_ENDED_MESSAGE, 401);
  const isPlainGet = method === 'GET' && body === undefined;
  // The boot script asking which URLs the first page needs (lib/early-requests.ts): sent early, never answered here.
  if (isCapturingRequests(path, isPlainGet ? token : null)) return new Promise<never>(() => undefined);
  let response: Response;
  try {
    // An answer the boot script already asked for is taken instead of asking again.
    const early = isPlainGet && !signal ? takeEarlyResponse(path, token) : undefined;
    // A FormData body (a file upload) goes as multipart, with the boundary the browser sets.
    const isForm = body instanceof FormData;
    response = await (early ??
      fetch(path, {
        method,
        headers: apiHeaders(token, body !== undefined && !isForm),
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    // fetch() rejects with a TypeError when nothing answered (offline, server down): the
    // offline alert takes over from there (lib/connectivity.ts). A cancelled request is not that.
    if (error instanceof TypeError && !signal?.aborted) {
      connectivity.reportNetworkError();
      throw new NetworkError(error);
    }
    throw error;
  }
  connectivity.reportAnswer();
  const parsed = await readBody(response);
  if (!response.ok) {
    const code = parsed !== null && typeof parsed === 'object' && typeof (parsed as { code?: unknown }).code === 'string' ? (parsed as { code: string }).code : null;
    // recent_auth_required: the session is valid but stale; the caller asks for the password.
    if (response.status === 401 && token && !keepSessionOn401 && code !== 'recent_auth_required') logout();
    const retryAfterHeader = response.headers.get('retry-after');
    const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : null;
    throw new ApiError(errorMessageFromBody(parsed, response.statusText || 'Request error'), response.status, retryAfter, code);
  }
  return parsed;
}

/** An endpoint that answers with a token as its whole body (text or a JSON string). */
export async function apiRequestToken(path: string, options: ApiRequestOptions = {}): Promise<string> {
  const result = await apiRequest(path, options);
  if (typeof result !== 'string' || result.trim() === '') throw new ApiError('No token received', 500);
  return result.trim();
}
