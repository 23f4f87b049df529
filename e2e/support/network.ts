import type { Page, Request } from 'playwright-core';

/**
 * Requests that stay open by design: the live push (`/live/v1/events`), log streams
 * (`?stream=1`) and terminal sockets. Playwright's `networkidle` waits for them forever, so a
 * page that holds one never becomes "idle"; `trackNetwork` leaves them out.
 */
const LONG_LIVED = [/\/live\/v1\/events/, /[?&]stream=1\b/, /\/terminal\/v1\//];

export interface NetworkTracker {
  /** Resolves once no request (but the long-lived ones) has been in flight for `quietMs`. */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  stop(): void;
}

/** Starts counting the page's requests; call before the navigation whose requests matter. */
export function trackNetwork(page: Page): NetworkTracker {
  const pending = new Set<Request>();
  const started = (request: Request) => {
    if (!LONG_LIVED.some((pattern) => pattern.test(request.url()))) pending.add(request);
  };
  const ended = (request: Request) => void pending.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs = 500, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      for (;;) {
        if (pending.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        if (Date.now() > deadline) throw new Error(`network still busy after ${timeoutMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}
