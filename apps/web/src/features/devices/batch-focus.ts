/**
 * Focus after a batch action: the selection is cleared when the action is done, and the bar with
 * the Actions button goes with it; rather than falling to the page body, focus moves to the
 * list's table (DataTable's focusable region, named by the list's label), where a keyboard user
 * picks up again.
 */

/** The focusable table region named `label` nearest to `from` (the batch bar inside the list), or null (e.g. the map lens shows no table). */
export function listRegionNear(from: Element | null, label: string): HTMLElement | null {
  for (let node = from?.parentElement ?? null; node; node = node.parentElement) {
    const region = [...node.querySelectorAll<HTMLElement>('[role="region"][tabindex]')].find((el) => el.getAttribute('aria-label') === label);
    if (region) return region;
  }
  return null;
}
