/**
 * The browser session (accounts spec §4, §9): the JWT lives in localStorage so that tabs share
 * it; a token that disappears (sign-out in another tab) or expires forces logout; the token is
 * refreshed hourly. Framework-free so that guards, the HTTP client and tests use it directly.
 */

export const TOKEN_STORAGE_KEY = 'flotilla.token';
export const RETURN_URL_STORAGE_KEY = 'flotilla.returnUrl';
/** Accounts spec §9: refresh every 3,600,000 ms, check every 1 s. */
export const TOKEN_REFRESH_INTERVAL_MS = 3_600_000;
export const SESSION_CHECK_INTERVAL_MS = 1_000;

export interface TokenClaims {
  /** Seconds since epoch. */
  exp?: number;
  iat?: number;
  twoFactorRequired?: boolean;
  /** Session tokens only (API keys carry no claims). */
  username?: string;
  email?: string | null;
}

/** Why the session ended: the user signed out, or it expired / was rejected (401) / left another tab. */
export type LogoutReason = 'signed-out' | 'expired';
type Listener = (token: string | null, reason?: LogoutReason) => void;
const listeners = new Set<Listener>();

function notify(token: string | null, reason?: LogoutReason): void {
  for (const listener of listeners) listener(token, reason);
}

/** Calls `listener` with the new token (or null) whenever the session changes, in this tab or another. */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Between the end of a session and the moment its screens are gone (the sign-in page shown, the
 * cache cleared: lib/use-session-end.ts), the signed-in screens are still mounted and would ask
 * again without a token (401s after sign-out). While it lasts, lib/http.ts sends no
 * authenticated request.
 */
let sessionEnding = false;

export function isSessionEnding(): boolean {
  return sessionEnding;
}

/** The ended session's screens and data are gone: authenticated requests may go again. */
export function settleSessionEnd(): void {
  sessionEnding = false;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKEN_STORAGE_KEY) return;
    if (event.newValue === null) sessionEnding = true;
    notify(event.newValue, event.newValue === null ? 'signed-out' : undefined);
  });
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  sessionEnding = false;
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  notify(token);
}

/** Ends the session; listeners clear cached data and send the user to the sign-in page. */
export function logout(reason: LogoutReason = 'expired'): void {
  if (getToken() === null) return;
  sessionEnding = true;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  notify(null, reason);
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT, or null when the token is not a decodable JWT (e.g. an API key). */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims !== null && typeof claims === 'object' ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** A token without `exp` never expires (API keys, compat §3.2); a malformed token counts as expired. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const claims = decodeToken(token);
  if (claims === null) return true;
  return typeof claims.exp === 'number' && claims.exp * 1000 <= now;
}

/** The session is usable only with an unexpired token whose second factor is not pending. */
export function isSignedIn(now: number = Date.now()): boolean {
  const token = getToken();
  if (token === null || isTokenExpired(token, now)) return false;
  return decodeToken(token)?.twoFactorRequired !== true;
}

/** A signed-in token still waiting for its second factor (accounts spec §4 two-factor "pending"). */
export function isTwoFactorPending(now: number = Date.now()): boolean {
  const token = getToken();
  if (token === null || isTokenExpired(token, now)) return false;
  return decodeToken(token)?.twoFactorRequired === true;
}

/** Where to return after sign-in; kept in session storage (accounts spec §2 Route guards). */
export function saveReturnUrl(url: string): void {
  if (!isSafeReturnUrl(url)) return;
  sessionStorage.setItem(RETURN_URL_STORAGE_KEY, url);
}

/** Reads and forgets the saved return URL. */
export function takeReturnUrl(): string | null {
  const url = sessionStorage.getItem(RETURN_URL_STORAGE_KEY);
  sessionStorage.removeItem(RETURN_URL_STORAGE_KEY);
  return url !== null && isSafeReturnUrl(url) ? url : null;
}

/** Only same-origin absolute paths; never back to the sign-in pages themselves. */
export function isSafeReturnUrl(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const path = url.split(/[?#]/)[0] ?? '';
  return path !== '/login' && path !== '/signup';
}

/**
 * Where a freshly signed-in user goes: the `redirect` query, else the saved page, else `/`.
 * The saved page is skipped when it is /fleets (the default landing page).
 */
export function postLoginDestination(redirect: string | undefined): string {
  const saved = takeReturnUrl();
  if (redirect && isSafeReturnUrl(redirect)) return redirect;
  if (saved && saved !== '/fleets') return saved;
  return '/';
}

export interface SessionKeeperOptions {
  /** Fetches a new token for the current one. */
  refresh: () => Promise<string>;
  now?: () => number;
  checkIntervalMs?: number;
  refreshIntervalMs?: number;
}

/**
 * Runs while the app is open: every second an expired token forces logout; every hour the
 * token is refreshed (a failed refresh is left to the next tick or to a 401, which logs out).
 * Returns a stop function.
 */
export function startSessionKeeper(options: SessionKeeperOptions): () => void {
  const now = options.now ?? Date.now;
  const check = setInterval(() => {
    const token = getToken();
    if (token !== null && isTokenExpired(token, now())) logout();
  }, options.checkIntervalMs ?? SESSION_CHECK_INTERVAL_MS);
  const refresh = setInterval(() => {
    const token = getToken();
    if (token === null || isTokenExpired(token, now())) return;
    options.refresh().then(
      (fresh) => {
        // Only replace the token we refreshed: a sign-out in the meantime wins.
        if (getToken() === token) setToken(fresh);
      },
      () => undefined,
    );
  }, options.refreshIntervalMs ?? TOKEN_REFRESH_INTERVAL_MS);
  return () => {
    clearInterval(check);
    clearInterval(refresh);
  };
}
