import { LIVE_EVENTS_PATH, LIVE_KEEPALIVE_MS, liveMessage, liveReady, type LiveMessage } from '@flotilla/core/schemas/live-events';
import { SseParser } from '@flotilla/core/sse-parser';
import { topicsQuery } from './live-topics.ts';

/**
 * The page's one push connection (GET /live/v1/events, Server-Sent Events read with fetch so
 * the session token travels in the Authorization header, never in the URL).
 *
 * - The topic set follows the cached queries on screen (live-queries.ts); a change opens a new
 *   stream and closes the old one only once the new one is `ready`, so topics on both never
 *   miss an event (an event heard on both meanwhile is applied twice, which changes nothing).
 * - A dropped stream is retried with exponential backoff (1 s doubling to 30 s, ±20 % jitter); a
 *   stream silent for two keep-alive periods counts as dropped.
 * - `onReady` names the topics that were not live before this stream: their cached data may
 *   predate the subscription and is re-read then.
 * - `isFailing`: push has failed FAILURES_BEFORE_PAUSED times in a row for the topics on screen,
 *   so the page says live updates are paused (the lists poll meanwhile) until a stream is ready.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'down';

export interface LiveConnectionOptions {
  getToken: () => string | null;
  onMessage: (message: LiveMessage) => void;
  /** A stream became ready: `fresh` are the topics it hears that no stream heard before; `since` when it was requested. */
  onReady: (fresh: string[], since: number) => void;
  /** Topics live changed (status open / down): polling intervals depend on it. */
  onLiveTopics: (topics: ReadonlySet<string>, status: LiveStatus) => void;
  /** The server refused the session (401): the app signs out, as for any other call. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  now?: () => number;
}

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** Failures in a row before the page says push is paused: one drop that the first retry (1 s) mends is not worth a word. */
export const FAILURES_BEFORE_PAUSED = 2;
/** Two keep-alives missed: the stream is dead even if the socket does not say so. */
export const STALL_MS = 2 * LIVE_KEEPALIVE_MS + 5_000;

/** Retry delay after `failures` consecutive failures (1, 2, 4 … 30 s), jittered by ±20 %. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface Stream {
  topics: ReadonlySet<string>;
  abort: AbortController;
  requestedAt: number;
  isReady: boolean;
  /** Closed on purpose (replaced, signed out, page left): its end is not a failure. */
  isDiscarded: boolean;
}

export class LiveConnection {
  readonly #options: LiveConnectionOptions;
  #wanted: ReadonlySet<string> = new Set();
  #current: Stream | null = null;
  #pending: Stream | null = null;
  #live: ReadonlySet<string> = new Set();
  #status: LiveStatus = 'idle';
  #failures = 0;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #isStopped = false;

  constructor(options: LiveConnectionOptions) {
    this.#options = options;
  }

  get status(): LiveStatus {
    return this.#status;
  }

  get liveTopics(): ReadonlySet<string> {
    return this.#live;
  }

  /** Push keeps failing (no stream ready since FAILURES_BEFORE_PAUSED failures in a row); told with each status change. */
  get isFailing(): boolean {
    return this.#failures >= FAILURES_BEFORE_PAUSED && this.#status !== 'open' && this.#status !== 'idle';
  }

  /** The topics the page wants now; opens, replaces or closes the stream to match. */
  setTopics(topics: Iterable<string>): void {
    const next = new Set(topics);
    if (sameSet(next, this.#wanted)) return;
    this.#wanted = next;
    this.#reconcile();
  }

  /**
   * Retries now instead of waiting out the backoff (the browser is back online: the backoff may
   * have grown to 30 s while it was not). Nothing to do unless a retry is waiting.
   */
  retryNow(): void {
    if (this.#retryTimer) this.#reconcile();
  }

  /** The session changed (new token, or signed out): start over with it. */
  restart(): void {
    this.#closeAll();
    this.#reconcile();
  }

  stop(): void {
    this.#isStopped = true;
    this.#closeAll();
  }

  #reconcile(): void {
    if (this.#isStopped) return;
    if (this.#retryTimer) {
      clearTimeout(this.#retryTimer);
      this.#retryTimer = null;
    }
    if (this.#pending && !sameSet(this.#pending.topics, this.#wanted)) {
      discard(this.#pending);
      this.#pending = null;
    }
    if (this.#pending) return;
    // No topic the endpoint can express (none, or none of a known shape): no stream at all — an
    // idle one would only fail with 401 once the session ends and sign the user out early.
    if (topicsQuery(this.#wanted) === '' || this.#options.getToken() === null) {
      this.#closeAll();
      return;
    }
    if (this.#current && sameSet(this.#current.topics, this.#wanted)) return;
    this.#open(this.#wanted);
  }

  #open(topics: ReadonlySet<string>): void {
    const stream: Stream = { topics, abort: new AbortController(), requestedAt: (this.#options.now ?? Date.now)(), isReady: false, isDiscarded: false };
    this.#pending = stream;
    if (!this.#current) this.#setStatus('connecting');
    void this.#run(stream);
  }

  async #run(stream: Stream): Promise<void> {
    const fetchImpl = this.#options.fetch ?? fetch;
    const token = this.#options.getToken();
    let stall: ReturnType<typeof setTimeout> | null = null;
    const resetStall = () => {
      if (stall) clearTimeout(stall);
      stall = setTimeout(() => stream.abort.abort(), STALL_MS);
    };
    try {
      const response = await fetchImpl(`${LIVE_EVENTS_PATH}?${topicsQuery(stream.topics)}`, {
        headers: { Accept: 'text/event-stream', 'X-Balena-Client': 'flotilla-dashboard', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal: stream.abort.signal,
        cache: 'no-store',
      });
      if (response.status === 401) {
        this.#options.onUnauthorized();
        throw new Error('unauthorized');
      }
      if (!response.ok || !response.body) throw new Error(`live events: ${response.status}`);
      resetStall();
      const parser = new SseParser((m) => this.#handle(stream, m.event, m.data), resetStall);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        resetStall();
        parser.push(value);
      }
    } catch {
      // Ended below: aborted on purpose, network gone, refused, or stalled.
    } finally {
      if (stall) clearTimeout(stall);
    }
    this.#ended(stream);
  }

  #handle(stream: Stream, event: string, data: string): void {
    if (stream.abort.signal.aborted) return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    if (event === 'ready') {
      if (!liveReady.safeParse(json).success) return;
      this.#becameReady(stream);
      return;
    }
    if (event !== 'change') return;
    const message = liveMessage.safeParse(json);
    if (message.success) this.#options.onMessage(message.data);
  }

  #becameReady(stream: Stream): void {
    if (this.#pending !== stream) return;
    const previous = this.#live;
    const old = this.#current;
    this.#current = stream;
    this.#pending = null;
    stream.isReady = true;
    if (old) discard(old);
    this.#failures = 0;
    this.#live = stream.topics;
    this.#setStatus('open');
    this.#options.onReady(
      [...stream.topics].filter((t) => !previous.has(t)),
      stream.requestedAt,
    );
  }

  #ended(stream: Stream): void {
    if (this.#pending === stream) this.#pending = null;
    const wasCurrent = this.#current === stream;
    if (wasCurrent) this.#current = null;
    if (stream.isDiscarded || this.#isStopped || this.#pending) return;
    // Dropped, refused or stalled: fall back to polling (if it was the live one) and retry.
    this.#failures += 1;
    if (wasCurrent || !this.#current) {
      this.#live = new Set();
      this.#setStatus('down');
    }
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      this.#reconcile();
    }, backoffMs(this.#failures));
  }

  #closeAll(): void {
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#retryTimer = null;
    const streams = [this.#current, this.#pending];
    this.#current = null;
    this.#pending = null;
    for (const s of streams) if (s) discard(s);
    this.#live = new Set();
    // Nothing wanted (or a new session): the next topics start a fresh count of failures.
    this.#failures = 0;
    this.#setStatus('idle');
  }

  #setStatus(status: LiveStatus): void {
    const changed = status !== this.#status;
    this.#status = status;
    if (changed || status === 'open') this.#options.onLiveTopics(this.#live, status);
  }
}

function discard(stream: Stream): void {
  stream.isDiscarded = true;
  stream.abort.abort();
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}
