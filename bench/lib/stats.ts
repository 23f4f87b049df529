/**
 * Latency statistics for the benchmarks. Percentiles use the nearest-rank method on a
 * sorted copy: with a few hundred samples per measurement that is as precise as the
 * machine's noise allows, and it never invents a value that was not measured.
 */
export interface LatencySummary {
  samples: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samplesMs: readonly number[]): LatencySummary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { samples: sorted.length, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95), minMs: sorted[0]! };
}

/** Milliseconds since `start` (a `process.hrtime.bigint()` reading). */
export function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs `fn` once and returns how long it took in milliseconds, and its value. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { ms: elapsedMs(start), value };
}

/** Engine over ceiling, rounded for display (2 decimals). */
export function ratio(engine: number, ceiling: number): number {
  return ceiling > 0 ? Math.round((engine / ceiling) * 100) / 100 : Number.POSITIVE_INFINITY;
}
