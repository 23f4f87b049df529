import { queryOptions } from '@tanstack/react-query';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as cpuArchitecture from '@flotilla/core/schemas/odata/cpu-architecture';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import { deviceSelectionKeys, fleetDevicesByIds } from './device-selection.queries.ts';

/** A selected device as the batch move and pin dialogs read it. */
export interface BatchChangeDevice {
  id: number;
  uuid: string;
  name: string;
  osVersion: string | null;
  /** The release the device is pinned to, or null when it tracks its fleet. */
  pinnedReleaseId: number | null;
  /** The CPU architecture of its device type, or null when unknown. */
  cpuArchitecture: string | null;
}

const changeRow = device.row.pick({ id: true, uuid: true, device_name: true, os_version: true, is_pinned_on__release: true }).extend({
  is_of__device_type: expanded(deviceType.row.pick({ id: true }).extend({ is_of__cpu_architecture: expanded(cpuArchitecture.row.pick({ slug: true })) })),
});

/**
 * The selected devices of the fleet with what a move or a pin decides from (fleets spec §5
 * "Move"): OS version, pin and CPU architecture. Read by id, as the selection may span pages;
 * under the selection's keys, so the batch's refresh of the fleet's devices refreshes it too.
 * Read when a dialog opens, not polled: the dialog decides once, from what it shows.
 */
export function batchChangeDevicesQuery(fleetId: number, ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return queryOptions({
    queryKey: [...deviceSelectionKeys.all(fleetId), 'changes', sorted] as const,
    queryFn: async (): Promise<BatchChangeDevice[]> => {
      const rows = await fleetDevicesByIds(changeRow, fleetId, sorted, {
        $select: ['id', 'uuid', 'device_name', 'os_version', 'is_pinned_on__release', 'is_of__device_type'],
        $expand: { is_of__device_type: { $select: ['id'], $expand: { is_of__cpu_architecture: { $select: ['slug'] } } } },
      });
      return rows
        .map((row) => ({
          id: row.id,
          uuid: row.uuid,
          name: row.device_name,
          osVersion: row.os_version,
          pinnedReleaseId: row.is_pinned_on__release?.__id ?? null,
          cpuArchitecture: row.is_of__device_type[0]?.is_of__cpu_architecture[0]?.slug ?? null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled: sorted.length > 0,
    staleTime: 0,
  });
}
