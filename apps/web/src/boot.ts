// First, before any module builds a zod schema (lib/zod-config.ts: no `new Function` probe).
import './lib/zod-config.ts';
import { QueryClient } from '@tanstack/react-query';
import { loadDeviceListPage, startDeviceListQueries, type StartQuery } from './features/devices/device-list.early.ts';
import { captureEarlyRequests } from './lib/early-requests.ts';
import { isSignedIn } from './lib/session.ts';

/**
 * The dashboard's entry (index.html). Before the app's code (React, MUI, the router, i18n:
 * hundreds of ms to evaluate on a slow machine, fetched meanwhile thanks to the modulepreload
 * links of vite.config.ts) it sends, for a page whose first screen follows from its URL alone,
 * that page's requests, through the page's own query functions (lib/early-requests.ts): the
 * app finds the answers waiting instead of asking once its router runs. Then it starts the app.
 * Any failure here only means the app asks for itself.
 */
function sendFirstPageRequests(): void {
  if (!isSignedIn()) return;
  // The query functions' context; none of them reads more than the key.
  const client = new QueryClient();
  const signal = new AbortController().signal;
  const start: StartQuery = (options) => {
    if (typeof options.queryFn !== 'function') return;
    const result = options.queryFn({ client, queryKey: options.queryKey, signal, meta: undefined });
    if (result instanceof Promise) result.catch(() => undefined);
  };
  let isDeviceList = false;
  captureEarlyRequests(() => {
    isDeviceList = startDeviceListQueries(window.location.pathname, window.location.search, start);
  });
  if (isDeviceList) loadDeviceListPage().catch(() => undefined);
}

try {
  sendFirstPageRequests();
} catch {
  // The app sends its requests itself.
}
void import('./main.tsx');
// The signed-in shell's chunk (header, sidebar) and its imports, asked for now rather than once
// the router runs: index.html does not preload them, so the sign-in page does not download them
// (issue 16 W10, apps/web/bundle-budget.json).
// The signed-in app's catalogs (lib/i18n.ts) likewise: the signed-in layout's loader waits for them.
if (isSignedIn()) {
  void import('./features/shell/components/AppLayout.tsx').catch(() => undefined);
  void import('./lib/app-catalogs.ts').catch(() => undefined);
}
