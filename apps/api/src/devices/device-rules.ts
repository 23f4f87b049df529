import { DEVICE_ACTION_ERRORS, deviceActionErrorCode } from '@flotilla/core/device-action-errors';
import { actionAvailability, isLocalModeOn, type DeviceAction } from '@flotilla/core/device-actions';
import type { Db } from '../db/database.ts';
import { badRequest } from '../lib/errors.ts';
import type { Values } from '../model/types.ts';
import { getDeviceConfigVariables, getDeviceRuleFacts } from './device-rules.repository.ts';

/**
 * What the dashboard's device settings disable, refused by the API too (fleets spec §4 "Device
 * toggles", §5 "Device actions: availability", §8 "Device action errors"), so balena-sdk or curl
 * cannot do what the page would not offer. The rule is core's `actionAvailability`, evaluated on
 * the stored rows. These run from write hooks, i.e. after the engine's read, update and change
 * rules have passed on every row: whoever may not touch the device got its answer (404 as for a
 * missing device, or 401) before a rule here could say anything about it, so `isPermitted` is true.
 */
async function assertAvailable(db: Db, action: DeviceAction, deviceIds: readonly number[]): Promise<void> {
  for (const device of await getDeviceRuleFacts(db, deviceIds)) {
    const availability = actionAvailability(action, device, { isPermitted: true, isPaidPlan: device.isPaidPlan });
    if (!availability.isAvailable) throw badRequest(DEVICE_ACTION_ERRORS[availability.reason], deviceActionErrorCode(availability.reason));
  }
}

/**
 * Deactivation (`is_active: false`) needs a paid plan and an active, offline device (cloudlink
 * down). Re-activation (`is_active: true`) is left to the permission alone: it is how an
 * inactive device comes back (the link refuses inactive devices), it has no fee, and the spec
 * sets no condition on it.
 */
export async function assertDeviceWriteAllowed(db: Db, patch: Values, ids: readonly number[]): Promise<void> {
  if (patch.is_active === false) await assertAvailable(db, 'deactivate', ids);
}

/** The variables of a write that turn local mode on, by device. */
function devicesTurnedToLocalMode(rows: readonly Values[]): number[] {
  return rows
    .filter((r) => typeof r.name === 'string' && typeof r.value === 'string' && typeof r.device === 'number' && isLocalModeOn([{ name: r.name, value: r.value }]))
    .map((r) => r.device as number);
}

/**
 * Local mode on (a local-mode device configuration variable equal to 1, created or changed)
 * needs a device that supports it: OS not 1.x, supervisor 4 or above, development variant,
 * fully provisioned. Turning it off ("0", or deleting the variable) is always allowed.
 */
export async function assertLocalModeCreateAllowed(db: Db, values: Values): Promise<void> {
  await assertAvailable(db, 'localMode', devicesTurnedToLocalMode([values]));
}

export async function assertLocalModeUpdateAllowed(db: Db, patch: Values, ids: readonly number[]): Promise<void> {
  if (!('name' in patch || 'value' in patch || 'device' in patch)) return;
  const after = (await getDeviceConfigVariables(db, ids)).map((row) => ({ ...row, ...patch }));
  await assertAvailable(db, 'localMode', [...new Set(devicesTurnedToLocalMode(after))]);
}
