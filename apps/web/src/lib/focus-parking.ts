/**
 * Marks the element that holds focus for a control disabled under it (lib/keep-focus-on-disable.ts):
 * focus there is the app's stand-in, not a place the user chose, so code that moves focus "when it
 * was lost" (after a batch action, after navigation) treats it as lost. Its own module, so those
 * checks need not load the keeper.
 */
export const FOCUS_PARKED_ATTRIBUTE = 'data-focus-parked';

/** True when `element` holds focus only for a disabled control. */
export function isParkedFocus(element: Element | null): boolean {
  return element?.hasAttribute(FOCUS_PARKED_ATTRIBUTE) === true;
}

/**
 * Focuses `target` when focus was lost (on the body, on an element that is gone, such as a
 * button that a change removed, or parked for a disabled button), not when the user has
 * put it somewhere else meanwhile. True when it did.
 */
export function focusIfLost(target: HTMLElement | null): boolean {
  if (!target?.isConnected) return false;
  const active = target.ownerDocument.activeElement;
  if (active && active !== target.ownerDocument.body && active.isConnected && !isParkedFocus(active)) return false;
  target.focus();
  return target.ownerDocument.activeElement === target;
}
