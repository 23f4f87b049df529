import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as device from '@flotilla/core/schemas/odata/device';
import { deviceActionResponse, type DeviceActionResponse } from '@flotilla/core/schemas/os-update';
import { apiRequest } from '../../../lib/http.ts';
import { pine } from '../../../lib/pine.ts';
import { deviceKeys } from '../../devices/api/devices.queries.ts';
import { osUpdateKeys } from './os-update.queries.ts';

/**
 * The OS update and the supervisor update. Errors show in the section (silent here); both
 * refresh the device reads, whose update_status, os_version and supervisor_version follow.
 */

/** Starts an OS update (`POST /actions/v2/<uuid>/resinhup`, what balena-sdk's startOsUpdate sends; compat §4). */
export function useStartOsUpdate(uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (targetVersion: string): Promise<DeviceActionResponse> =>
      deviceActionResponse.parse(await apiRequest(`/actions/v2/${uuid}/resinhup`, { method: 'POST', body: { parameters: { target_version: targetVersion } } })),
    meta: { silent: true },
    onSuccess: (action) => {
      queryClient.setQueryData(osUpdateKeys.action(uuid, action.id), action);
      void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(uuid) });
    },
  });
}

/** Sets the device's supervisor release (should_be_managed_by__release; the dashboard's setSupervisorRelease, fleets spec §7). */
export function useSetSupervisorRelease(deviceId: number, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (releaseId: number) => {
      await pine.patch({ resource: device.resource, id: deviceId, body: { should_be_managed_by__release: releaseId } });
    },
    meta: { silent: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deviceKeys.detail(uuid) }),
  });
}
