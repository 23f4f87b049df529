/**
 * Requests sent before the dashboard's code has run (`src/boot.ts`), handed to the HTTP client
 * when the app asks for the very same URL. The entry (React, MUI, the router, zod, i18n) takes
 * a few hundred ms to evaluate on a slow machine before the router's loaders send anything; a
 * page whose requests follow from its URL alone (the fleet's device list) sends them at once and
 * finds the answers waiting. The URLs are the app's own: the boot script calls the page's query
 * functions while `captureEarlyRequests` runs, and lib/http.ts sends each GET they make as an
 * early request instead of answering it (see `isCapturingRequests`). Everything else — parsing,
 * a 401 ending the session, the offline alert — happens when the app takes the answer, exactly
 * as for a request of its own. Framework-free and tiny: the boot script and lib/http.ts share it.
 */

/** The headers of every API call (lib/http.ts sends the same for its own requests). */
export function apiHeaders(token: string | null, withBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'X-Balena-Client': 'flotilla-dashboard' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (withBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * An early answer is only good for the page load that sent it: taken once, by a caller with the
 * same token, within this time. After that the app fetches as usual.
 */
export const EARLY_REQUEST_TTL_MS = 10_000;

interface EarlyRequest {
  token: string;
  sentAt: number;
  response: Promise<Response>;
}

const sent = new Map<string, EarlyRequest>();
let capturing = false;

/**
 * Runs `send` (synchronously) with the HTTP client in capture mode: every authenticated GET it
 * starts is sent now and answered later to the app (`takeEarlyResponse`); the calls themselves
 * never settle, so nothing is parsed or cached twice.
 */
export function captureEarlyRequests(send: () => void): void {
  capturing = true;
  try {
    send();
  } finally {
    capturing = false;
  }
}

/**
 * For lib/http.ts, before it sends anything: true while `captureEarlyRequests` runs, and then a
 * GET without body with a session token (`token`, else null) has been sent as an early request.
 */
export function isCapturingRequests(path: string, token: string | null): boolean {
  if (!capturing) return false;
  if (token !== null && !sent.has(path)) {
    const response = fetch(path, { headers: apiHeaders(token, false) });
    // Unclaimed (the app asked for something else), a failure must not surface as unhandled.
    response.catch(() => undefined);
    sent.set(path, { token, sentAt: Date.now(), response });
  }
  return true;
}

/**
 * The early answer to `GET path` for this token, once; undefined when none was sent, it is too
 * old, or it was sent with another token: the caller fetches itself.
 */
export function takeEarlyResponse(path: string, token: string | null, now: number = Date.now()): Promise<Response> | undefined {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  if (early.token !== token || now - early.sentAt > EARLY_REQUEST_TTL_MS) return undefined;
  return early.response;
}
