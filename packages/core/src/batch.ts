/**
 * Batch actions (fleets spec §4 "Batch actions", §8 "Batch failures"): one call per item with
 * limited concurrency; the batch fails as a whole only when every item fails; a partial failure
 * is reported with the count and the first message.
 */

/** Default concurrency of batched device actions and updates. */
export const BATCH_CONCURRENCY = 50;

export interface BatchFailure<T> {
  item: T;
  error: unknown;
}

export interface BatchResult<T> {
  succeeded: T[];
  failed: BatchFailure<T>[];
}

/** Runs `run` for each item, at most `concurrency` at once, never rejecting: failures are collected in item order. */
export async function runBatch<T>(items: readonly T[], run: (item: T) => Promise<unknown>, concurrency = BATCH_CONCURRENCY): Promise<BatchResult<T>> {
  const outcome: Array<{ ok: true } | { ok: false; error: unknown }> = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        await run(items[i]!);
        outcome[i] = { ok: true };
      } catch (error) {
        outcome[i] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  const result: BatchResult<T> = { succeeded: [], failed: [] };
  items.forEach((item, i) => {
    const o = outcome[i]!;
    if (o.ok) result.succeeded.push(item);
    else result.failed.push({ item, error: o.error });
  });
  return result;
}

export type BatchSummary = { kind: 'success' } | { kind: 'partial'; failed: number; total: number; firstMessage: string } | { kind: 'total'; firstMessage: string };

/** How a batch ended, for its message: "The operation failed for N of the selected items with: …" or "Operation failed with: …". */
export function summarizeBatch<T>(result: BatchResult<T>, messageOf: (error: unknown) => string): BatchSummary {
  if (result.failed.length === 0) return { kind: 'success' };
  const firstMessage = messageOf(result.failed[0]!.error);
  if (result.succeeded.length === 0) return { kind: 'total', firstMessage };
  return { kind: 'partial', failed: result.failed.length, total: result.failed.length + result.succeeded.length, firstMessage };
}
