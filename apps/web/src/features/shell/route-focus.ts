/**
 * Focus after navigation (CONVENTIONS "Every page: one h1, focus moved to it on navigation"):
 * the page's h1 is made focusable (tabIndex -1) and focused, unless the user is already typing
 * somewhere (a field the page focused itself, an open dialog) or the navigation came from a tab
 * of the page (the preferences' tabs are routes): that is a change within the page, and focus
 * stays on the tab the user activated, as the WAI-ARIA tabs pattern has it.
 */

/**
 * lib/focus-parking.ts's FOCUS_PARKED_ATTRIBUTE, spelled out: importing that module here (the
 * first load) made it a chunk of its own, one more request on every first screen.
 * route-focus.test.ts checks the two agree.
 */
const PARKED_ATTRIBUTE = 'data-focus-parked';

/** How long a page may take to render its h1 (data still loading) before focus stays where it is. */
export const H1_WAIT_MS = 5_000;

/** Focus the h1 must not take: a field, anything in a dialog, a tab (its route is a panel of the same page). */
export function keepsFocus(element: Element | null): boolean {
  if (!element || typeof HTMLElement === 'undefined' || !(element instanceof HTMLElement)) return false;
  return element.isContentEditable || element.closest('input, textarea, select, [role="dialog"], [role="alertdialog"], [role="tab"]') !== null;
}

/** Makes `heading` focusable and focuses it; false when it is gone already. */
export function focusHeading(heading: HTMLElement): boolean {
  if (!heading.isConnected) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return document.activeElement === heading;
}

/**
 * Waits for the first h1 in `container` and focuses it. If the user moves focus meanwhile, or
 * is typing or on a tab when it appears, focus stays theirs. A heading it focused that the page
 * then replaces (the loading page's "Loading…" h1, swapped for the page's own once its data is in)
 * takes focus with it to the body: for H1_WAIT_MS focus follows to the new h1 instead, unless
 * the user has put it somewhere meanwhile. Returns a function that stops waiting.
 */
export function focusHeadingWhenReady(container: HTMLElement, onDone: (focused: boolean) => void): () => void {
  const focusBefore = document.activeElement;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The heading this focused, followed while the page may still replace it. */
  let focused: HTMLElement | null = null;
  const stop = () => {
    observer?.disconnect();
    observer = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  /** True when done (nothing more to watch). */
  const attempt = (): boolean => {
    const heading = container.querySelector('h1');
    if (!heading) return false;
    const active = document.activeElement;
    if (focused) {
      if (!focused.isConnected && heading !== focused && (active === null || active === document.body) && focusHeading(heading)) focused = heading;
      return false;
    }
    // Focus parked for a disabled button (a form that saved and navigated) is not the user's choice.
    const userMovedFocus = active !== focusBefore && active !== document.body && active !== null && !active.hasAttribute(PARKED_ATTRIBUTE);
    const isFocused = !userMovedFocus && !keepsFocus(active) && focusHeading(heading);
    onDone(isFocused);
    if (!isFocused) return true;
    focused = heading;
    return false;
  };
  const isDone = attempt();
  if (isDone) return stop;
  observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  observer.observe(container, { childList: true, subtree: true });
  timer = setTimeout(() => {
    stop();
    if (!focused) onDone(false);
  }, H1_WAIT_MS);
  return stop;
}
