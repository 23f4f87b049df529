/**
 * The support portal's JWT single sign-on (accounts spec §2 "/zendesk-login (query return_to)
 * is the support-portal login", §7 "GET /zendesk/v1/login (optional return_to) returns
 * {redirect} with a jwt posted to a form"): the portal (a Zendesk help center or anything
 * speaking its JWT SSO) sends a signed-out visitor to the dashboard, which posts a short-lived
 * HS256 token to `<portal>/access/jwt` together with where the visitor was going.
 */

/** The API's 404 code when SUPPORT_PORTAL_URL / SUPPORT_PORTAL_JWT_SECRET are not set: the page says so. */
export const SUPPORT_PORTAL_NOT_CONFIGURED = 'support_portal_not_configured';

/** The API's 400 code for a `return_to` that is not on the portal (never an open redirect). */
export const INVALID_PORTAL_RETURN_TO = 'invalid_return_to';

/** Seconds the token is good for: only long enough for the browser to post it (Zendesk allows three minutes). */
export const SUPPORT_PORTAL_JWT_TTL_SECONDS = 180;

/** Longest `return_to` accepted (a help-center URL with its query). */
export const SUPPORT_PORTAL_RETURN_TO_MAX = 2048;

/** Where the token is posted: `<portal base URL>/access/jwt` (Zendesk's JWT SSO endpoint). */
export function supportPortalJwtUrl(portalUrl: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/access/jwt`;
}

/**
 * Whether `returnTo` may be handed to the portal: an absolute URL on exactly the portal's own
 * origin (scheme, host and port), without credentials. Anything else — another host, a
 * `javascript:` or `data:` URL, a scheme-relative or relative path — is refused, so the sign-in
 * can never be used to send a signed-in user (and a token) somewhere else.
 */
export function isPortalReturnTo(returnTo: string, portalUrl: string): boolean {
  if (returnTo.length > SUPPORT_PORTAL_RETURN_TO_MAX) return false;
  let target: URL;
  let portal: URL;
  try {
    target = new URL(returnTo);
    portal = new URL(portalUrl);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username !== '' || target.password !== '') return false;
  return target.origin === portal.origin;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether a portal base URL may receive tokens: https, or plain http only on this machine (a
 * local stand-in in tests or development): a token sent in clear to another host could be
 * replayed by anyone on the way.
 */
export function isSafePortalUrl(portalUrl: string): boolean {
  try {
    const url = new URL(portalUrl);
    if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  } catch {
    return false;
  }
}
