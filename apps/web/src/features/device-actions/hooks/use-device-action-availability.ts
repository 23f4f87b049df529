import type { Availability } from '@flotilla/core/device-actions';
import { SUPERVISOR_ACTION_PERMISSION } from '@flotilla/core/device-actions';
import { rolesHavePermission } from '@flotilla/core/roles';
import { useRoles } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceForActions, menuAvailability, type DeviceMenuAction } from '../device-action-rules.ts';

/**
 * Each action's availability for the signed-in user on this device (fleets spec §5, §6 "Device
 * actions"), or null while the user's roles in the device's fleet are still loading: the
 * screen then shows the actions as "checking" rather than as forbidden.
 */
export function useDeviceActionAvailability(device: DeviceDetail): Record<DeviceMenuAction, Availability> | null {
  const fleet = device.belongs_to__application[0];
  const roles = useRoles({ fleetId: fleet?.id, organizationId: fleet?.organization?.__id });
  if (roles === null) return null;
  return menuAvailability(deviceForActions(device), {
    canSupervise: rolesHavePermission(roles, SUPERVISOR_ACTION_PERMISSION),
    canDelete: rolesHavePermission(roles, 'resin.device.delete'),
  });
}
