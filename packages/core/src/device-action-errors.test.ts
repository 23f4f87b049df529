import { describe, expect, it } from 'vitest';
import { DEVICE_ACTION_ERRORS, deviceActionErrorCode } from './device-action-errors.ts';
import { actionAvailability, type DeviceForActions } from './device-actions.ts';

const offline: DeviceForActions = {
  is_connected_to_vpn: false,
  is_active: true,
  supervisor_version: '17.0.0',
  os_version: 'balenaOS 6.0.0',
  os_variant: 'prod',
  last_connectivity_event: '2026-11-25T10:00:00.000Z',
  isInLocalMode: false,
  supportsBlink: true,
};
const messageOf = (a: ReturnType<typeof actionAvailability>) => (a.isAvailable ? null : DEVICE_ACTION_ERRORS[a.reason]);

describe('device action errors (fleets spec §8)', () => {
  it('words each refused deactivation and local mode as the spec does', () => {
    expect(messageOf(actionAvailability('deactivate', offline, { isPermitted: true, isPaidPlan: false }))).toMatch(/upgrade your plan to enable deactivation/i);
    expect(messageOf(actionAvailability('deactivate', { ...offline, is_active: false }, { isPermitted: true, isPaidPlan: true }))).toMatch(/already inactive/i);
    expect(messageOf(actionAvailability('deactivate', { ...offline, is_connected_to_vpn: true }, { isPermitted: true, isPaidPlan: true }))).toMatch(/must be offline/i);
    expect(messageOf(actionAvailability('deactivate', offline, { isPermitted: true, isPaidPlan: true }))).toBeNull();
    expect(messageOf(actionAvailability('localMode', offline, { isPermitted: true }))).toMatch(/does not support local mode/i);
  });

  it('codes a reason in snake case', () => {
    expect(deviceActionErrorCode('mustBeOffline')).toBe('must_be_offline');
    expect(deviceActionErrorCode('upgradePlan')).toBe('upgrade_plan');
  });
});
