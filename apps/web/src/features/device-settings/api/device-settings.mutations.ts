import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { deviceKeys } from '../../devices/api/devices.queries.ts';
import { fleetKeys } from '../../fleets/api/fleets.queries.ts';
import { patchDevice, setLocalMode, type DevicePatch } from './device-settings.requests.ts';

/**
 * The device settings writes. Each refreshes the device before it settles (its detail and, under
 * it, the settings' own read), so a control never shows "saved" over the old value nor keeps a
 * state the API refused. Errors are the section's to show (meta.silent).
 */
function refreshDevice(queryClient: QueryClient, uuid: string) {
  return queryClient.invalidateQueries({ queryKey: deviceKeys.detail(uuid) });
}

function useDevicePatch<T>(device: { id: number; uuid: string }, body: (value: T) => DevicePatch) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => patchDevice(device.id, body(value)),
    meta: { silent: true },
    onSettled: () => refreshDevice(queryClient, device.uuid),
  });
}

/** Pins the device to a release of its fleet (a release id), or makes it track the fleet again (null). */
export function usePinDeviceRelease(device: { id: number; uuid: string }) {
  return useDevicePatch<number | null>(device, (releaseId) => ({ is_pinned_on__release: releaseId }));
}

/** Turns the device's public URL on or off. */
export function useSetDevicePublicUrl(device: { id: number; uuid: string }) {
  return useDevicePatch<boolean>(device, (isOn) => ({ is_web_accessible: isOn }));
}

/** Grants support access until a date (ISO text), or revokes it (null). */
export function useSetDeviceSupportAccess(device: { id: number; uuid: string }) {
  return useDevicePatch<string | null>(device, (until) => ({ is_accessible_by_support_until__date: until }));
}

/** Turns local mode on or off through the device's configuration variables. */
export function useSetLocalMode(device: { id: number; uuid: string; device_config_variable: ReadonlyArray<{ name: string; value: string }> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isOn: boolean) => setLocalMode(device.id, isOn, device.device_config_variable),
    meta: { silent: true },
    onSettled: () => refreshDevice(queryClient, device.uuid),
  });
}

/**
 * Moves the device to another fleet. Both fleets' device lists and counts change, and the
 * device's pages now name the new fleet: every device read and both fleets refresh.
 */
export function useMoveDevice(device: { id: number; fleetId: number | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fleetId: number) => patchDevice(device.id, { belongs_to__application: fleetId }),
    meta: { silent: true },
    onSuccess: (_result, fleetId) => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      void queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fleetId) });
      if (device.fleetId !== null) void queryClient.invalidateQueries({ queryKey: fleetKeys.detail(device.fleetId) });
      void queryClient.invalidateQueries({ queryKey: fleetKeys.list() });
    },
  });
}

/** Deactivates the device (offline, active, paid plan); its fleet's lists and counts show it inactive. */
export function useDeactivateDevice(device: { id: number; fleetId: number | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => patchDevice(device.id, { is_active: false }),
    meta: { silent: true },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      if (device.fleetId !== null) void queryClient.invalidateQueries({ queryKey: fleetKeys.detail(device.fleetId) });
    },
  });
}
