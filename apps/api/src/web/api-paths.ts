/**
 * Which request paths belong to the API rather than to the dashboard. Unknown API paths keep
 * their JSON 404 (clients parse it); every other unknown GET gets the dashboard's index.html so
 * that deep links into the single-page app work (the app shows its own not-found page).
 */

/** Prefixes matched as a whole path segment: `/v7` and `/v7/...`, but not `/v7x`. */
// `/download` is balena's OS image route (sdk os.download, `balena os download`): this server
// makes no images, and its JSON 404 makes the clients report "no such OS image" instead of saving
// the dashboard's index.html as one.
const API_SEGMENTS = ['/v7', '/resin', '/user', '/actor', '/api-key', '/device', '/config', '/ping', '/device-types', '/supervisor', '/auth', '/download'];
/** `/login_` is the API; `/login` is the dashboard's sign-in page. */
const API_PREFIXES = ['/login_'];
/** Dashboard pages that live under an API segment (accounts spec §2): email verification and password reset links. */
const SPA_EXCEPTIONS = ['/user/verify-email', '/user/reset-password'];

function underSegment(path: string, segment: string): boolean {
  return path === segment || path.startsWith(`${segment}/`);
}

export function isApiPath(path: string): boolean {
  if (SPA_EXCEPTIONS.some((p) => underSegment(path, p))) return false;
  if (API_PREFIXES.some((p) => path.startsWith(p))) return true;
  return API_SEGMENTS.some((s) => underSegment(path, s));
}

/**
 * The file types the dashboard build and its static files use. A path ending in one of them
 * asks for a file, and a missing file is a 404, not the app. Anything else is a page: dotted
 * segments occur in pages too (an invitation token is `<payload>.<secret>`), so "has a dot"
 * alone would send some deep links to a 404.
 */
const FILE_EXTENSIONS = new Set(['js', 'mjs', 'css', 'map', 'html', 'json', 'txt', 'md', 'xml', 'webmanifest', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'ico', 'webp', 'avif', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'wasm', 'br', 'gz']);

export function looksLikeFile(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return dot >= 0 && FILE_EXTENSIONS.has(last.slice(dot + 1).toLowerCase());
}
