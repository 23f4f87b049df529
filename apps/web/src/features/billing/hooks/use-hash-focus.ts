import { useEffect, useRef } from 'react';
import { useLocation } from '@tanstack/react-router';

/**
 * The billing page's anchors (accounts spec §2: #billing-plans, #payment-method): once the
 * section is on screen (`isReady`), it is scrolled into view and focused, once per hash.
 */
export function useHashFocus(isReady: boolean): void {
  const hash = useLocation({ select: (location) => location.hash });
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!isReady || !hash || done.current === hash) return;
    const target = document.getElementById(hash);
    if (!target) return;
    done.current = hash;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, isReady]);
}
