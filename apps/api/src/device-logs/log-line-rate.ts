/**
 * How many log lines each device may write: a token bucket per device (`perSecond` sustained,
 * `burst` at once), so one chatty or hostile device cannot take the ingest path, the live
 * fan-out and the table from every other one. Kept in this process: a device's upload is one
 * request on one replica, so a device spreading uploads over replicas gets at most a bucket
 * per replica, which still bounds it.
 */
export interface LogLineRate {
  /** Takes `lines` from the device's bucket: 0 when taken, else the ms until they can be (nothing taken). */
  take(deviceId: number, lines: number): number;
  /** Waits until the lines can be taken and takes them; `signal` ends the wait early (server closing). */
  acquire(deviceId: number, lines: number, signal?: AbortSignal): Promise<void>;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** A bucket that has refilled completely is the same as none: forgotten at the next sweep, so idle devices cost nothing. */
const SWEEP_EVERY = 1024;

export function createLogLineRate(perSecond: number, burst: number, now: () => number = Date.now): LogLineRate {
  const buckets = new Map<number, Bucket>();
  let takes = 0;
  const refilled = (b: Bucket, t: number) => Math.min(burst, b.tokens + ((t - b.at) / 1000) * perSecond);
  const sweep = (t: number) => {
    for (const [id, b] of buckets) if (refilled(b, t) >= burst) buckets.delete(id);
  };

  const take = (deviceId: number, lines: number): number => {
    if (perSecond <= 0 || lines <= 0) return 0;
    const t = now();
    if (++takes % SWEEP_EVERY === 0) sweep(t);
    const bucket = buckets.get(deviceId) ?? { tokens: burst, at: t };
    bucket.tokens = refilled(bucket, t);
    bucket.at = t;
    buckets.set(deviceId, bucket);
    // A batch bigger than the burst is let through once the bucket is full, leaving it in debt.
    const need = Math.min(lines, burst);
    if (bucket.tokens >= need) {
      bucket.tokens -= lines;
      return 0;
    }
    return Math.ceil(((need - bucket.tokens) / perSecond) * 1000);
  };

  return {
    take,
    async acquire(deviceId, lines, signal) {
      for (let wait = take(deviceId, lines); wait > 0 && !signal?.aborted; wait = take(deviceId, lines)) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, wait);
          function done() {
            clearTimeout(timer);
            signal?.removeEventListener('abort', done);
            resolve();
          }
          signal?.addEventListener('abort', done, { once: true });
        });
      }
    },
  };
}
