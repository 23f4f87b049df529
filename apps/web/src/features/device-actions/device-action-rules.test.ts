import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http.ts';
import type { DeviceDetail } from '../devices/api/devices.queries.ts';
import {
  actionDocsUrl,
  actionDialogFailureMessage,
  actionFailureMessage,
  changesConnectivity,
  deviceForActions,
  isDangerous,
  menuAvailability,
  MENU_ACTIONS,
} from './device-action-rules.ts';

const online = {
  is_connected_to_vpn: true,
  is_active: true,
  supervisor_version: '16.1.0',
  os_version: 'balenaOS 5.3.0',
  os_variant: 'prod',
  last_connectivity_event: '2026-11-25T10:00:00.000Z',
  isInLocalMode: false,
  supportsBlink: true,
};
const allowed = { canSupervise: true, canDelete: true };

describe('deviceForActions', () => {
  it('reads the cloudlink, the local mode variables and the contract of the detail query', () => {
    const detail = {
      ...online,
      is_online: false,
      device_config_variable: [{ name: 'RESIN_SUPERVISOR_LOCAL_MODE', value: '1' }],
      is_of__device_type: [{ slug: 'x', name: 'X', contract: { data: { led: true } } }],
    } as unknown as DeviceDetail;
    expect(deviceForActions(detail)).toEqual({ ...online, isInLocalMode: true, supportsBlink: true });
  });
});

describe('menuAvailability (fleets spec §5 "Device actions: availability", §6)', () => {
  it('offers every action on an online, provisioned device to a user with both permissions', () => {
    const result = menuAvailability(online, allowed);
    expect(Object.keys(result)).toEqual([...MENU_ACTIONS]);
    for (const action of MENU_ACTIONS) expect(result[action]).toEqual({ isAvailable: true });
  });

  it('needs the cloudlink for restart, reboot, purge and shutdown, not for identify or delete', () => {
    const result = menuAvailability({ ...online, is_connected_to_vpn: false }, allowed);
    for (const action of ['restart', 'reboot', 'purge', 'shutdown'] as const) expect(result[action]).toEqual({ isAvailable: false, reason: 'notOnline' });
    expect(result.identify.isAvailable).toBe(true);
    expect(result.delete.isAvailable).toBe(true);
  });

  it('gives the local mode and blink reasons', () => {
    const local = menuAvailability({ ...online, isInLocalMode: true, supportsBlink: false }, allowed);
    expect(local.restart).toEqual({ isAvailable: false, reason: 'localMode' });
    expect(local.purge).toEqual({ isAvailable: false, reason: 'localMode' });
    expect(local.reboot.isAvailable).toBe(true);
    expect(local.identify).toEqual({ isAvailable: false, reason: 'noBlink' });
  });

  it('checks supervisor-proxy-write and delete separately', () => {
    const observer = menuAvailability(online, { canSupervise: false, canDelete: false });
    for (const action of MENU_ACTIONS) expect(observer[action]).toEqual({ isAvailable: false, reason: 'noPermission' });
    // A limited developer may run actions but not delete (§6 "Permissions by role").
    const safeDeveloper = menuAvailability(online, { canSupervise: true, canDelete: false });
    expect(safeDeveloper.reboot.isAvailable).toBe(true);
    expect(safeDeveloper.delete).toEqual({ isAvailable: false, reason: 'noPermission' });
  });
});

describe('the screen choices', () => {
  it('confirms purge, reboot, shutdown and delete; runs identify and restart at once', () => {
    expect(MENU_ACTIONS.filter(isDangerous)).toEqual(['reboot', 'purge', 'shutdown', 'delete']);
  });

  it('watches the link after reboot and shutdown only', () => {
    expect(MENU_ACTIONS.filter(changesConnectivity)).toEqual(['reboot', 'shutdown']);
  });

  it("reports the server's message, also for a 404, and nothing for a request that never left", () => {
    expect(actionFailureMessage(new ApiError('No online device(s) found', 404), 'fallback')).toBe('No online device(s) found');
    expect(actionFailureMessage(new ApiError('"Request error"', 500), 'fallback')).toBe('Request error');
    expect(actionFailureMessage(new ApiError('', 502), 'fallback')).toBe('fallback');
    expect(actionFailureMessage(new TypeError('Failed to fetch'), 'fallback')).toBeNull();
    expect(actionFailureMessage('odd', 'fallback')).toBe('fallback');
  });

  it('in its dialog, says the server could not be reached rather than only that the action failed', () => {
    expect(actionDialogFailureMessage(new TypeError('Failed to fetch'), 'fallback', 'unreachable')).toBe('unreachable');
    expect(actionDialogFailureMessage(new ApiError('No online device(s) found', 404), 'fallback', 'unreachable')).toBe('No online device(s) found');
    expect(actionDialogFailureMessage(new ApiError('', 502), 'fallback', 'unreachable')).toBe('fallback');
  });

  it('links each action to the configured documentation link itself (no made-up page under it), and nowhere without one', () => {
    expect(actionDocsUrl('https://docs.balena.io/')).toBe('https://docs.balena.io/');
    expect(actionDocsUrl('https://wiki.example.com/flotilla/start')).toBe('https://wiki.example.com/flotilla/start');
    expect(actionDocsUrl(null)).toBeNull();
    expect(actionDocsUrl(undefined)).toBeNull();
    expect(actionDocsUrl('')).toBeNull();
  });
});
