import { LIVE_EVENTS_PATH, liveMessage, liveReady, type LiveMessage } from '@flotilla/core/schemas/live-events';
import { SseParser } from '@flotilla/core/sse-parser';

/**
 * A browser-like reader of GET /live/v1/events over real HTTP (fetch streaming, the token in
 * the Authorization header, as the dashboard does). Used by the integration tests and the bench.
 */
export class LiveEventsClient {
  readonly messages: Array<LiveMessage & { at: number }> = [];
  comments = 0;
  readonly ready: Promise<string[]>;
  readonly ended: Promise<void>;
  readonly #abort: AbortController;
  readonly #waiters = new Set<() => void>();

  private constructor(body: ReadableStream<Uint8Array>, abort: AbortController) {
    this.#abort = abort;
    let markReady: (topics: string[]) => void = () => undefined;
    this.ready = new Promise((resolve) => (markReady = resolve));
    const parser = new SseParser(
      (m) => {
        if (m.event === 'ready') markReady(liveReady.parse(JSON.parse(m.data)).topics);
        else if (m.event === 'change') this.messages.push({ ...liveMessage.parse(JSON.parse(m.data)), at: performance.now() });
        for (const wake of this.#waiters) wake();
      },
      () => (this.comments += 1),
    );
    this.ended = (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of body) parser.push(decoder.decode(chunk, { stream: true }));
      } catch {
        // Aborted by close(), or the server went away: the stream has ended either way.
      }
      for (const wake of this.#waiters) wake();
    })();
  }

  /** Opens the stream; a refusal resolves to its status and body instead. */
  static async open(baseUrl: string, token: string, topics: { device?: string[]; fleet?: number[] }): Promise<LiveEventsClient | { status: number; body: string }> {
    const query = new URLSearchParams();
    for (const uuid of topics.device ?? []) query.append('device', uuid);
    for (const id of topics.fleet ?? []) query.append('fleet', String(id));
    const abort = new AbortController();
    const res = await fetch(`${baseUrl}${LIVE_EVENTS_PATH}?${query}`, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
    if (res.status !== 200 || !res.body) return { status: res.status, body: await res.text() };
    return new LiveEventsClient(res.body, abort);
  }

  /** Resolves once `check` holds over the messages so far (or fails after `timeoutMs`). */
  async waitFor(check: (messages: readonly LiveMessage[]) => boolean, timeoutMs = 5000): Promise<void> {
    if (check(this.messages)) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(wake);
        reject(new Error(`no matching live event within ${timeoutMs} ms; got ${JSON.stringify(this.messages.map((m) => m.event.type))}`));
      }, timeoutMs);
      const wake = () => {
        if (!check(this.messages)) return;
        clearTimeout(timer);
        this.#waiters.delete(wake);
        resolve();
      };
      this.#waiters.add(wake);
    });
  }

  async close(): Promise<void> {
    this.#abort.abort();
    await this.ended;
  }
}
