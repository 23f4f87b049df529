import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createAssetBodySlots } from './asset-body-slots.ts';

describe('createAssetBodySlots', () => {
  it('gives out `max` slots, refuses one more with a 503 and Retry-After, and takes each back once', () => {
    const slots = createAssetBodySlots(2);
    const a = slots.take();
    slots.take();
    let refusal: unknown;
    try {
      slots.take();
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
    a();
    a();
    slots.take();
    expect(() => slots.take()).toThrow(AppError);
  });
});
