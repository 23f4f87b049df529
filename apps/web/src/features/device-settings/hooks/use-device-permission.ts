import { useCan } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { SECTION_PERMISSION, type SettingsSectionId } from '../section-ids.ts';

/** The device's permission scope: its fleet and that fleet's organization. */
export function deviceScope(device: DeviceDetail): { fleetId?: number; organizationId?: number } {
  const fleet = device.belongs_to__application[0];
  return { fleetId: fleet?.id, organizationId: fleet?.organization?.__id };
}

/** Whether the user holds the permission a settings section needs on this device (§6 "Device actions"). */
export function useCanSection(device: DeviceDetail, section: SettingsSectionId): boolean {
  return useCan(SECTION_PERMISSION[section], deviceScope(device));
}
