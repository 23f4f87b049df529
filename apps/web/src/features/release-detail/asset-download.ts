import { ApiError, errorMessageFromBody } from '../../lib/http.ts';
import { apiHeaders } from '../../lib/early-requests.ts';
import { getToken } from '../../lib/session.ts';
import { saveBlob } from '../../lib/save-file.ts';

/**
 * An asset href on the dashboard's own origin (the API's) — relative, or absolute with this
 * origin — as the path to fetch; null for a link elsewhere. A plain link cannot carry the
 * session's bearer token, so such files are fetched with it and saved from a blob; the server's
 * own hrefs also carry a download key and would work as plain links, but relative or key-less
 * ones (an import, an older server) need the session.
 */
const SERVER_DOWNLOAD = /^\/release-asset\/v1\/\d+\/download$/;

export function sameOriginAssetPath(href: string, origin: string): string | null {
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  try {
    const url = new URL(href);
    // The server's own download links are always fetched from this origin: without PUBLIC_URL
    // the server names its origin from the uploader's Host header, which the uploader chose.
    if (url.origin === origin || SERVER_DOWNLOAD.test(url.pathname)) return `${url.pathname}${url.search}`;
    return null;
  } catch {
    return null;
  }
}

/** Fetches `path` with the session's token and saves the body as `name`. */
export async function downloadWithSession(path: string, name: string): Promise<void> {
  const response = await fetch(path, { headers: apiHeaders(getToken(), false) });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: the text itself
    }
    throw new ApiError(errorMessageFromBody(body, response.statusText), response.status);
  }
  saveBlob(name, await response.blob());
}
