import { describe, expect, it } from 'vitest';
import { runBatch, summarizeBatch } from './batch.ts';

describe('batch actions (fleets spec §4, §8)', () => {
  it('runs every item with at most `concurrency` at once and keeps failures in item order', async () => {
    let running = 0;
    let peak = 0;
    const result = await runBatch(
      [1, 2, 3, 4, 5, 6],
      async (n) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        if (n % 3 === 0) throw new Error(`item ${n} failed`);
      },
      2,
    );
    expect(peak).toBe(2);
    expect(result.succeeded).toEqual([1, 2, 4, 5]);
    expect(result.failed.map((f) => f.item)).toEqual([3, 6]);
  });

  it('is partial when some fail, total only when all fail, with the first message', async () => {
    const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
    const partial = await runBatch(['a', 'b', 'c'], async (x) => {
      if (x !== 'a') throw new Error(`no ${x}`);
    });
    expect(summarizeBatch(partial, message)).toEqual({ kind: 'partial', failed: 2, total: 3, firstMessage: 'no b' });
    const total = await runBatch(['a'], async () => {
      throw new Error('offline');
    });
    expect(summarizeBatch(total, message)).toEqual({ kind: 'total', firstMessage: 'offline' });
    expect(summarizeBatch(await runBatch(['a'], async () => undefined), message)).toEqual({ kind: 'success' });
  });
});
