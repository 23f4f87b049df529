import { vi } from 'vitest';

/**
 * jsdom lays nothing out: gives every element a size (600 px high, 1200 px wide), so a data
 * table's virtualizer renders its rows. Call in a beforeEach; vi.restoreAllMocks() undoes it.
 */
export function stubTableLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
}
