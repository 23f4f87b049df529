// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { deviceKeys } from '../../features/devices/api/devices.queries.ts';
import { setToken, logout } from '../session.ts';
import { LIVE_FALLBACK_POLL_MS, livePollInterval } from './live-poll.ts';
import { startLiveQueries, type LiveQueries } from './live-queries.ts';

const uuid = 'e'.repeat(32);
const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

/** One event stream per request, written by the test (the API's side). */
function fakeEvents() {
  const streams: Array<{ url: string; write(text: string): void; end(): void; signal: AbortSignal }> = [];
  const fetchImpl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init!.signal!.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // closed
      }
    });
    streams.push({ url: String(input), signal: init!.signal!, write: (t) => controller.enqueue(new TextEncoder().encode(t)), end: () => controller.close() });
    return Promise.resolve(new Response(body, { status: 200 }));
  };
  return { streams, fetch: fetchImpl };
}

let live: LiveQueries | undefined;
afterEach(() => {
  live?.stop();
  logout('signed-out');
});

describe('startLiveQueries', () => {
  it("subscribes to the topics of the queries on screen, re-reads what predates the stream, and slows their polling while live", async () => {
    setToken('header.payload.sig');
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const events = fakeEvents();
    live = startLiveQueries(qc, { fetch: events.fetch });
    let reads = 0;
    const observer = new QueryObserver(qc, {
      queryKey: deviceKeys.detail(uuid),
      queryFn: () => ({ uuid, device_name: `read ${++reads}`, cpu_usage: 1 }),
      refetchInterval: livePollInterval(15_000),
    });
    const off = observer.subscribe(() => undefined);
    await tick(100);
    expect(reads).toBe(1);
    expect(events.streams.map((s) => s.url)).toEqual([`/live/v1/events?device=${uuid}`]);
    const interval = livePollInterval(15_000);
    expect(interval({ queryKey: deviceKeys.detail(uuid) })).toBe(15_000);

    events.streams[0]!.write(`event: ready\ndata: {"topics":["device:${uuid}"]}\n\n`);
    await tick(50);
    // The detail was read before the stream was asked for: read once more, then kept by push.
    expect(reads).toBe(2);
    expect(interval({ queryKey: deviceKeys.detail(uuid) })).toBe(LIVE_FALLBACK_POLL_MS);
    const device = { id: 1, uuid, device_name: 'pushed', belongs_to__application: { __id: 7 }, overall_status: 'operational', overall_progress: null, api_heartbeat_state: 'online', is_online: true, is_connected_to_vpn: true, is_active: true, is_frozen: false, last_connectivity_event: null, os_version: null, os_variant: null, supervisor_version: null, ip_address: null, public_address: null, mac_address: null, update_status: null, last_update_status_event: null, note: null, is_web_accessible: false, is_accessible_by_support_until__date: null, latitude: null, longitude: null, custom_latitude: null, custom_longitude: null, cpu_usage: 77, cpu_temp: null, memory_usage: null, memory_total: null, storage_usage: null, storage_total: null, is_undervolted: false, is_running__release: null, should_be_running__release: null, device_tag: [], device_config_variable: [] };
    events.streams[0]!.write(`event: change\ndata: ${JSON.stringify({ topic: `device:${uuid}`, event: { type: 'device', device } })}\n\n`);
    await tick(50);
    expect(observer.getCurrentResult().data).toEqual({ uuid, device_name: 'pushed', cpu_usage: 77 });
    expect(reads).toBe(2);

    // The stream drops: polling at the query's own interval again.
    events.streams[0]!.end();
    await tick(50);
    expect(interval({ queryKey: deviceKeys.detail(uuid) })).toBe(15_000);

    // Leaving the page (no observer) closes the connection, and no retry opens another.
    const opened = events.streams.length;
    off();
    await tick(1500);
    expect(live.connection.status).toBe('idle');
    expect(events.streams.length).toBe(opened);
    expect(events.streams.slice(1).every((s) => s.signal.aborted)).toBe(true);
  });
});
