import type { LogLine } from './api-client.ts';

/**
 * A device's log lines waiting for upload. Bounded (the oldest lines go first, as on a
 * supervisor under pressure) and sent in batches through the batch log route.
 */
export class LogBuffer {
  readonly pending: LogLine[] = [];

  constructor(
    private readonly maxPending = 5000,
    private readonly batchSize = 1000,
  ) {}

  /** A system line, or a container line when serviceId is given. */
  push(message: string, timestamp: number, serviceId?: number): void {
    this.pending.push(serviceId === undefined ? { message, timestamp, isSystem: true } : { message, timestamp, serviceId });
    if (this.pending.length > this.maxPending) this.pending.splice(0, this.pending.length - this.maxPending);
  }

  /** Sends the oldest batch; the lines stay queued if `send` throws. */
  async flush(send: (lines: LogLine[]) => Promise<void>): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.pending.slice(0, this.batchSize);
    await send(batch);
    this.pending.splice(0, batch.length);
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
