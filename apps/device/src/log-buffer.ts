import type { LogLine } from './api-client.ts';

/**
 * A device's log lines waiting for upload, until the server has acknowledged them. Bounded
 * (the oldest lines go first, as on a supervisor under pressure). Each line has a sequence
 * number (`firstSeq` is the oldest kept line's) so an uploader can say "sent up to n" and
 * "acknowledged up to n" while new lines keep arriving (log-shipper.ts); `flush` sends one
 * batch through the batch log route and drops it only once it was accepted.
 */
export class LogBuffer {
  readonly pending: LogLine[] = [];
  /** Sequence number of pending[0] (lines are numbered from 1 as they are pushed). */
  private first = 1;

  constructor(
    private readonly maxPending = 5000,
    private readonly batchSize = 1000,
    /** Told after each push (the streaming uploader writes at once). */
    private readonly onPush?: () => void,
  ) {}

  /** Sequence number of the oldest line kept. */
  get firstSeq(): number {
    return this.first;
  }

  /** Sequence number of the newest line (firstSeq - 1 when empty). */
  get lastSeq(): number {
    return this.first + this.pending.length - 1;
  }

  /** A system line, or a container line when serviceId is given. */
  push(message: string, timestamp: number, serviceId?: number): void {
    this.pending.push(serviceId === undefined ? { message, timestamp, isSystem: true } : { message, timestamp, serviceId });
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.length - this.maxPending;
      this.pending.splice(0, dropped);
      this.first += dropped;
    }
    this.onPush?.();
  }

  /** The lines numbered after `seq`, at most `limit` of them. */
  after(seq: number, limit = Infinity): LogLine[] {
    const from = Math.max(0, seq - this.first + 1);
    return this.pending.slice(from, from + Math.min(limit, this.pending.length));
  }

  /** The server has stored every line up to `seq`: they leave the buffer. */
  ack(seq: number): void {
    const n = Math.min(this.pending.length, seq - this.first + 1);
    if (n <= 0) return;
    this.pending.splice(0, n);
    this.first += n;
  }

  /** Sends the oldest batch through `send`; the lines stay queued if it throws. */
  async flush(send: (lines: LogLine[]) => Promise<void>): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending.slice(0, this.batchSize);
    const upTo = this.first + batch.length - 1;
    await send(batch);
    this.ack(upTo);
  }
}

const APP_LOG_MESSAGES = [
  'Health check passed',
  'Processed batch of sensor readings',
  'Connected to message broker',
  'Wrote metrics snapshot',
  'Request served in 12 ms',
  'Cache refreshed',
];

/** A plausible application log message. */
export function appLogMessage(rng: () => number): string {
  return APP_LOG_MESSAGES[Math.floor(rng() * APP_LOG_MESSAGES.length) % APP_LOG_MESSAGES.length] ?? 'ok';
}
