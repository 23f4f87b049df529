import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BATCH_CONCURRENCY, runBatch, type BatchResult } from '@flotilla/core/batch';
import type { SupervisorAction } from '@flotilla/core/device-actions';
import { runDeviceAction } from '../../device-actions/api/device-actions.requests.ts';
import { deviceKeys } from './devices.queries.ts';

/** What a batch needs of a device; the result hands back the caller's own items. */
export interface BatchTarget {
  id: number;
  uuid: string;
}

/** One batch: a supervisor action on devices of the fleet, forced past update locks or not. */
export interface DeviceBatchRun<T extends BatchTarget> {
  action: SupervisorAction;
  devices: readonly T[];
  force: boolean;
}

/**
 * Runs a supervisor action on each device, BATCH_CONCURRENCY at a time (fleets spec §4). The
 * batch never rejects: it resolves with which devices succeeded and which failed and why, for
 * the caller to tell (§8). Afterwards the fleet's list (and the selection read under it) and
 * the devices' own pages are refreshed: a reboot or shutdown takes them offline.
 */
export function useRunDeviceBatch<T extends BatchTarget>(fleetId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, devices, force }: DeviceBatchRun<T>): Promise<BatchResult<T>> =>
      runBatch(devices, (device) => runDeviceAction(action, { id: device.id, appId: fleetId }, force), BATCH_CONCURRENCY),
    meta: { silent: true },
    onSettled: (_result, _error, run) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceKeys.byFleet(fleetId) }),
        ...run.devices.map((device) => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(device.uuid) })),
      ]),
  });
}
