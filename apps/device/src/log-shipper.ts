import type { DeviceApi, LogStreamUpload } from './api-client.ts';
import type { LogBuffer } from './log-buffer.ts';

/**
 * Ships a device's log lines the way balena-supervisor does (compat §5.5): one long-lived
 * gzip NDJSON `log-stream` request, each line written the moment it is logged. A line leaves
 * the buffer only when acknowledged, i.e. when the server answered 2xx to the request that
 * carried it — and the server answers only when the request ends. So a stream is ended after
 * `maxStreamMs` (lines then wait at most that long to be acknowledged) or `idleMs` without
 * lines (the supervisor closes after 60 s idle), and the next line opens a new one. If a stream
 * fails (network error, error status, an early answer), its lines go back to unsent and are
 * retried — through the batch route while the stream backs off (5 s × 2^n, at most 5 min, as
 * the supervisor does). Delivery is at least once: a line is never dropped unacknowledged
 * (apart from the buffer's own bound), though one whose answer was lost may be sent twice.
 */
export interface LogShipperOptions {
  buffer: LogBuffer;
  api: DeviceApi;
  identity: () => { uuid: string; apiKey: string };
  /** False while the device cannot upload (not provisioned yet, powered off): lines wait. */
  isReady?: () => boolean;
  /** End (and so get acknowledged) a stream this long after it opened. */
  maxStreamMs?: number;
  /** End a stream after this long without a line. */
  idleMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  log?: (message: string) => void;
  now?: () => number;
}

interface OpenStream {
  upload: LogStreamUpload;
  /** Sequence number of the last line written on it. */
  lastSeq: number;
  /** Sequence number of the last line acknowledged when it opened (what it carries starts after). */
  fromSeq: number;
  maxTimer: NodeJS.Timeout;
  idleTimer: NodeJS.Timeout | null;
}

export class LogShipper {
  private current: OpenStream | null = null;
  private ending: Promise<void> | null = null;
  /** Lines up to here were written to a stream (open or ending) and await its answer. */
  private sentSeq = 0;
  private failures = 0;
  private retryAt = 0;
  private isPumpScheduled = false;
  private readonly now: () => number;

  constructor(private readonly o: LogShipperOptions) {
    this.now = o.now ?? Date.now;
  }

  /** Whether the streaming route is used at all (an API without it: the batch route only). */
  get isStreaming(): boolean {
    return this.o.api.openLogStream !== undefined;
  }

  /**
   * A line was logged: write what is unsent to the open stream, opening one if allowed. Lines
   * logged together (one step of the device loop) go out as one write, a microtask later.
   */
  notify(): void {
    if (this.isPumpScheduled) return;
    this.isPumpScheduled = true;
    queueMicrotask(() => {
      this.isPumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    if (!this.isStreaming || this.ending || this.now() < this.retryAt || this.o.isReady?.() === false) return;
    const lines = this.o.buffer.after(Math.max(this.sentSeq, this.o.buffer.firstSeq - 1));
    if (lines.length === 0) return;
    const stream = this.current ?? this.open();
    stream.upload.write(lines);
    this.sentSeq = this.o.buffer.lastSeq;
    stream.lastSeq = this.sentSeq;
    if (stream.idleTimer) clearTimeout(stream.idleTimer);
    stream.idleTimer = unref(setTimeout(() => this.endCurrent(), this.o.idleMs ?? 2000));
  }

  /**
   * One round of the device loop: stream what is unsent; while the stream backs off after a
   * failure, send one batch through the batch route instead.
   */
  async flush(): Promise<void> {
    this.pump();
    if (this.isStreaming && this.now() >= this.retryAt) return;
    if (this.current || this.ending) return;
    const { uuid, apiKey } = this.o.identity();
    await this.o.buffer.flush((lines) => this.o.api.postLogs(apiKey, uuid, lines));
  }

  /** Ends the open stream and waits for its answer (shutdown, tests). */
  async close(): Promise<void> {
    this.pump();
    this.endCurrent();
    await this.ending;
  }

  private open(): OpenStream {
    const { uuid, apiKey } = this.o.identity();
    const upload = this.o.api.openLogStream!(apiKey, uuid);
    const fromSeq = this.o.buffer.firstSeq - 1;
    const stream: OpenStream = {
      upload,
      lastSeq: fromSeq,
      fromSeq,
      maxTimer: unref(setTimeout(() => this.endCurrent(), this.o.maxStreamMs ?? 10_000)),
      idleTimer: null,
    };
    this.current = stream;
    // An answer before we end it is a failure (the server refused, or went away).
    upload.done.catch((err: unknown) => {
      if (this.current === stream) this.fail(stream, err);
    });
    return stream;
  }

  private endCurrent(): void {
    const stream = this.current;
    if (!stream) return;
    this.current = null;
    clearTimeout(stream.maxTimer);
    if (stream.idleTimer) clearTimeout(stream.idleTimer);
    this.ending = stream.upload
      .end()
      .then(
        () => {
          this.o.buffer.ack(stream.lastSeq);
          this.failures = 0;
        },
        (err: unknown) => this.fail(stream, err),
      )
      .finally(() => {
        this.ending = null;
        // Lines logged while it was ending go out on the next stream.
        this.pump();
      });
  }

  private fail(stream: OpenStream, err: unknown): void {
    if (this.current === stream) {
      this.current = null;
      clearTimeout(stream.maxTimer);
      if (stream.idleTimer) clearTimeout(stream.idleTimer);
      stream.upload.abort();
    }
    // Nothing it carried counts as delivered: send it again.
    this.sentSeq = Math.min(this.sentSeq, stream.fromSeq);
    this.failures += 1;
    const delay = Math.min(this.o.retryMaxMs ?? 300_000, (this.o.retryBaseMs ?? 5000) * 2 ** (this.failures - 1));
    this.retryAt = this.now() + delay;
    this.o.log?.(`log stream failed (${err instanceof Error ? err.message : String(err)}); batch uploads for ${Math.round(delay / 1000)} s`);
  }
}

function unref(timer: NodeJS.Timeout): NodeJS.Timeout {
  timer.unref();
  return timer;
}
