import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';

/**
 * Opened at `#<section>` (the summary card's edit buttons): once the sections are on screen the
 * section scrolls into view and its heading takes the focus. Run a moment after the page's own
 * "focus the h1 after navigation" (shell RouteAnnouncer) so that one does not take it back.
 */
export function useSectionFocus(isReady: boolean): void {
  const hash = useRouterState({ select: (state) => state.location.hash });
  const resolved = useRouterState({ select: (state) => state.resolvedLocation?.href });
  useEffect(() => {
    if (!isReady || !hash) return;
    const timer = setTimeout(() => {
      const section = document.getElementById(hash);
      const heading = section?.querySelector<HTMLElement>('h2');
      if (!section || !heading) return;
      section.scrollIntoView({ block: 'start' });
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }, 100);
    return () => clearTimeout(timer);
  }, [isReady, hash, resolved]);
}
