import { describe, expect, it } from 'vitest';
import { createHeldSlots } from './held-slots.ts';

describe('held slots', () => {
  it('lets each key hold up to max, frees a slot once however often it is released', () => {
    const slots = createHeldSlots<string>(2);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(a1).not.toBeNull();
    expect(a2).not.toBeNull();
    expect(slots.take('a')).toBeNull();
    // Another key has its own slots.
    expect(slots.take('b')).not.toBeNull();
    a1!();
    a1!();
    expect(slots.heldBy('a')).toBe(1);
    expect(slots.take('a')).not.toBeNull();
    expect(slots.take('a')).toBeNull();
  });
});
