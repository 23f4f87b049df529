import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startStack, WEB_DIST } from '../e2e/support/stack.ts';
import { newSignedInContext, seedBrowserFleet } from './device-list-browser.bench.ts';
import { isMain, readIntOptions } from './lib/args.ts';
import { environmentInfo, printTable, writeResult, type BenchRow } from './lib/report.ts';
import { percentile } from './lib/stats.ts';

/**
 * Issue 16 W12 (bench/README.md "device-list-scroll"): the fleet's device list with N devices on
 * one page (`?size=N`, one request, every row in memory, the table virtualized) scrolled from
 * top to bottom in Chromium, while a Chromium trace records every frame. Reported: DOM nodes
 * (`document.getElementsByTagName('*').length`) at the top, the most seen while scrolling and at
 * the bottom; frames per second and frame times from the trace (the compositor's
 * `PipelineReporter` per frame: presented with the page's update, partially, dropped) and from
 * the page's own `requestAnimationFrame` intervals; long tasks (> 50 ms) on the page's main
 * thread.
 *
 * The CEILING, same run, same browser, same scroll: a static page on the same origin with the
 * same N devices (the dashboard's request sent again) in a table of the same row height and
 * container size, virtualized by ~30 lines of hand-written script (`ceilingHtml`): what is left
 * over it is the dashboard's own per-frame work — React, the virtualizer, the cells' components.
 * Ratio = dashboard fps ÷ ceiling fps; the issue's bar (60 fps) is on the dashboard's own fps.
 * `--plain 1` adds a reference side: the N rows as one plain table, nothing virtualized.
 *
 *   E2E_WEB_DIST=/tmp/dist npx tsx bench/device-list-scroll.bench.ts [--devices 10000] [--seconds 5] [--rounds 3] [--plain 1]
 */
export const DEVICE_LIST_SCROLL_DEFAULTS = {
  devices: 10_000,
  /** Top to bottom in this many seconds, driven by requestAnimationFrame. */
  seconds: 5,
  /** Scrolls per side; the sides alternate (dashboard, ceiling, ceiling, dashboard…). */
  rounds: 3,
  /** 1: also scroll the N rows as one plain, unvirtualized table (a reference, not the ceiling). */
  plain: 0,
  /** 1: print where each side's main thread spent the scroll (trace events by self time, hottest JS functions). */
  profile: 0,
};
export type DeviceListScrollOptions = typeof DEVICE_LIST_SCROLL_DEFAULTS;

/** The bars. */
export const TARGET_FPS = 60;
export const TARGET_DOM_NODES = 1500;
/** A long task, as the Long Tasks API counts it. */
const LONG_TASK_MS = 50;

const REGION = '[role="region"][aria-label="Devices"]';
const CEILING_PATH = '/__bench/device-list-scroll-ceiling.html';

/** The pages the dashboard is held against: `virtual` is the ceiling, `plain` a reference (`--plain 1`). */
type CeilingMode = 'virtual' | 'plain';

/**
 * A static page with the same N devices (the dashboard's own request, sent again) in a table of
 * the dashboard's body2 text, 6/16 px padding and a 1 px border — its 33 px row — in a scroll
 * container of the same height.
 *
 * `virtual`, the ceiling: hand-written virtualization, the simplest code that does the
 * dashboard's job. A fixed pool of `<tr>`s (the rows in view and 4 above and below, as
 * DataTable's overscan) between two spacer rows; on each scroll event the pool's cells get the
 * rows at the new offset by `textContent`. No framework, no per-row elements made or dropped.
 *
 * `plain`: all N rows written once, nothing virtualized, no script while scrolling (~9 nodes a
 * row: 90 000 at 10 000 rows). Kept as a reference: on this headless Chromium (software
 * raster, --disable-gpu) scrolling it shows single-digit frame rates, so it is no ceiling — it
 * is what virtualizing saves.
 */
function ceilingHtml(pageUrl: string, height: number, mode: CeilingMode): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>ceiling</title><style>
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
#scroller { height: ${height}px; overflow: auto; overscroll-behavior: contain; }
table { border-collapse: collapse; width: 100%; }
th { position: sticky; top: 0; background: #fff; text-align: left; padding: 6px 16px; font-weight: 500; font-size: 14px; line-height: 1.5; border-bottom: 1px solid #e0e0e0; }
td { padding: 6px 16px; font-size: 14px; line-height: 1.43; white-space: nowrap; border-bottom: 1px solid #e0e0e0; }
td.spacer { padding: 0; border: 0; }
</style></head><body><div id="scroller" role="region" aria-label="Devices"><table><thead><tr><th>Name</th><th>Status</th><th>UUID</th><th>Device type</th><th>OS</th><th>Release</th><th>IP</th><th>Last seen</th></tr></thead><tbody id="rows"></tbody></table></div>
<script>
const ROW = 33, OVERSCAN = 4, COLUMNS = 8;
const tr = (cells) => { const r = document.createElement('tr'); for (const c of cells) r.appendChild(c); return r; };
const td = (text) => { const c = document.createElement('td'); c.textContent = text; return c; };
fetch(${JSON.stringify(pageUrl)}, { headers: { Authorization: 'Bearer ' + localStorage.getItem('flotilla.token') } }).then((r) => r.json()).then((page) => {
  const data = page.d.map((d) => [d.device_name, d.overall_status, d.uuid, d.is_of__device_type[0]?.name, d.os_version, d.is_running__release[0]?.raw_version, d.ip_address, d.last_connectivity_event].map((v) => v ?? ''));
  const body = document.getElementById('rows');
  const scroller = document.getElementById('scroller');
  if (${JSON.stringify(mode)} === 'plain') {
    const all = document.createDocumentFragment();
    for (const row of data) all.appendChild(tr(row.map(td)));
    body.appendChild(all);
  } else {
    const count = Math.min(data.length, Math.ceil(scroller.clientHeight / ROW) + 2 * OVERSCAN + 1);
    const spacer = () => { const c = td(''); c.className = 'spacer'; c.colSpan = COLUMNS; return c; };
    const above = spacer(), below = spacer();
    const pool = Array.from({ length: count }, () => Array.from({ length: COLUMNS }, () => td('')));
    body.append(tr([above]), ...pool.map(tr), tr([below]));
    let shown = -1;
    const render = () => {
      const first = Math.max(0, Math.min(data.length - count, Math.floor(scroller.scrollTop / ROW) - OVERSCAN));
      if (first === shown) return;
      shown = first;
      above.style.height = first * ROW + 'px';
      below.style.height = (data.length - first - count) * ROW + 'px';
      pool.forEach((cells, i) => cells.forEach((c, j) => { c.textContent = data[first + i][j]; }));
    };
    scroller.addEventListener('scroll', render, { passive: true });
    render();
  }
  document.body.dataset.ready = String(data.length);
});
</script></body></html>`;
}

/**
 * The scroll, in the page (a string: the dashboard's CSP forbids eval, and tsx would add helpers
 * to a function's source): scrollTop from 0 to the end in `ms`, set in each animation frame from
 * the time elapsed (so a slow frame skips ahead, as a scrollbar drag would), DOM nodes counted
 * every frame, the frames' timestamps kept. Marks bound the trace's window.
 */
function scrollScript(selector: string, ms: number): string {
  return `new Promise((resolve) => {
  const el = document.querySelector(${JSON.stringify(selector)});
  const all = document.getElementsByTagName('*');
  const top = all.length;
  let max = top;
  const frames = [];
  const range = el.scrollHeight - el.clientHeight;
  let t0;
  performance.mark('w12-start');
  const step = (t) => {
    if (t0 === undefined) t0 = t;
    frames.push(t);
    const p = Math.min(1, (t - t0) / ${ms});
    el.scrollTop = p * range;
    max = Math.max(max, all.length);
    if (p < 1) requestAnimationFrame(step);
    else {
      performance.mark('w12-end');
      // Two more frames: the rows of the last position rendered.
      requestAnimationFrame(() => requestAnimationFrame(() => resolve({ top, max: Math.max(max, all.length), bottom: all.length, frames, range, scrollTop: el.scrollTop })));
    }
  };
  requestAnimationFrame(step);
})`;
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; frame_reporter?: { frame_sequence?: number; state?: string } };
}

/** What one scroll's trace says about its frames. */
export interface FrameStats {
  windowMs: number;
  /** Frames (vsyncs) the compositor began in the window. */
  frames: number;
  /** Presented with the page's update (what a main-thread scroll shows as movement). */
  presented: number;
  /** Presented without the page's update (the compositor's frame went out, the main thread's work missed it). */
  partial: number;
  dropped: number;
  /** The display's frame interval, ms: the median interval between frames begun (16.7 at 60 Hz). */
  vsyncMs: number;
  /** Presented frames per second: presented ÷ frames × the display's rate (every frame presented = the display's rate, with no edge effects of the window). */
  fps: number;
  /** Intervals between presented frames, ms. */
  frameTimesMs: number[];
  longTasks: number;
  longestTaskMs: number;
  /** Share of the window the page's main thread spent in tasks. */
  mainThreadBusy: number;
}

const STATE_RANK: Record<string, number> = { STATE_PRESENTED_ALL: 3, STATE_PRESENTED_PARTIAL: 2, STATE_DROPPED: 1, STATE_NO_UPDATE_DESIRED: 0 };

/**
 * Frames from the trace. A `PipelineReporter` is the compositor's record of one frame
 * (`frame_sequence`, one per vsync) and how it ended; a sequence can have several (a forked
 * reporter when the main thread's frame was still in flight): each sequence counts once, by the
 * best of its reporters. Long tasks are the renderer main thread's `RunTask`s over 50 ms.
 */
export function frameStats(events: readonly TraceEvent[]): FrameStats {
  const mark = (name: string) => events.find((e) => e.name === name && e.cat.includes('blink.user_timing'));
  const start = mark('w12-start');
  const end = mark('w12-end');
  if (!start || !end) throw new Error('the trace holds no w12-start/w12-end marks');
  const pid = start.pid;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain');
  const inWindow = (e: TraceEvent) => e.pid === pid && e.ts >= start.ts && e.ts <= end.ts;
  const best = new Map<number, { state: string; ts: number }>();
  for (const e of events) {
    const r = e.args?.frame_reporter;
    if (e.name !== 'PipelineReporter' || e.ph !== 'b' || !inWindow(e) || r?.frame_sequence === undefined || !r.state) continue;
    const seen = best.get(r.frame_sequence);
    if (!seen || (STATE_RANK[r.state] ?? 0) > (STATE_RANK[seen.state] ?? 0)) best.set(r.frame_sequence, { state: r.state, ts: Math.min(e.ts, seen?.ts ?? e.ts) });
  }
  const sequences = [...best.values()].sort((a, b) => a.ts - b.ts);
  const presentedAt = sequences.filter((s) => s.state === 'STATE_PRESENTED_ALL').map((s) => s.ts);
  const begun = sequences.slice(1).map((s, i) => (s.ts - sequences[i]!.ts) / 1000).sort((a, b) => a - b);
  const vsyncMs = begun.length ? percentile(begun, 50) : 1000 / 60;
  const frames = sequences.filter((s) => s.state !== 'STATE_NO_UPDATE_DESIRED').length;
  // A task of the thread's scheduler (category toplevel; DevTools' `RunTask` is the same span).
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.tid === main?.tid && inWindow(e));
  const taskMs = tasks.map((e) => (e.dur ?? 0) / 1000);
  const windowMs = (end.ts - start.ts) / 1000;
  return {
    windowMs: Math.round(windowMs),
    frames,
    vsyncMs: Math.round(vsyncMs * 100) / 100,
    presented: presentedAt.length,
    partial: sequences.filter((s) => s.state === 'STATE_PRESENTED_PARTIAL').length,
    dropped: sequences.filter((s) => s.state === 'STATE_DROPPED').length,
    fps: round1((presentedAt.length / Math.max(1, frames)) * (1000 / vsyncMs)),
    frameTimesMs: presentedAt.slice(1).map((t, i) => (t - presentedAt[i]!) / 1000),
    longTasks: taskMs.filter((ms) => ms > LONG_TASK_MS).length,
    longestTaskMs: round1(Math.max(0, ...taskMs)),
    mainThreadBusy: Math.round((taskMs.reduce((a, b) => a + b, 0) / windowMs) * 100) / 100,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const FRAME_CATEGORIES = ['disabled-by-default-devtools.timeline.frame', 'toplevel', 'blink.user_timing', '__metadata'];
/** `--profile 1`: what DevTools' Performance panel records (scripts, style, layout, paint, GC). */
const PROFILE_CATEGORIES = [...FRAME_CATEGORIES, 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.console'];

/** Records a trace around `fn` through CDP: the frame pipeline, tasks, user timing marks. */
async function traced<T>(cdp: CDPSession, fn: () => Promise<T>, categories = FRAME_CATEGORIES): Promise<{ value: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const collect = (e: { value: object[] }) => void events.push(...(e.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: categories, excludedCategories: ['*'] },
  });
  const value = await fn();
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return { value, events };
}

interface InPage {
  top: number;
  max: number;
  bottom: number;
  frames: number[];
  range: number;
  scrollTop: number;
}

export interface ScrollRun {
  domNodes: { top: number; max: number; bottom: number };
  scrolledPx: number;
  trace: FrameStats;
  /** requestAnimationFrame: frames per second over the scroll, and intervals, ms. */
  rafFps: number;
  rafIntervalsMs: number[];
  profile?: ScrollProfile;
}

/** `--profile 1`: where the main thread's time went during the scroll, ms (the largest first). */
export interface ScrollProfile {
  /** Trace events on the page's main thread by self time (children's time taken out): FunctionCall, Layout, Paint… */
  byEvent: Array<[string, number]>;
  /** JavaScript functions by self time from a CPU profile (name, file:line). */
  byFunction: Array<[string, number]>;
}

function selfTimeByEvent(events: readonly TraceEvent[]): Array<[string, number]> {
  const start = events.find((e) => e.name === 'w12-start')!;
  const end = events.find((e) => e.name === 'w12-end')!;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain');
  const spans = events.filter((e) => e.ph === 'X' && e.pid === start.pid && e.tid === main?.tid && e.ts >= start.ts && e.ts <= end.ts).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const e of spans) {
    while (stack.length && stack.at(-1)!.ts + (stack.at(-1)!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  return top([...self].map(([name, us]) => [name, us / 1000]));
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples?: number[];
  timeDeltas?: number[];
}

function selfTimeByFunction(profile: CpuProfile): Array<[string, number]> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = nodes.get(id)!;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return top([...self]);
}

const top = (entries: Array<[string, number]>, n = 25): Array<[string, number]> =>
  entries.sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => [k, round1(ms)]);

async function scrollOnce(page: Page, selector: string, seconds: number, profile: boolean): Promise<ScrollRun> {
  const cdp = await page.context().newCDPSession(page);
  // The page settles first (late requests, fonts, the first idle work) so the trace holds the scroll only.
  await page.waitForTimeout(500);
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  const { value, events } = await traced(cdp, async () => (await page.evaluate(scrollScript(selector, seconds * 1000))) as InPage, profile ? PROFILE_CATEGORIES : FRAME_CATEGORIES);
  const cpu = profile ? ((await cdp.send('Profiler.stop')).profile as CpuProfile) : undefined;
  await cdp.detach();
  const f = value.frames;
  return {
    domNodes: { top: value.top, max: value.max, bottom: value.bottom },
    scrolledPx: Math.round(value.scrollTop),
    trace: frameStats(events),
    rafFps: round1(((f.length - 1) * 1000) / (f.at(-1)! - f[0]!)),
    rafIntervalsMs: f.slice(1).map((t, i) => t - f[i]!),
    profile: cpu ? { byEvent: selfTimeByEvent(events), byFunction: selfTimeByFunction(cpu) } : undefined,
  };
}

/** One side over its rounds: frames pooled, counts summed, DOM nodes the worst seen. */
export interface SideSummary {
  runs: ScrollRun[];
  domNodesTop: number;
  domNodesMax: number;
  domNodesBottom: number;
  fps: number;
  frameTimeP50Ms: number;
  frameTimeP95Ms: number;
  /** 1000 ÷ the 95th-percentile frame time: the rate 95 % of frames keep up with. */
  fpsAtP95: number;
  presented: number;
  partial: number;
  dropped: number;
  longTasks: number;
  longestTaskMs: number;
  mainThreadBusy: number;
  rafFps: number;
  rafIntervalP95Ms: number;
}

function summarizeSide(runs: ScrollRun[]): SideSummary {
  const times = runs.flatMap((r) => r.trace.frameTimesMs).sort((a, b) => a - b);
  const raf = runs.flatMap((r) => r.rafIntervalsMs).sort((a, b) => a - b);
  const sum = (f: (r: ScrollRun) => number) => runs.reduce((a, r) => a + f(r), 0);
  const p95 = times.length ? percentile(times, 95) : Number.POSITIVE_INFINITY;
  return {
    runs,
    domNodesTop: Math.max(...runs.map((r) => r.domNodes.top)),
    domNodesMax: Math.max(...runs.map((r) => r.domNodes.max)),
    domNodesBottom: Math.max(...runs.map((r) => r.domNodes.bottom)),
    fps: round1((sum((r) => r.trace.presented) / Math.max(1, sum((r) => r.trace.frames))) * (1000 / percentile(runs.map((r) => r.trace.vsyncMs).sort((a, b) => a - b), 50))),
    frameTimeP50Ms: round1(times.length ? percentile(times, 50) : Number.POSITIVE_INFINITY),
    frameTimeP95Ms: round1(p95),
    fpsAtP95: round1(1000 / p95),
    presented: sum((r) => r.trace.presented),
    partial: sum((r) => r.trace.partial),
    dropped: sum((r) => r.trace.dropped),
    longTasks: sum((r) => r.trace.longTasks),
    longestTaskMs: Math.max(...runs.map((r) => r.trace.longestTaskMs)),
    mainThreadBusy: Math.round((runs.reduce((a, r) => a + r.trace.mainThreadBusy, 0) / runs.length) * 100) / 100,
    rafFps: round1(((raf.length) * 1000) / raf.reduce((a, b) => a + b, 0)),
    rafIntervalP95Ms: round1(raf.length ? percentile(raf, 95) : Number.POSITIVE_INFINITY),
  };
}

export interface DeviceListScrollResult {
  name: 'device-list-scroll';
  options: DeviceListScrollOptions;
  seedMs: number;
  environment: Record<string, unknown>;
  viewport: { width: number; height: number };
  /** The scroll container's height and scroll range on the dashboard (px). */
  container: { height: number; range: number };
  dashboard: SideSummary;
  ceiling: SideSummary;
  /** `--plain 1`: the unvirtualized table. */
  plain?: SideSummary;
  ratioFps: number;
  ratioFpsAtP95: number;
}

const VIEWPORT = { width: 1440, height: 900 };

/** Opens the page and waits until the dashboard's table holds every row, or a static page (`html`) has its rows. */
async function open(context: BrowserContext, url: string, devices: number, html?: string): Promise<Page> {
  const page = await context.newPage();
  if (html !== undefined) await page.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(url);
  if (html === undefined) {
    await page.locator(`table[aria-rowcount="${devices + 1}"] tbody tr[aria-rowindex="2"]`).waitFor({ timeout: 120_000 });
  } else {
    await page.locator(`body[data-ready="${devices}"]`).waitFor({ timeout: 120_000 });
  }
  return page;
}

export async function runDeviceListScrollBench(options: DeviceListScrollOptions): Promise<DeviceListScrollResult> {
  const stack = await startStack();
  const browser = await launchBrowser().catch(async (err: unknown) => {
    await stack.close();
    throw err;
  });
  try {
    console.log(`seeding ${options.devices} devices, serving ${WEB_DIST} …`);
    const { token, fleetId, seedMs } = await seedBrowserFleet(stack, options.devices);
    const context = await newSignedInContext(browser, token);
    const appUrl = `${stack.url}/fleets/${fleetId}/devices?size=${options.devices}`;

    // The dashboard's first load: the request the ceiling repeats, and the container's size.
    let pageUrl: string | undefined;
    const listen = (r: { url(): string }) => void (r.url().includes('/v7/device?') && (pageUrl ??= r.url()));
    context.on('request', listen);
    const first = await open(context, appUrl, options.devices);
    context.off('request', listen);
    const container = (await first.evaluate(`(() => { const el = document.querySelector(${JSON.stringify(REGION)}); return { height: el.clientHeight, range: el.scrollHeight - el.clientHeight }; })()`)) as { height: number; range: number };
    await first.close();
    if (!pageUrl) throw new Error('the dashboard sent no device page request');
    if (!decodeURIComponent(pageUrl).includes(`$top=${options.devices}`)) throw new Error(`the dashboard did not ask for all ${options.devices} devices at once: ${pageUrl}`);
    const html: Record<CeilingMode, string> = { virtual: ceilingHtml(pageUrl, container.height, 'virtual'), plain: ceilingHtml(pageUrl, container.height, 'plain') };
    const ceilingUrl = `${stack.url}${CEILING_PATH}`;

    const runs = { app: [] as ScrollRun[], ceiling: [] as ScrollRun[], plain: [] as ScrollRun[] };
    const order: (keyof typeof runs)[] = options.plain ? ['app', 'ceiling', 'plain'] : ['app', 'ceiling'];
    for (let i = 0; i < options.rounds; i++) {
      // Alternate which side goes first, so neither always meets a warmer machine.
      for (const side of i % 2 === 0 ? order : [...order].reverse()) {
        const page = side === 'app' ? await open(context, appUrl, options.devices) : await open(context, ceilingUrl, options.devices, html[side === 'ceiling' ? 'virtual' : 'plain']);
        const run = await scrollOnce(page, REGION, options.seconds, options.profile === 1);
        if (side === 'app') await page.locator(`tbody tr[aria-rowindex="${options.devices + 1}"]`).waitFor({ timeout: 10_000 });
        await page.close();
        runs[side].push(run);
        console.log(`round ${i + 1} ${side.padEnd(7)} ${run.trace.fps} fps (rAF ${run.rafFps}), ${run.trace.presented}/${run.trace.frames} presented, ${run.trace.partial} partial, ${run.trace.dropped} dropped, ${run.trace.longTasks} long tasks, DOM ${run.domNodes.top}/${run.domNodes.max}/${run.domNodes.bottom}`);
      }
    }
    const dashboard = summarizeSide(runs.app);
    const ceiling = summarizeSide(runs.ceiling);
    return {
      name: 'device-list-scroll',
      options,
      seedMs,
      environment: { ...(await environmentInfo(process.env.DATABASE_URL ? 'postgresql' : 'pglite')), browser: browser.version(), webDist: WEB_DIST },
      viewport: VIEWPORT,
      container,
      dashboard,
      ceiling,
      plain: options.plain ? summarizeSide(runs.plain) : undefined,
      ratioFps: round2(dashboard.fps / ceiling.fps),
      ratioFpsAtP95: round2(dashboard.fpsAtP95 / ceiling.fpsAtP95),
    };
  } finally {
    await browser.close();
    await stack.close();
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function printDeviceListScroll(r: DeviceListScrollResult): void {
  const row = (label: string, s: SideSummary, ratio: string): (string | number)[] => [
    label,
    `${s.domNodesTop}/${s.domNodesMax}/${s.domNodesBottom}`,
    s.fps,
    s.frameTimeP50Ms,
    s.frameTimeP95Ms,
    s.fpsAtP95,
    `${s.presented}/${s.partial}/${s.dropped}`,
    `${s.longTasks} (${s.longestTaskMs} ms)`,
    `${Math.round(s.mainThreadBusy * 100)} %`,
    `${s.rafFps} / ${s.rafIntervalP95Ms}`,
    ratio,
  ];
  printTable(
    `Device list scroll in Chromium (W12) — ${r.options.devices} rows, top to bottom in ${r.options.seconds} s (${r.container.range} px), ${r.options.rounds} rounds; target ≥ ${TARGET_FPS} fps, ≤ ${TARGET_DOM_NODES} DOM nodes`,
    ['side', 'DOM top/max/bottom', 'fps', 'frame p50 ms', 'p95 ms', 'fps at p95', 'presented/partial/dropped', 'long tasks (max)', 'main busy', 'rAF fps / p95 ms', 'ratio fps (p95)'],
    [
      row('dashboard (virtualized DataTable)', r.dashboard, `${r.ratioFps}× (${r.ratioFpsAtP95}×)`),
      row('ceiling (hand-written virtualization)', r.ceiling, '1×'),
      ...(r.plain ? [row(`reference: plain ${r.options.devices}-row table`, r.plain, `${round2(r.plain.fps / r.ceiling.fps)}×`)] : []),
    ],
  );
}

/** Why `npm run bench` cannot run W12 here: no built dashboard (apps/web/dist, or E2E_WEB_DIST), no Chromium. */
export function deviceListScrollUnavailable(): string | null {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(join(WEB_DIST, 'index.html'))) return `no built dashboard at ${WEB_DIST} (npm run build, or E2E_WEB_DIST=<a build>)`;
  if (!existsSync(chromium)) return `no Chromium at ${chromium} (CHROMIUM_PATH)`;
  return null;
}

/** W12's rows for `npm run bench`: DOM nodes and frames per second, each with its growth point at `size` rows. */
export function deviceListScrollRows(r: DeviceListScrollResult, size: number): BenchRow[] {
  const d = r.dashboard;
  const c = r.ceiling;
  const base = { workload: 'W12', size: `${r.options.devices.toLocaleString('en-US')} rows`, sizeUnit: 'rows', ceilingNote: 'hand-written virtualization, same rows' };
  return [
    {
      ...base,
      name: 'device list in Chromium, DOM nodes (most while scrolling)',
      ceilingNote: 'hand-written virtualization: its table alone (the dashboard counts its shell too)',
      figure: d.domNodesMax,
      unit: 'nodes',
      ceiling: c.domNodesMax,
      ratio: round2(d.domNodesMax / c.domNodesMax),
      target: { on: 'figure', op: '<=', value: TARGET_DOM_NODES, text: `≤ ${TARGET_DOM_NODES.toLocaleString('en-US')}` },
      growth: { unit: 'nodes', points: [{ size, value: d.domNodesMax }] },
      notes: [`top ${d.domNodesTop}, bottom ${d.domNodesBottom}`],
    },
    {
      ...base,
      name: `device list scrolled top to bottom in ${r.options.seconds} s, fps (trace)`,
      figure: d.fps,
      unit: 'fps',
      ceiling: c.fps,
      ratio: r.ratioFps,
      target: { on: 'figure', op: '>=', value: TARGET_FPS, text: `≥ ${TARGET_FPS} fps` },
      growth: { unit: 'ms/frame', points: [{ size, value: round1(1000 / d.fps) }] },
      notes: [
        `p95 frame ${d.frameTimeP95Ms} ms (${d.fpsAtP95} fps; ceiling ${c.frameTimeP95Ms} ms)`,
        `dropped ${d.dropped}, partial ${d.partial} of ${d.presented + d.partial + d.dropped} frames (ceiling ${c.dropped}, ${c.partial})`,
        `long tasks ${d.longTasks} (max ${d.longestTaskMs} ms; ceiling ${c.longTasks})`,
        `rAF ${d.rafFps} fps`,
        `${r.container.range.toLocaleString('en-US')} px`,
      ],
    },
  ];
}

if (isMain(import.meta.url)) {
  const result = await runDeviceListScrollBench(readIntOptions(process.argv.slice(2), DEVICE_LIST_SCROLL_DEFAULTS));
  printDeviceListScroll(result);
  if (result.options.profile) {
    for (const [side, s] of Object.entries({ dashboard: result.dashboard, ceiling: result.ceiling })) {
      const p = s.runs.at(-1)?.profile;
      if (!p) continue;
      printTable(`${side}: main thread by trace event, self ms (last round)`, ['event', 'ms'], p.byEvent);
      printTable(`${side}: JavaScript by function, self ms (last round)`, ['function', 'ms'], p.byFunction);
    }
  }
  console.log(`\nwrote ${writeResult('device-list-scroll', result)}`);
}
