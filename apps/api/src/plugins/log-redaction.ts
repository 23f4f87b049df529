/**
 * What must never reach a log line: credentials and one-time tokens that travel in URLs.
 * `?apikey=` is how balena clients send API keys on some calls; `?token=` is the email
 * verification link's token; a password-reset code and an invitation token are path segments
 * of dashboard pages. Headers are not logged at all (the request serializer picks fields).
 */
const SECRET_QUERY_PARAMS = new Set(['apikey', 'api_key', 'token', 'access_token', 'code']);
const SECRET_PATH_PREFIXES = ['/user/reset-password/', '/organization/invitation/'];
export const REDACTED = '[REDACTED]';

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: compare the raw name.
      }
      return eq >= 0 && SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

function redactPath(path: string): string {
  const prefix = SECRET_PATH_PREFIXES.find((p) => path.startsWith(p) && path.length > p.length);
  return prefix ? `${prefix}${REDACTED}` : path;
}

/** The request URL as it may be logged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return redactPath(url);
  return `${redactPath(url.slice(0, at))}?${redactQuery(url.slice(at + 1))}`;
}
