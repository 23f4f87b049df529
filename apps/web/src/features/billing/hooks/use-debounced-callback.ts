import { useEffect, useMemo, useRef } from 'react';

/**
 * `callback` run `delayMs` after the last call of the returned function (a trailing debounce);
 * calls in between start the wait again, and a pending run is dropped on unmount.
 */
export function useDebouncedCallback(callback: () => void, delayMs: number): () => void {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(), delayMs);
    },
    [delayMs],
  );
}
