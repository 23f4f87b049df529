import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` (the log search waits 500 ms, fleets spec §9). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
