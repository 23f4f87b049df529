import { vi } from 'vitest';

/**
 * A stand-in for the billing HTTP API in component tests: answers by method and path (as the
 * contract's routes), records every request with its body. Unanswered requests fail loudly.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body?: unknown } | ((request: RecordedRequest) => { status: number; body?: unknown });

export function fakeBillingApi(routes: Record<string, Answer>) {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = new URL(input, 'http://localhost').pathname;
      const request = { method, path, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
      requests.push(request);
      const route = routes[`${method} ${path}`];
      if (!route) throw new Error(`unexpected request ${method} ${path}`);
      const { status, body } = typeof route === 'function' ? route(request) : route;
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { requests, sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path) };
}

export const invoice = (n: number, state: string, extra: Record<string, unknown> = {}) => ({
  uuid: `uuid-${n}`,
  created_at: new Date(2026, 0, n).toISOString(),
  total_in_cents: 9900,
  state,
  due_on: null,
  invoice_number: `FLT-${String(n).padStart(6, '0')}`,
  ...extra,
});
