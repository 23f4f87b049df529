import { describe, expect, it } from 'vitest';
import type { DeviceServiceRow } from '../device-services/api/device-services.queries.ts';
import { isLeaveTerminalKey } from './leave-terminal-key.ts';
import { terminalTabs } from './terminal-targets.ts';

const row = (id: number, service: string, status: string): DeviceServiceRow => ({
  id,
  status,
  download_progress: null,
  installs__image: [{ id: id * 10, is_a_build_of__service: [{ service_name: service }] }],
  is_provided_by__release: [{ id: 1, commit: 'abc', raw_version: '1.0.0' }],
});
const device = { os_version: 'balenaOS 6.0.13', is_connected_to_vpn: true, device_config_variable: [] };
const all = { canSsh: true, canSshHost: true };

describe('terminalTabs', () => {
  it('has the host OS first, then one tab per service by name, entered through its running install', () => {
    const tabs = terminalTabs(device, [row(3, 'web', 'Downloading'), row(2, 'web', 'Running'), row(1, 'db', 'Stopped')], all);
    expect(tabs.map((t) => t.key)).toEqual(['host', 'service:db', 'service:web']);
    expect(tabs[2]).toMatchObject({ installId: 2, availability: { isAvailable: true } });
    expect(tabs[1]).toMatchObject({ installId: null, availability: { isAvailable: false, reason: 'notRunning' } });
  });

  it('applies the start rules per tab: ssh for services, ssh-host for the host, local mode, old OS, offline', () => {
    expect(terminalTabs(device, [row(1, 'web', 'Running')], { canSsh: true, canSshHost: false }).map((t) => t.availability)).toEqual([
      { isAvailable: false, reason: 'noPermission' },
      { isAvailable: true },
    ]);
    const local = terminalTabs({ ...device, device_config_variable: [{ name: 'RESIN_SUPERVISOR_LOCAL_MODE', value: '1' }] }, [row(1, 'web', 'Running')], all);
    expect(local.map((t) => t.availability)).toEqual([{ isAvailable: true }, { isAvailable: false, reason: 'localMode' }]);
    expect(terminalTabs({ ...device, os_version: 'Resin OS 2.0.0' }, [], all)[0]!.availability).toEqual({ isAvailable: false, reason: 'oldOs' });
    expect(terminalTabs({ ...device, is_connected_to_vpn: false }, [], all)[0]!.availability).toEqual({ isAvailable: false, reason: 'notLinked' });
  });

  it('leaves the terminal on Shift+Escape only', () => {
    const mods = { shiftKey: true, ctrlKey: false, altKey: false, metaKey: false };
    expect(isLeaveTerminalKey({ key: 'Escape', ...mods })).toBe(true);
    expect(isLeaveTerminalKey({ key: 'Escape', ...mods, shiftKey: false })).toBe(false);
    expect(isLeaveTerminalKey({ key: 'Tab', ...mods })).toBe(false);
  });
});
