// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FOCUS_PARKED_ATTRIBUTE, focusIfLost } from '../../lib/focus-parking.ts';
import { listRegionNear } from './batch-focus.ts';

/** A device list as DataList lays it out: the toolbar with the batch bar, then the table's region. */
function list() {
  document.body.innerHTML = `
    <main>
      <div role="region" tabindex="0" aria-label="Devices">another list of the same name, further away</div>
      <div id="page">
        <div id="alert"><button id="dismiss">Dismiss</button></div>
        <div id="paper">
          <div id="toolbar"><span id="bar"><button id="actions">Actions</button></span><button id="filter">Add filter</button></div>
          <div id="dialog-content" role="region" tabindex="0" aria-label="Reboot 3 devices?"></div>
          <div id="table" role="region" tabindex="0" aria-label="Devices"><table></table></div>
        </div>
      </div>
    </main>`;
  const byId = (id: string) => document.getElementById(id)!;
  return { byId };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus after a batch action', () => {
  it("finds the list's own table region, by its label, nearest to the batch bar or the alert above the list", () => {
    const { byId } = list();
    expect(listRegionNear(byId('bar'), 'Devices')).toBe(byId('table'));
    expect(listRegionNear(byId('alert'), 'Devices')).toBe(byId('table'));
    expect(listRegionNear(byId('bar'), 'Fleets')).toBeNull();
    expect(listRegionNear(null, 'Devices')).toBeNull();
  });

  it('moves focus there when it fell to the body (the Actions button went with the selection)', () => {
    const { byId } = list();
    const table = byId('table');
    byId('actions').focus();
    byId('bar').remove();
    expect(document.activeElement).toBe(document.body);
    expect(focusIfLost(table)).toBe(true);
    expect(document.activeElement).toBe(table);
  });

  it('leaves focus where the user put it meanwhile, and does nothing without a table', () => {
    const { byId } = list();
    byId('filter').focus();
    expect(focusIfLost(byId('table'))).toBe(false);
    expect(document.activeElement).toBe(byId('filter'));
    byId('filter').blur();
    expect(focusIfLost(null)).toBe(false);
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus there from where it was parked for the disabled Force button (lib/keep-focus-on-disable.ts)', () => {
    const { byId } = list();
    const page = byId('page');
    page.setAttribute('tabindex', '-1');
    page.setAttribute(FOCUS_PARKED_ATTRIBUTE, '');
    page.focus();
    expect(focusIfLost(byId('table'))).toBe(true);
    expect(document.activeElement).toBe(byId('table'));
  });
});
