import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createAssetBodySlots } from './asset-body-slots.ts';

describe('createAssetBodySlots', () => {
  it('lets files in while their bytes fit, queues the next in order, and lets it in when bytes come back (once)', async () => {
    const slots = createAssetBodySlots(10, 1000);
    const a = await slots.reserve(6);
    await slots.reserve(4);
    let isIn = false;
    const waiting = slots.reserve(5).then((release) => {
      isIn = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isIn).toBe(false);
    a();
    a();
    await waiting;
    expect(isIn).toBe(true);
  });

  it('lets a file larger than the budget in alone, and refuses one that waited too long with a 503 and Retry-After', async () => {
    const slots = createAssetBodySlots(10, 30);
    const big = await slots.reserve(100);
    const refusal = await slots.reserve(1).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    big();
    await expect(slots.reserve(10)).resolves.toBeTypeOf('function');
  });
});
