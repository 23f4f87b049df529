/**
 * What must never reach a log line: credentials and one-time tokens that travel in URLs.
 * Query parameters: `?apikey=` is how balena clients send API keys on some calls, `?token=` the
 * email verification link's token, `?code=` an OAuth callback's code, `?key=` the key a release
 * asset's download link carries (release-assets/release-asset.routes.ts), `?wifiKey=` the Wi-Fi
 * passphrase a `GET /download-config` writes into the device's config. Path segments: a password-reset code (dashboard page) and invitation tokens
 * (the dashboard's organization and fleet invitation pages, and the API routes that describe and
 * accept them). Names compare case-insensitively, after percent-decoding. Headers are not
 * logged at all (the request serializer picks fields).
 */
const SECRET_QUERY_PARAMS = new Set(['apikey', 'api_key', 'token', 'access_token', 'code', 'key', 'wifikey']);
const SECRET_PATH_PREFIXES = ['/user/reset-password/', '/organization/invitation/', '/invitation/', '/org/v1/invitation/', '/user/v1/invitation/'];
export const REDACTED = '[REDACTED]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed escape: compare the raw text.
    return text;
  }
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY_PARAMS.has(decoded(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function redactPath(path: string): string {
  // As the router may take it: any case, repeated slashes, escaped letters.
  const canonical = decoded(path).toLowerCase().replace(/\/{2,}/g, '/');
  const prefix = SECRET_PATH_PREFIXES.find((p) => canonical.startsWith(p) && canonical.length > p.length);
  return prefix ? `${prefix}${REDACTED}` : path;
}

/** The request URL as it may be logged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return redactPath(url);
  return `${redactPath(url.slice(0, at))}?${redactQuery(url.slice(at + 1))}`;
}
