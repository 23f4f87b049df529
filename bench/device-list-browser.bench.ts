import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startStack, WEB_DIST, type Stack } from '../e2e/support/stack.ts';
import { seedFleetDevices } from './device-list.seed.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { environmentInfo, printTable, writeResult } from './lib/report.ts';
import { ratio, summarize, timed, type LatencySummary } from './lib/stats.ts';

/**
 * The dashboard's device list in Chromium against a large fleet (bench/README.md
 * "device-list-browser"): time from navigation to the first page rendered (the first row and
 * the total on screen), against a CEILING measured in the same run — a static HTML page on the
 * same origin that sends the same two requests the dashboard sent (the page and `/$count`,
 * captured from its first load) and writes a plain 50-row table. What remains is the dashboard:
 * its bundle, the router and guards, the shell, React and MUI, zod parsing, the virtualized
 * table. The raw requests from Node are reported too, for orientation.
 *
 *   E2E_WEB_DIST=/tmp/dist npx tsx bench/device-list-browser.bench.ts [--devices 100000] [--iterations 15]
 */
export const DEVICE_LIST_BROWSER_DEFAULTS = {
  devices: 100_000,
  /** Timed navigations per side (dashboard and ceiling alternate). */
  iterations: 15,
  warmup: 2,
  /** 1: after the timed runs, print the request waterfall of one more dashboard load (cold and warm). */
  profile: 0,
};
export type DeviceListBrowserOptions = typeof DEVICE_LIST_BROWSER_DEFAULTS;

/** The target for the first page on this machine. */
export const TARGET_MS = 1000;

/** What marks the first page as on screen: its first row and the total (selectors). */
const APP_RENDERED: readonly [string, string] = ['tbody tr[aria-rowindex="2"]', '[data-testid="list-total"]'];
const CEILING_RENDERED: readonly [string, string] = ['#rows tr', '#total:not(:empty)'];
const CEILING_PATH = '/__bench/device-list-ceiling.html';

/** The simplest page that shows the same data: fetch both answers, write rows with textContent. */
function ceilingHtml(pageUrl: string, countUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>ceiling</title></head><body>
<p id="total"></p><table><thead><tr><th>Name</th><th>Status</th><th>UUID</th><th>Device type</th><th>OS</th><th>Release</th><th>IP</th><th>Last seen</th></tr></thead><tbody id="rows"></tbody></table>
<script>
const token = localStorage.getItem('flotilla.token');
const get = (u) => fetch(u, { headers: { Authorization: 'Bearer ' + token } }).then((r) => r.json());
Promise.all([get(${JSON.stringify(pageUrl)}), get(${JSON.stringify(countUrl)})]).then(([page, count]) => {
  const body = document.getElementById('rows');
  for (const d of page.d) {
    const tr = document.createElement('tr');
    for (const v of [d.device_name, d.overall_status, d.uuid, d.is_of__device_type[0]?.name, d.os_version, d.is_running__release[0]?.raw_version, d.ip_address, d.last_connectivity_event]) {
      const td = document.createElement('td'); td.textContent = v ?? ''; tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  document.getElementById('total').textContent = count.d ?? count;
});
</script></body></html>`;
}

export interface DeviceListBrowserResult {
  name: 'device-list-browser';
  options: DeviceListBrowserOptions;
  seedMs: number;
  requests: { page: string; count: string };
  environment: Record<string, unknown>;
  /** Warm: a return visit, same browser context (HTTP cache, compiled code) as the previous loads. */
  dashboard: LatencySummary;
  /** Cold: a first visit, each load in a new context (empty HTTP cache). */
  dashboardCold: LatencySummary;
  ceiling: LatencySummary;
  apiRequests: LatencySummary;
  ratioMedian: number;
  ratioP95: number;
  ratioColdMedian: number;
  ratioColdP95: number;
  targetMs: number;
}

/**
 * Opens `url` in a new tab and returns performance.now() (ms since navigation start) at the
 * first animation frame where both selectors match. A function, not a string: the dashboard's
 * CSP forbids eval, which Playwright would need for a string predicate.
 */
async function navigate(context: BrowserContext, url: string, rendered: readonly [string, string], html?: string): Promise<{ ms: number; page: Page }> {
  const page = await context.newPage();
  // The ceiling is fulfilled by a route on its own page only: Playwright turns the HTTP cache
  // off wherever a route is set, and a context-wide one would make every dashboard load cold.
  if (html !== undefined) await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    ([a, b]) => {
      // Runs in the page; bench has no DOM types.
      const g = globalThis as unknown as { document: { querySelector(s: string): unknown }; performance: { now(): number } };
      return g.document.querySelector(a) !== null && g.document.querySelector(b) !== null && g.performance.now();
    },
    rendered,
    { polling: 'raf', timeout: 60_000 },
  );
  const ms = Number(await handle.jsonValue());
  return { ms, page };
}

/** A browser context (its own HTTP cache) with the session and the cookie choice already stored. */
export async function newSignedInContext(browser: Browser, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: `localStorage.setItem('flotilla.token', ${JSON.stringify(token)}); localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  return context;
}

/** A user, their fleet and `devices` devices seeded into it (also the scroll bench's setup). */
export async function seedBrowserFleet(stack: Stack, devices: number): Promise<{ token: string; fleetId: number; seedMs: number }> {
  const reg = await stack.api('POST', '/user/register', undefined, { email: 'bench-browser@example.com', password: 'a long enough password', 'g-recaptcha-response': 'dummy' });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const token = reg.text;
  const orgs = await stack.api('GET', '/v7/organization?$select=id', token);
  const types = await stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", token);
  const app = await stack.api('POST', '/v7/application', token, {
    app_name: 'bench-fleet',
    organization: orgs.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  if (app.status !== 201) throw new Error(`fleet: ${app.status} ${app.text}`);
  const fleetId = app.json<{ id: number }>().id;
  const seeded = await timed(() => seedFleetDevices(stack.app.db, fleetId, devices, 'bench'));
  return { token, fleetId, seedMs: seeded.ms };
}

interface WaterfallRow {
  name: string;
  start: number;
  end: number;
  bytes: number;
}

/**
 * `--profile 1`: one dashboard load, then its Resource Timing entries (what was requested when,
 * and how long it took: a chain of late starts is a waterfall), the navigation's own timing
 * and the first paints, printed as a table. `fresh` loads in a new context (empty HTTP cache).
 */
async function profileLoad(context: BrowserContext, url: string, label: string): Promise<void> {
  const { ms, page } = await navigate(context, url, APP_RENDERED);
  const rows = await page.evaluate(() => {
    const g = globalThis as unknown as { performance: { getEntries(): Array<{ name: string; entryType: string; startTime: number; duration: number; responseEnd?: number; transferSize?: number; domContentLoadedEventEnd?: number }> } };
    return g.performance.getEntries().map((e) => ({
      name: e.entryType === 'resource' || e.entryType === 'navigation' ? e.name.replace(/^https?:\/\/[^/]+/, '') : `${e.entryType}:${e.name}`,
      start: Math.round(e.startTime),
      end: Math.round(e.entryType === 'navigation' ? (e.domContentLoadedEventEnd ?? 0) : e.startTime + e.duration),
      bytes: e.transferSize ?? 0,
    }));
  });
  await page.close();
  console.log(`\n${label}: first page at ${Math.round(ms)} ms`);
  for (const r of (rows as WaterfallRow[]).sort((a, b) => a.start - b.start)) {
    console.log(`${String(r.start).padStart(6)} → ${String(r.end).padStart(6)}  ${String(r.bytes).padStart(7)} B  ${r.name.slice(0, 150)}`);
  }
}

export async function runDeviceListBrowserBench(options: DeviceListBrowserOptions): Promise<DeviceListBrowserResult> {
  const stack = await startStack();
  let browser: Browser | undefined;
  try {
    console.log(`seeding ${options.devices} devices, serving ${WEB_DIST} …`);
    const { token, fleetId, seedMs } = await seedBrowserFleet(stack, options.devices);
    browser = await launchBrowser();
    const context = await newSignedInContext(browser, token);
    const appUrl = `${stack.url}/fleets/${fleetId}/devices`;

    // The dashboard's first load tells which two requests the ceiling must send.
    const sent: string[] = [];
    const listen = (p: Page) => p.on('request', (r) => void (r.url().includes('/v7/device') && sent.push(r.url())));
    context.on('page', listen);
    const first = await navigate(context, appUrl, APP_RENDERED);
    await first.page.close();
    context.off('page', listen);
    const pageUrl = sent.find((u) => u.includes('/v7/device?'));
    const countUrl = sent.find((u) => u.includes('/v7/device/$count'));
    if (!pageUrl || !countUrl) throw new Error(`the dashboard sent no device page/count request: ${sent.join(', ')}`);
    const ceilingPage = ceilingHtml(pageUrl, countUrl);

    const app: number[] = [];
    const cold: number[] = [];
    const ceiling: number[] = [];
    const api: number[] = [];
    const headers = { Authorization: `Bearer ${token}` };
    for (let i = 0; i < options.warmup + options.iterations; i++) {
      const isTimed = i >= options.warmup;
      // Alternate which side goes first, so neither always meets a warmer machine.
      const sides = i % 2 === 0 ? (['app', 'cold', 'ceiling'] as const) : (['ceiling', 'cold', 'app'] as const);
      for (const side of sides) {
        let r: { ms: number; page: Page };
        if (side === 'cold') {
          // A first visit: a new context (empty HTTP cache, no compiled code), signed in all the same.
          const fresh = await newSignedInContext(browser, token);
          r = await navigate(fresh, appUrl, APP_RENDERED);
          await fresh.close();
        } else {
          r = side === 'app' ? await navigate(context, appUrl, APP_RENDERED) : await navigate(context, `${stack.url}${CEILING_PATH}`, CEILING_RENDERED, ceilingPage);
          await r.page.close();
        }
        if (isTimed) (side === 'app' ? app : side === 'cold' ? cold : ceiling).push(r.ms);
      }
      const raw = await timed(() => Promise.all([fetch(pageUrl, { headers }).then((r) => r.text()), fetch(countUrl, { headers }).then((r) => r.text())]));
      if (isTimed) api.push(raw.ms);
    }
    if (options.profile) {
      const fresh = await newSignedInContext(browser, token);
      await profileLoad(fresh, appUrl, 'cold (new context, empty HTTP cache)');
      await profileLoad(fresh, appUrl, 'second load (same context)');
      await fresh.close();
      await profileLoad(context, appUrl, 'warm (the timed context)');
    }
    const dashboard = summarize(app);
    const dashboardCold = summarize(cold);
    const ceil = summarize(ceiling);
    return {
      name: 'device-list-browser',
      options,
      seedMs,
      requests: { page: decodeURIComponent(pageUrl), count: decodeURIComponent(countUrl) },
      environment: { ...(await environmentInfo(process.env.DATABASE_URL ? 'postgresql' : 'pglite')), browser: browser.version() },
      dashboard,
      dashboardCold,
      ceiling: ceil,
      apiRequests: summarize(api),
      ratioMedian: ratio(dashboard.medianMs, ceil.medianMs),
      ratioP95: ratio(dashboard.p95Ms, ceil.p95Ms),
      ratioColdMedian: ratio(dashboardCold.medianMs, ceil.medianMs),
      ratioColdP95: ratio(dashboardCold.p95Ms, ceil.p95Ms),
      targetMs: TARGET_MS,
    };
  } finally {
    await browser?.close();
    await stack.close();
  }
}

/** The target holds for the median and for p95 (most loads, not just half of them). */
function verdict(s: LatencySummary, targetMs: number): string {
  return `p50 ${s.medianMs < targetMs ? 'ok' : 'MISS'}, p95 ${s.p95Ms < targetMs ? 'ok' : 'MISS'}`;
}

export function printDeviceListBrowser(r: DeviceListBrowserResult): void {
  printTable(
    `Device list in Chromium — ${r.options.devices} devices, ${r.environment.database}, navigation → first page on screen, ms`,
    ['side', 'p50', 'p95', 'min', 'ratio p50', 'ratio p95', `target < ${r.targetMs}`],
    [
      ['dashboard, return visit (HTTP cache warm)', r.dashboard.medianMs, r.dashboard.p95Ms, r.dashboard.minMs, `${r.ratioMedian}×`, `${r.ratioP95}×`, verdict(r.dashboard, r.targetMs)],
      ['dashboard, first visit (new context)', r.dashboardCold.medianMs, r.dashboardCold.p95Ms, r.dashboardCold.minMs, `${r.ratioColdMedian}×`, `${r.ratioColdP95}×`, verdict(r.dashboardCold, r.targetMs)],
      ['ceiling (static page, same requests)', r.ceiling.medianMs, r.ceiling.p95Ms, r.ceiling.minMs, '1×', '1×', ''],
      ['API requests alone (Node)', r.apiRequests.medianMs, r.apiRequests.p95Ms, r.apiRequests.minMs, '', '', ''],
    ],
  );
}

if (isMain(import.meta.url)) {
  const result = await runDeviceListBrowserBench(readIntOptions(process.argv.slice(2), DEVICE_LIST_BROWSER_DEFAULTS));
  printDeviceListBrowser(result);
  console.log(`\nwrote ${writeResult('device-list-browser', result)}`);
}
