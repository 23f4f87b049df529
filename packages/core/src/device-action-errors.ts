/**
 * The API's answer when a device write breaks an availability rule of device-actions.ts (fleets
 * spec §8 "Device action errors"): the same words the dashboard shows beside the disabled
 * control (apps/web locales `deviceActions.unavailable.*`), so a refused SDK or curl call reads
 * like the page that would not have offered it.
 */
import type { UnavailableReason } from './device-actions.ts';

export const DEVICE_ACTION_ERRORS: Readonly<Record<UnavailableReason, string>> = {
  notOnline: 'The device must be online',
  notFullyProvisioned: 'Not supported until the device is fully provisioned',
  localMode: 'Not available in local mode',
  noBlink: 'This device type does not support blinking',
  localModeUnsupported: 'This device does not support local mode',
  esrSupervisor: 'The supervisor of an ESR OS version cannot be updated',
  upgradePlan: 'Upgrade your plan to enable deactivation',
  alreadyInactive: 'The device is already inactive',
  mustBeOffline: 'The device must be offline',
  noPermission: 'You do not have permission to do this on this device',
};

/** The machine-readable code sent beside the message: the reason in snake case (`must_be_offline`). */
export function deviceActionErrorCode(reason: UnavailableReason): string {
  return reason.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A release a device is pinned to must have built successfully (open-balena: "each release that is pinned to a device has a status that is equal to success"). */
export const PIN_NEEDS_SUCCESSFUL_RELEASE = 'Only a successful release can be pinned';
