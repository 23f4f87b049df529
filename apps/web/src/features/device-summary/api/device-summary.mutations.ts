import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../devices/api/devices.queries.ts';
import { deviceTagKeys } from './device-tags.queries.ts';
import { createDeviceTag, deleteDeviceTag, patchDevice, updateDeviceTag, type DeviceTagValues } from './device-summary.requests.ts';

/** The summary card's writes; errors show where the user acted (meta.silent). */

export function useCreateDeviceTag(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: DeviceTagValues) => createDeviceTag(deviceId, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTagKeys.list(deviceId) }),
  });
}

export function useUpdateDeviceTag(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: DeviceTagValues & { id: number }) => updateDeviceTag(id, values),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTagKeys.list(deviceId) }),
  });
}

export function useDeleteDeviceTag(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteDeviceTag(id),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTagKeys.list(deviceId) }),
  });
}

/** Renames the device; every device page (summary, fleet list) shows the new name. */
export function useRenameDevice(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceName: string) => patchDevice(deviceId, { device_name: deviceName }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** Saves the note; only the device's own detail refreshes (the list does not show notes). */
export function useSaveDeviceNote(deviceId: number, uuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => patchDevice(deviceId, { note }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(uuid) }),
  });
}
