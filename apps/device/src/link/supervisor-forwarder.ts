import { LINK_REQUEST_TIMEOUT_MS } from '@flotilla/core/device-link';
import type { LinkHandler } from './link-client.ts';

/**
 * Sidecar mode: each request that comes over the link goes to the real balena-supervisor's
 * local API beside it (BALENA_SUPERVISOR_ADDRESS, authenticated by `?apikey=` as the cloud does
 * over the VPN, compat §4.1), and its reply goes back unchanged.
 */

export interface SupervisorForwarderOptions {
  /** e.g. http://127.0.0.1:48484 */
  address: string;
  apiKey: string;
  /** Under the API's own wait so the API hears a reply rather than a timeout. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = LINK_REQUEST_TIMEOUT_MS - 5_000;

export function supervisorForwarder(opts: SupervisorForwarderOptions): LinkHandler {
  return async ({ method, path, body }) => {
    const url = supervisorUrl(opts, path);
    // fetch refuses a body on GET; the supervisor's other routes read JSON (an empty object when none was sent).
    const hasBody = method !== 'GET';
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: hasBody ? { 'content-type': 'application/json' } : {},
        body: hasBody ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (err) {
      throw new Error(`supervisor at ${opts.address} did not answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    return { status: res.status, body: isJson(res.headers.get('content-type')) ? parseOrText(text) : text };
  };
}

/** The supervisor's version for the link's hello, or undefined when it does not say (best effort). */
export async function supervisorVersion(opts: SupervisorForwarderOptions): Promise<string | undefined> {
  try {
    const res = await fetch(supervisorUrl(opts, '/v2/version'), { signal: AbortSignal.timeout(5_000) });
    if (!res.ok) return undefined;
    const json: unknown = await res.json();
    const version = typeof json === 'object' && json !== null && 'version' in json ? json.version : undefined;
    return typeof version === 'string' && version.length <= 64 ? version : undefined;
  } catch {
    return undefined;
  }
}

function supervisorUrl(opts: SupervisorForwarderOptions, path: string): URL {
  const url = new URL(opts.address.replace(/\/+$/, '') + path);
  url.searchParams.set('apikey', opts.apiKey);
  return url;
}

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.-]+\+)?json\b/i.test(contentType);
}

function parseOrText(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
