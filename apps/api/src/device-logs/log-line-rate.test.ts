import { describe, expect, it } from 'vitest';
import { createLogLineRate } from './log-line-rate.ts';

describe('createLogLineRate', () => {
  it('lets a burst through, then says how long until the next lines fit, per device', () => {
    let t = 0;
    const rate = createLogLineRate(10, 100, () => t);
    expect(rate.take(1, 100)).toBe(0);
    // Empty: 5 lines need half a second at 10 a second; nothing was taken.
    expect(rate.take(1, 5)).toBe(500);
    expect(rate.take(1, 5)).toBe(500);
    // Another device has its own bucket.
    expect(rate.take(2, 100)).toBe(0);
    t = 500;
    expect(rate.take(1, 5)).toBe(0);
    expect(rate.take(1, 1)).toBe(100);
  });

  it('refills no higher than the burst, and lets a batch bigger than the burst through from a full bucket only', () => {
    let t = 0;
    const rate = createLogLineRate(10, 100, () => t);
    t = 60_000;
    expect(rate.take(1, 250)).toBe(0);
    // In debt by 150: a full burst's worth needs (100 + 150) / 10 seconds.
    expect(rate.take(1, 100)).toBe(25_000);
    t += 25_000;
    expect(rate.take(1, 100)).toBe(0);
  });

  it('does not limit at 0 lines a second', () => {
    const rate = createLogLineRate(0, 0, () => 0);
    expect(rate.take(1, 1_000_000)).toBe(0);
  });

  it('acquire waits for the lines, and stops waiting when its signal aborts', async () => {
    const rate = createLogLineRate(1000, 10);
    await rate.acquire(1, 10);
    const started = Date.now();
    await rate.acquire(1, 10);
    expect(Date.now() - started).toBeGreaterThanOrEqual(8);
    const controller = new AbortController();
    const slow = createLogLineRate(0.001, 1);
    await slow.acquire(1, 1);
    const waiting = slow.acquire(1, 1, controller.signal);
    controller.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});
