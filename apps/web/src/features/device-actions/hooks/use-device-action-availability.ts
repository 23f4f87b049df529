import type { Availability } from '@flotilla/core/device-actions';
import { SUPERVISOR_ACTION_PERMISSION } from '@flotilla/core/device-actions';
import { rolesHavePermission } from '@flotilla/core/roles';
import { useRolesState, type RolesState } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceForActions, menuAvailability, type DeviceMenuAction } from '../device-action-rules.ts';

/**
 * Each action's availability for the signed-in user on this device (fleets spec §5, §6 "Device
 * actions"), or null while the user's roles in the device's fleet are still loading: the
 * screen then shows the actions as "checking" rather than as forbidden. `failure`: the read of
 * those roles failed (availability stays null), to show with Retry instead of "checking" for ever.
 */
export function useDeviceActionAvailability(device: DeviceDetail): { availability: Record<DeviceMenuAction, Availability> | null; failure: RolesState['failure'] } {
  const fleet = device.belongs_to__application[0];
  const { roles, failure } = useRolesState({ fleetId: fleet?.id, organizationId: fleet?.organization?.__id });
  if (roles === null) return { availability: null, failure };
  const availability = menuAvailability(deviceForActions(device), {
    canSupervise: rolesHavePermission(roles, SUPERVISOR_ACTION_PERMISSION),
    canDelete: rolesHavePermission(roles, 'resin.device.delete'),
  });
  return { availability, failure: null };
}
