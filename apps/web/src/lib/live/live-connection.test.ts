import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '@flotilla/core/schemas/live-events';
import { BACKOFF_MAX_MS, FAILURES_BEFORE_PAUSED, LiveConnection, backoffMs, type LiveStatus } from './live-connection.ts';

/** A stand-in for the API's event stream: each request gets a body the test writes into. */
class FakeEvents {
  readonly requests: Array<{ url: string; headers: Headers; signal: AbortSignal; write(text: string): void; end(): void }> = [];
  status = 200;

  fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const signal = init!.signal!;
    signal.addEventListener('abort', () => {
      try {
        controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    this.requests.push({
      url: String(input),
      headers: new Headers(init!.headers),
      signal,
      write: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
    });
    return Promise.resolve(new Response(this.status === 200 ? body : 'no', { status: this.status }));
  };

  ready(i: number, topics: string[]): void {
    this.requests[i]!.write(`event: ready\ndata: ${JSON.stringify({ topics })}\n\n`);
  }
}

const uuid = 'd'.repeat(32);
const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

function connect(events: FakeEvents, token: string | null = 'session-token') {
  const seen = { messages: [] as LiveMessage[], ready: [] as string[][], statuses: [] as LiveStatus[], unauthorized: 0 };
  const connection = new LiveConnection({
    getToken: () => token,
    fetch: events.fetch,
    onMessage: (m) => seen.messages.push(m),
    onReady: (fresh) => seen.ready.push(fresh),
    onLiveTopics: (_topics, status) => seen.statuses.push(status),
    onUnauthorized: () => (seen.unauthorized += 1),
  });
  return { connection, seen };
}

describe('LiveConnection', () => {
  it('opens one stream for the topics with the token in a header, never in the URL, and is live once ready', async () => {
    const events = new FakeEvents();
    const { connection, seen } = connect(events);
    connection.setTopics([`device:${uuid}`, 'fleet:7:devices']);
    await tick();
    expect(events.requests).toHaveLength(1);
    expect(events.requests[0]!.url).toBe(`/live/v1/events?device=${uuid}&fleet=7`);
    expect(events.requests[0]!.url).not.toContain('session-token');
    expect(events.requests[0]!.headers.get('authorization')).toBe('Bearer session-token');
    expect(connection.status).toBe('connecting');
    events.ready(0, [`device:${uuid}`, 'fleet:7:devices']);
    await tick();
    expect(connection.status).toBe('open');
    expect([...connection.liveTopics]).toEqual([`device:${uuid}`, 'fleet:7:devices']);
    expect(seen.ready).toEqual([[`device:${uuid}`, 'fleet:7:devices']]);

    const event = { type: 'device-removed', uuid, id: 1 };
    // Split mid-message, plus a keep-alive and something that is not ours: one message comes out.
    events.requests[0]!.write(`: keep-alive\n\nevent: change\ndata: {"topic":"device:${uuid}",`);
    events.requests[0]!.write(`"event":${JSON.stringify(event)}}\n\nevent: change\ndata: {"topic":1}\n\n`);
    await tick();
    expect(seen.messages).toEqual([{ topic: `device:${uuid}`, event }]);
    connection.stop();
  });

  it('switches topics make-before-break: the old stream closes only when the new one is ready', async () => {
    const events = new FakeEvents();
    const { connection, seen } = connect(events);
    connection.setTopics(['fleet:7:devices']);
    await tick();
    events.ready(0, ['fleet:7:devices']);
    await tick();
    connection.setTopics(['fleet:7:devices', `device:${uuid}`]);
    await tick();
    expect(events.requests).toHaveLength(2);
    expect(events.requests[0]!.signal.aborted).toBe(false);
    expect(connection.status).toBe('open');
    events.ready(1, ['fleet:7:devices', `device:${uuid}`]);
    await tick();
    expect(events.requests[0]!.signal.aborted).toBe(true);
    // Only the topic the old stream did not hear is new: its cached data is re-read.
    expect(seen.ready.at(-1)).toEqual([`device:${uuid}`]);
    connection.setTopics([]);
    await tick();
    expect(events.requests[1]!.signal.aborted).toBe(true);
    expect(connection.status).toBe('idle');
  });

  it('falls back when the stream drops and reconnects after a backoff, re-reading everything then', async () => {
    const events = new FakeEvents();
    const { connection, seen } = connect(events);
    connection.setTopics(['fleet:7:devices']);
    await tick();
    events.ready(0, ['fleet:7:devices']);
    await tick();
    events.requests[0]!.end();
    await tick();
    expect(connection.status).toBe('down');
    expect(connection.liveTopics.size).toBe(0);
    await tick(1300);
    expect(events.requests).toHaveLength(2);
    events.ready(1, ['fleet:7:devices']);
    await tick();
    expect(connection.status).toBe('open');
    expect(seen.ready).toEqual([['fleet:7:devices'], ['fleet:7:devices']]);
    expect(seen.statuses).toEqual(['connecting', 'open', 'down', 'connecting', 'open']);
    connection.stop();
  });

  // The page's "Live updates paused" notice (ConnectivityAlerts): nothing for one drop the first
  // retry mends, shown from the second failure in a row without flickering while it reconnects,
  // gone once a stream is ready or nothing on screen wants push any more.
  it('counts as failing from the second failure in a row until a stream is ready', async () => {
    expect(FAILURES_BEFORE_PAUSED).toBe(2);
    const events = new FakeEvents();
    events.status = 503;
    const failing: boolean[] = [];
    const connection = new LiveConnection({
      getToken: () => 'session-token',
      fetch: events.fetch,
      onMessage: () => undefined,
      onReady: () => undefined,
      onLiveTopics: () => failing.push(connection.isFailing),
      onUnauthorized: () => undefined,
    });
    connection.setTopics(['fleet:7:devices']);
    await tick(30);
    expect(connection.status).toBe('down');
    expect(connection.isFailing).toBe(false);
    await tick(1300);
    expect(events.requests).toHaveLength(2);
    expect(connection.isFailing).toBe(true);
    // Reconnecting is still failing: the notice does not flicker between attempts.
    events.status = 200;
    await tick(2500);
    expect(events.requests).toHaveLength(3);
    expect(connection.status).toBe('connecting');
    expect(connection.isFailing).toBe(true);
    events.ready(2, ['fleet:7:devices']);
    await tick();
    expect(connection.status).toBe('open');
    expect(connection.isFailing).toBe(false);
    // Told with each status change: connecting, down, connecting, down (failing), connecting, open.
    expect(failing).toEqual([false, false, false, true, true, false]);
    connection.stop();
  });

  it('retries at once when told to (the browser is back online), not after the backoff', async () => {
    const events = new FakeEvents();
    events.status = 503;
    const { connection } = connect(events);
    connection.setTopics(['fleet:7:devices']);
    await tick(30);
    expect(events.requests).toHaveLength(1);
    // Nothing waits before the first failure's backoff (1 s) has run out…
    await tick(100);
    expect(events.requests).toHaveLength(1);
    // …unless the browser says it is online again.
    connection.retryNow();
    await tick(30);
    expect(events.requests).toHaveLength(2);
    // That attempt failed too and waits 2 s; online again: at once.
    events.status = 200;
    connection.retryNow();
    await tick(30);
    expect(events.requests).toHaveLength(3);
    // With no retry waiting (the stream is opening), it does nothing.
    connection.retryNow();
    await tick(30);
    expect(events.requests).toHaveLength(3);
    connection.stop();
  });

  it('forgets its failures when nothing wants push any more', async () => {
    const events = new FakeEvents();
    events.status = 503;
    const { connection } = connect(events);
    connection.setTopics(['fleet:7:devices']);
    await tick(1400);
    expect(connection.isFailing).toBe(true);
    connection.setTopics([]);
    await tick();
    expect(connection.status).toBe('idle');
    expect(connection.isFailing).toBe(false);
    // Back on a live page: one failure is again only one.
    connection.setTopics(['fleet:7:devices']);
    await tick(30);
    expect(connection.status).toBe('down');
    expect(connection.isFailing).toBe(false);
    connection.stop();
  });

  it('opens no stream for topics the endpoint cannot express, and closes the one it had', async () => {
    const events = new FakeEvents();
    const { connection } = connect(events);
    connection.setTopics(['device:NOT-A-UUID', 'fleet:x:devices']);
    await tick();
    expect(events.requests).toHaveLength(0);
    connection.setTopics(['fleet:7:devices']);
    await tick();
    expect(events.requests).toHaveLength(1);
    connection.setTopics(['device:NOT-A-UUID']);
    await tick();
    expect(events.requests[0]!.signal.aborted).toBe(true);
    expect(events.requests).toHaveLength(1);
    connection.stop();
  });

  it('reports a refused session (401) and does not connect without a token', async () => {
    const events = new FakeEvents();
    events.status = 401;
    const { connection, seen } = connect(events);
    connection.setTopics(['fleet:7:devices']);
    await tick(30);
    expect(seen.unauthorized).toBe(1);
    expect(connection.status).toBe('down');
    connection.stop();

    const signedOut = connect(new FakeEvents(), null);
    signedOut.connection.setTopics(['fleet:7:devices']);
    await tick();
    expect(signedOut.connection.status).toBe('idle');
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s up to 30 s, within ±20 %', () => {
    expect([1, 2, 3, 6, 20].map((n) => backoffMs(n, () => 0.5))).toEqual([1000, 2000, 4000, BACKOFF_MAX_MS, BACKOFF_MAX_MS]);
    expect(backoffMs(1, () => 0)).toBe(800);
    expect(backoffMs(1, () => 1)).toBe(1200);
  });
});
