/**
 * Focus after navigation (CONVENTIONS "Every page: one h1, focus moved to it on navigation"):
 * the page's h1 is made focusable (tabIndex -1) and focused, unless the user is already typing
 * somewhere (a field the page focused itself, an open dialog).
 */

/**
 * lib/focus-parking.ts's FOCUS_PARKED_ATTRIBUTE, spelled out: importing that module here (the
 * first load) made it a chunk of its own, one more request on every first screen.
 * route-focus.test.ts checks the two agree.
 */
const PARKED_ATTRIBUTE = 'data-focus-parked';

/** How long a page may take to render its h1 (data still loading) before focus stays where it is. */
export const H1_WAIT_MS = 5_000;

export function isTypingTarget(element: Element | null): boolean {
  if (!element || typeof HTMLElement === 'undefined' || !(element instanceof HTMLElement)) return false;
  if (element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName)) return true;
  return element.closest('[role="dialog"], [role="alertdialog"]') !== null;
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
 * is typing when it appears, focus stays theirs. Returns a function that stops waiting.
 */
export function focusHeadingWhenReady(container: HTMLElement, onDone: (focused: boolean) => void): () => void {
  const focusBefore = document.activeElement;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    observer?.disconnect();
    observer = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const attempt = (): boolean => {
    const heading = container.querySelector('h1');
    if (!heading) return false;
    const active = document.activeElement;
    // Focus parked for a disabled button (a form that saved and navigated) is not the user's choice.
    const userMovedFocus = active !== focusBefore && active !== document.body && active !== null && !active.hasAttribute(PARKED_ATTRIBUTE);
    onDone(!userMovedFocus && !isTypingTarget(active) && focusHeading(heading));
    return true;
  };
  if (attempt()) return stop;
  observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  observer.observe(container, { childList: true, subtree: true });
  timer = setTimeout(() => {
    stop();
    onDone(false);
  }, H1_WAIT_MS);
  return stop;
}
