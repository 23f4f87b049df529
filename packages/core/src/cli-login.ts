/**
 * `balena login --web` (compat §3.8, accounts spec §2 "CLI login under /login/cli/*"): the CLI
 * listens on the user's own machine and opens the dashboard at `/login/cli/<callback>`, the
 * callback `encodeURIComponent`-ed and then every `%` written `%25`. Once the user agrees, the
 * dashboard makes the browser POST `token=<session token>` to that callback.
 *
 * The callback receives a session token, so it must be on the user's own machine: plain http
 * to `127.0.0.1` or `localhost` (where the CLI listens), with a port and no credentials. A link
 * that names any other host is a phishing attempt, and is refused (the page then goes to `/`).
 * The dashboard's Content-Security-Policy `form-action` allows exactly these two hosts too
 * (apps/api/src/plugins/security-headers.ts), so a form could not reach another one anyway.
 */

/** Hosts a CLI callback may name: the loopback address the CLI binds, and its name. */
export const CLI_LOGIN_CALLBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost'];

/** balena-cli encodes twice; a router or a browser may already have decoded once. */
const MAX_DECODES = 3;

/**
 * The callback URL of a `/login/cli/*` path tail, decoded however many times it was encoded
 * (up to three), or null when it is not one the dashboard may send a token to.
 */
export function parseCliLoginCallback(tail: string): URL | null {
  let text = tail;
  for (let i = 0; i < MAX_DECODES && !/^[a-z][a-z0-9+.-]*:/i.test(text); i++) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  // Written out as http://host: URL() would also accept `http:/host` or `http:host`.
  if (!/^http:\/\/[^/]/i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:') return null;
  if (!CLI_LOGIN_CALLBACK_HOSTS.includes(url.hostname)) return null;
  if (url.username !== '' || url.password !== '') return null;
  // The CLI always listens on a port of its own; port 80 would be some other program.
  if (url.port === '') return null;
  return url;
}

/** The `/login/cli/*` path balena-cli opens for a callback (its own encoding, for tests and links). */
export function cliLoginPath(callback: string): string {
  return `/login/cli/${encodeURIComponent(callback).replace(/%/g, '%25')}`;
}
