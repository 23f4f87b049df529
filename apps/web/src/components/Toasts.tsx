import { lazy, Suspense, useEffect, useState } from 'react';
import type { AnyRouter } from '@tanstack/react-router';

const ToastHost = lazy(() => import('./ToastHost.tsx'));

/** Loads the toasts anyway when no page has rendered by then (a first load stuck on a slow request). */
const LOAD_AT_LATEST_MS = 5000;

/**
 * The toasts' host, loaded once the first page has rendered: its chunk (notistack) is never
 * among the scripts the first screen waits for (issue 16 W10, e2e/bundle/first-load.spec.ts).
 * Toasts asked for before wait in lib/toast.ts and show as soon as it is mounted.
 */
export function Toasts({ router }: { router: AnyRouter }) {
  const [isWanted, setWanted] = useState(false);
  useEffect(() => {
    if (isWanted) return;
    const want = () => setWanted(true);
    const unsubscribe = router.subscribe('onRendered', want);
    const timer = setTimeout(want, LOAD_AT_LATEST_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [router, isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}
