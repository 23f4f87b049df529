import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BATCH_CONCURRENCY, runBatch, type BatchResult } from '@flotilla/core/batch';
import { patchDevice } from '../../device-settings/api/device-settings.requests.ts';
import { fleetKeys } from '../../fleets/api/fleets.queries.ts';
import type { BatchTarget } from './device-batch.mutations.ts';
import { deviceKeys } from './devices.queries.ts';

/**
 * The device list's batch writes to the devices themselves (fleets spec §4 "Batch actions"): a
 * move to another fleet and a pin to a release (or back to tracking the fleet), one PATCH per
 * device, BATCH_CONCURRENCY at a time, with the bodies the single-device settings send
 * (device-settings.requests.ts). A batch never rejects: it resolves with which devices
 * succeeded and which failed and why, for the caller to tell (§8 "Batch failures"). The reads
 * are refreshed before it resolves, so the list is current when the dialog closes.
 */

export interface MoveDevicesRun<T extends BatchTarget> {
  devices: readonly T[];
  toFleetId: number;
}

/**
 * Moves devices of `fromFleetId` to another fleet. Both fleets' device lists and counts change,
 * and the devices' own pages name the new fleet: every device read, both fleets and the fleet
 * list (its device counts) refresh.
 */
export function useMoveDevices<T extends BatchTarget>(fromFleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ devices, toFleetId }: MoveDevicesRun<T>): Promise<BatchResult<T>> =>
      runBatch(devices, (d) => patchDevice(d.id, { belongs_to__application: toFleetId }), BATCH_CONCURRENCY),
    meta: { silent: true },
    onSettled: (_result, _error, run) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.detail(fromFleetId) }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.detail(run.toFleetId) }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.list() }),
      ]),
  });
}

export interface PinDevicesRun<T extends BatchTarget> {
  devices: readonly T[];
  /** A release of the fleet, or null: the devices track the fleet's release again. */
  releaseId: number | null;
}

/** Pins devices of the fleet to one of its releases, or makes them track the fleet again; the fleet's list and the devices' pages refresh. */
export function usePinDevices<T extends BatchTarget>(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ devices, releaseId }: PinDevicesRun<T>): Promise<BatchResult<T>> =>
      runBatch(devices, (d) => patchDevice(d.id, { is_pinned_on__release: releaseId }), BATCH_CONCURRENCY),
    meta: { silent: true },
    onSettled: (_result, _error, run) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.byFleet(fleetId) }),
        ...run.devices.map((d) => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(d.uuid) })),
      ]),
  });
}
