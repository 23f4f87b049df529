import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../devices/api/devices.queries.ts';
import { deviceLocationKeys } from './device-location.queries.ts';
import { saveCustomLocation } from './device-location.requests.ts';

/** Saves the location; the location page and the device pages (summary, list, map) refresh. Errors show on the page. */
export function useSaveDeviceLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, patch }: { deviceId: number; patch: { custom_latitude: string; custom_longitude: string } }) => saveCustomLocation(deviceId, patch),
    meta: { silent: true },
    onSuccess: () => Promise.all([deviceLocationKeys.all, deviceKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
