import { useEffect, useRef, type RefObject } from 'react';
import Box from '@mui/material/Box';
import { useRouterState } from '@tanstack/react-router';
import { VISUALLY_HIDDEN } from '../../../components/VisuallyHidden.tsx';
import { focusHeadingWhenReady } from '../route-focus.ts';

/**
 * After every navigation to another page (not on the first load): focus moves to the page's h1
 * and the new page title (set by usePageTitle, "{page} | Flotilla dashboard") is announced in a
 * polite live region, as a page load would be.
 */
export function RouteAnnouncer({ mainRef }: { mainRef: RefObject<HTMLElement | null> }) {
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const previous = useRef<string | undefined>(undefined);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (pathname === undefined) return;
    const before = previous.current;
    previous.current = pathname;
    const main = mainRef.current;
    if (before === undefined || before === pathname || !main) return;
    let announce: ReturnType<typeof setTimeout> | undefined;
    const stop = focusHeadingWhenReady(main, () => {
      // A moment later, so the page's title effect has run and the focus move is spoken first.
      announce = setTimeout(() => {
        if (region.current) region.current.textContent = document.title;
      }, 150);
    });
    return () => {
      stop();
      clearTimeout(announce);
    };
  }, [pathname, mainRef]);

  return <Box ref={region} role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer" sx={VISUALLY_HIDDEN} />;
}
