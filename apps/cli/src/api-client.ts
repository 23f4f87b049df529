import { CliError } from './errors.ts';

/**
 * The few HTTP calls `flotilla release create` needs, over plain fetch: JSON in and out,
 * `Authorization: Bearer` (a session JWT or an API key, as balena-cli sends both), and one
 * error type whose message is a single line naming the call and the server's reason.
 */

export class ApiError extends CliError {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface ApiClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  patch(path: string, body: unknown): Promise<void>;
}

export interface ApiClientOptions {
  api: string;
  token: string;
  /** Defaults to the global fetch; tests and the demo seed use the real one. */
  fetch?: typeof fetch;
}

/** A filter literal for OData: quotes doubled and the whole URL-encoded by the caller. */
export const odataString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

export function createApiClient({ api, token, fetch: doFetch = fetch }: ApiClientOptions): ApiClient {
  let origin: string;
  try {
    origin = new URL(api).origin;
  } catch {
    throw new ApiError(`--api "${api}" is not a URL (expected e.g. http://127.0.0.1:8080)`, 0);
  }

  async function send(method: string, path: string, body?: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${origin}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new ApiError(`cannot reach ${origin} (${cause})`, 0);
    }
    const text = await res.text();
    if (!res.ok) throw new ApiError(`${method} ${path.split('?')[0]} failed (${res.status}): ${reasonOf(res.status, text)}`, res.status);
    return text === '' ? undefined : parseJson(text, method, path);
  }

  return {
    get: async <T>(path: string) => (await send('GET', path)) as T,
    post: async <T>(path: string, body: unknown) => (await send('POST', path, body)) as T,
    patch: async (path: string, body: unknown) => {
      await send('PATCH', path, body);
    },
  };
}

function parseJson(text: string, method: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(`${method} ${path.split('?')[0]} answered something that is not JSON`, 0);
  }
}

/** The server's `{"error": "…"}` (as balena-request reads it), else the first line of the body. */
function reasonOf(status: number, text: string): string {
  if (status === 401) return 'the token was not accepted (expired, revoked or mistyped)';
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const reason = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : undefined;
    if (reason) return reason.split('\n')[0]!;
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.split('\n')[0]!.slice(0, 200) || 'no reason given';
}
