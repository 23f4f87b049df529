/**
 * OAuth applications (accounts spec §2 "/login/oauth/{clientId}", §3, §7 `POST /oauth/authorize`;
 * DESIGN "Identity"): the authorization code grant of RFC 6749 §4.1 with PKCE (RFC 7636, S256).
 * The rules both the API and the dashboard need: which redirect URIs an application may register,
 * how the browser is sent back to it, and the grant's lifetimes.
 */

/** An authorization code is good for this long after the user agrees (RFC 6749 §4.1.2: "short"). */
export const OAUTH_CODE_TTL_MS = 10 * 60 * 1000;

/**
 * An access token (a user API key named after the application) lasts 30 days. There are no
 * refresh tokens: the application sends the user through the consent page again, which needs
 * one click while the user is signed in.
 */
export const OAUTH_ACCESS_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Hosts an application may name over plain http: the developer's own machine. */
export const OAUTH_LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

export const OAUTH_REDIRECT_URI_MAX = 2048;

/** Why a redirect URI cannot be registered (i18n keys `oauth:redirectUri.<problem>`). */
export type RedirectUriProblem = 'invalid' | 'insecure' | 'fragment' | 'credentials';

/**
 * Null when `text` may be registered as an application's redirect URI: an absolute https URL,
 * or http on localhost / 127.0.0.1 (RFC 8252 §7.3), without a fragment (RFC 6749 §3.1.2) or
 * credentials. Anything else would hand codes to a page an eavesdropper can read.
 */
export function redirectUriProblem(text: string): RedirectUriProblem | null {
  if (text.length > OAUTH_REDIRECT_URI_MAX || !/^https?:\/\/[^/]/i.test(text)) return 'invalid';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.hash !== '' || text.includes('#')) return 'fragment';
  if (url.username !== '' || url.password !== '') return 'credentials';
  if (url.protocol === 'https:') return null;
  return OAUTH_LOOPBACK_HOSTS.includes(url.hostname) ? null : 'insecure';
}

export const REDIRECT_URI_MESSAGES: Record<RedirectUriProblem, string> = {
  invalid: 'The redirect URI must be an absolute http(s) URL',
  insecure: 'The redirect URI must use https (http only for localhost or 127.0.0.1)',
  fragment: 'The redirect URI must not contain a fragment (#)',
  credentials: 'The redirect URI must not contain a user name or password',
};

/** Where the browser goes back to (RFC 6749 §4.1.2, §4.1.2.1): the registered URI with our parameters added to its query. */
export function oauthReturnUrl(redirectUri: string, answer: { code: string } | { error: 'access_denied' }, state?: string): string {
  const url = new URL(redirectUri);
  if ('code' in answer) url.searchParams.set('code', answer.code);
  else url.searchParams.set('error', answer.error);
  if (state !== undefined && state !== '') url.searchParams.set('state', state);
  return url.href;
}

/** The host the consent page names for a redirect URI (the whole text when it is no URL). */
export function redirectHost(redirectUri: string): string {
  try {
    return new URL(redirectUri).host || redirectUri;
  } catch {
    return redirectUri;
  }
}

/** A PKCE code verifier (RFC 7636 §4.1): 43 to 128 unreserved characters. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;

/** An S256 code challenge (RFC 7636 §4.2): base64url of a SHA-256 digest, no padding. */
export const CODE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The name of the API key an application's access token is (shown under Preferences → Access tokens). */
export function oauthAccessTokenName(applicationName: string): string {
  return `OAuth: ${applicationName}`.slice(0, 200);
}
