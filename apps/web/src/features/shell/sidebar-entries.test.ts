import { describe, expect, it } from 'vitest';
import { sidebarContext, sidebarEntries } from './sidebar-entries.ts';

describe('sidebar entries', () => {
  it('shows Fleets at home', () => {
    expect(sidebarEntries(sidebarContext({}, null)).map((e) => e.to)).toEqual(['/fleets']);
  });

  it('shows only the fleet screens that exist: summary and devices', () => {
    const entries = sidebarEntries(sidebarContext({ fleetId: '7' }, null));
    expect(entries.map((e) => [e.labelKey, e.to])).toEqual([
      ['sidebar.summary', '/fleets/7'],
      ['sidebar.devices', '/fleets/7/devices'],
    ]);
  });

  it('falls back to home for a non-numeric fleet id', () => {
    expect(sidebarContext({ fleetId: 'x' }, null)).toEqual({ kind: 'home' });
  });

  it('shows the device summary and its fleet devices on a device page', () => {
    const entries = sidebarEntries(sidebarContext({ uuid: 'abc' }, 3));
    expect(entries.map((e) => e.to)).toEqual(['/devices/abc/summary', '/fleets/3/devices']);
  });
});
