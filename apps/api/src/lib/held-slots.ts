/**
 * How many of something each key holds open at once (streams per caller, uploads per device),
 * in this process: `take` answers a release function, or null when the key already holds `max`.
 * Releasing twice releases once, so a release can be tied to every way a request ends.
 */
export interface HeldSlots<K> {
  take(key: K): (() => void) | null;
  /** What the key holds now (tests, logs). */
  heldBy(key: K): number;
}

export function createHeldSlots<K>(max: number): HeldSlots<K> {
  const held = new Map<K, number>();
  return {
    take(key) {
      const count = held.get(key) ?? 0;
      if (count >= max) return null;
      held.set(key, count + 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        const left = (held.get(key) ?? 1) - 1;
        if (left > 0) held.set(key, left);
        else held.delete(key);
      };
    },
    heldBy: (key) => held.get(key) ?? 0,
  };
}
