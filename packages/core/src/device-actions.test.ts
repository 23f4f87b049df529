import { describe, expect, it } from 'vitest';
import { actionAvailability, contractSupportsBlink, DANGEROUS_SUPERVISOR_ACTIONS, isEsrOsVersion, isLocalModeOn, osVersionAtLeast, supervisorActionRequest, supportsContainerControls, type DeviceForActions } from './device-actions.ts';
import { parseOsVersion } from './os-version.ts';

const online: DeviceForActions = {
  is_connected_to_vpn: true,
  is_active: true,
  supervisor_version: '17.0.0',
  os_version: 'balenaOS 6.0.0',
  os_variant: 'dev',
  last_connectivity_event: '2026-11-25T10:00:00.000Z',
  isInLocalMode: false,
  supportsBlink: true,
};
const allowed = { isPermitted: true, isPaidPlan: true };
const reason = (a: ReturnType<typeof actionAvailability>) => (a.isAvailable ? null : a.reason);

describe('device action availability (fleets spec §5)', () => {
  it('needs the permission before anything else', () => {
    expect(reason(actionAvailability('reboot', online, { isPermitted: false }))).toBe('noPermission');
  });

  it('restart, reboot, purge and shutdown need the device online', () => {
    for (const action of ['restart', 'reboot', 'purge', 'shutdown'] as const) {
      expect(reason(actionAvailability(action, online, allowed)), action).toBeNull();
      expect(reason(actionAvailability(action, { ...online, is_connected_to_vpn: false }, allowed)), action).toBe('notOnline');
    }
  });

  it('purge, reboot and shutdown wait for a fully provisioned device; restart does not', () => {
    const fresh = { ...online, supervisor_version: null };
    const unheard = { ...online, last_connectivity_event: null };
    for (const action of ['purge', 'reboot', 'shutdown'] as const) {
      expect(reason(actionAvailability(action, fresh, allowed)), action).toBe('notFullyProvisioned');
      expect(reason(actionAvailability(action, unheard, allowed)), action).toBe('notFullyProvisioned');
    }
    expect(reason(actionAvailability('restart', fresh, allowed))).toBeNull();
  });

  it('restart and purge are unavailable in local mode; reboot is not', () => {
    const local = { ...online, isInLocalMode: true };
    expect(reason(actionAvailability('restart', local, allowed))).toBe('localMode');
    expect(reason(actionAvailability('purge', local, allowed))).toBe('localMode');
    expect(reason(actionAvailability('reboot', local, allowed))).toBeNull();
  });

  it('identify needs a device type that can blink, online or not', () => {
    expect(reason(actionAvailability('identify', { ...online, supportsBlink: false }, allowed))).toBe('noBlink');
    expect(reason(actionAvailability('identify', { ...online, is_connected_to_vpn: false }, allowed))).toBeNull();
  });

  it('local mode needs OS not 1.x, supervisor 4+, the dev variant and a provisioned device', () => {
    expect(reason(actionAvailability('localMode', online, allowed))).toBeNull();
    expect(reason(actionAvailability('localMode', { ...online, os_version: 'Resin OS 1.26.0' }, allowed))).toBe('localModeUnsupported');
    expect(reason(actionAvailability('localMode', { ...online, supervisor_version: '3.9.0' }, allowed))).toBe('localModeUnsupported');
    expect(reason(actionAvailability('localMode', { ...online, os_variant: 'prod' }, allowed))).toBe('localModeUnsupported');
    expect(reason(actionAvailability('localMode', { ...online, last_connectivity_event: null }, allowed))).toBe('localModeUnsupported');
  });

  it('the supervisor of an ESR OS (major above 2000) cannot be updated', () => {
    expect(reason(actionAvailability('supervisorUpdate', { ...online, os_version: 'balenaOS 2024.10.1' }, allowed))).toBe('esrSupervisor');
    expect(reason(actionAvailability('supervisorUpdate', online, allowed))).toBeNull();
  });

  it('deactivation needs a paid plan and an active, offline device, saying which is missing', () => {
    const offline = { ...online, is_connected_to_vpn: false };
    expect(reason(actionAvailability('deactivate', offline, { isPermitted: true, isPaidPlan: false }))).toBe('upgradePlan');
    expect(reason(actionAvailability('deactivate', { ...offline, is_active: false }, allowed))).toBe('alreadyInactive');
    expect(reason(actionAvailability('deactivate', online, allowed))).toBe('mustBeOffline');
    expect(reason(actionAvailability('deactivate', offline, allowed))).toBeNull();
  });
});

describe('versions', () => {
  it('reads OS versions with their product prefix', () => {
    expect(parseOsVersion('balenaOS 6.0.13')).toMatchObject({ major: 6, minor: 0, patch: 13 });
    expect(parseOsVersion('Resin OS 2.12.0+rev1')).toMatchObject({ major: 2, minor: 12, patch: 0 });
    expect(parseOsVersion(null)).toBeNull();
    expect(isEsrOsVersion('balenaOS 2023.1.0')).toBe(true);
    expect(osVersionAtLeast('balenaOS 2.11.0', '2.11.0')).toBe(true);
    expect(osVersionAtLeast('balenaOS 2.10.9', '2.11.0')).toBe(false);
    expect(osVersionAtLeast(null, '2.11.0')).toBe(false);
  });

  it('allows per-container controls from supervisor 7', () => {
    expect(supportsContainerControls('7.0.0')).toBe(true);
    expect(supportsContainerControls('6.9.9')).toBe(false);
    expect(supportsContainerControls(null)).toBe(false);
  });
});

describe('supervisor requests (compat §4.1)', () => {
  it('builds the bodies the SDK sends', () => {
    const d = { id: 20, appId: 1 };
    expect(supervisorActionRequest('identify', d)).toEqual({ path: '/v1/blink', body: { deviceId: 20 } });
    expect(supervisorActionRequest('reboot', d, true)).toEqual({ path: '/v1/reboot', body: { deviceId: 20, data: { force: true } } });
    expect(supervisorActionRequest('restart', d)).toEqual({ path: '/v1/restart', body: { deviceId: 20, appId: 1, data: { appId: 1, force: false } } });
    expect(supervisorActionRequest('purge', d).path).toBe('/v1/purge');
    expect(supervisorActionRequest('shutdown', d).body).toEqual({ deviceId: 20, appId: 1, data: { force: false } });
  });
});

describe('what the rules read of a device', () => {
  it('has local mode on when either local mode variable equals 1', () => {
    expect(isLocalModeOn([{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }])).toBe(true);
    expect(isLocalModeOn([{ name: 'RESIN_SUPERVISOR_LOCAL_MODE', value: ' 1 ' }])).toBe(true);
    expect(isLocalModeOn([{ name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: 'true' }])).toBe(false);
    expect(isLocalModeOn([{ name: 'BALENA_SUPERVISOR_POLL_INTERVAL', value: '1' }])).toBe(false);
    expect(isLocalModeOn([])).toBe(false);
  });

  it('reads blink support from data.led of the device type contract, true only when exactly true', () => {
    expect(contractSupportsBlink({ data: { led: true, arch: 'aarch64' }, slug: 'raspberrypi4-64' })).toBe(true);
    expect(contractSupportsBlink({ data: { led: 'yes' } })).toBe(false);
    expect(contractSupportsBlink({ data: {} })).toBe(false);
    expect(contractSupportsBlink(null)).toBe(false);
    expect(contractSupportsBlink('led')).toBe(false);
  });

  it('confirms reboot, shutdown and purge only', () => {
    expect([...DANGEROUS_SUPERVISOR_ACTIONS].sort()).toEqual(['purge', 'reboot', 'shutdown']);
  });
});
