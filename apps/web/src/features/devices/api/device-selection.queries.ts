import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import type { z } from 'zod';
import { odataList, type ReadParams } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { contractSupportsBlink, isLocalModeOn, LOCAL_MODE_VARIABLES } from '@flotilla/core/device-actions';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as deviceConfigVariable from '@flotilla/core/schemas/odata/device-config-variable';
import type { BatchDevice } from '../device-batch.ts';
import { deviceKeys } from './devices.queries.ts';

/**
 * Keys of the selected devices' reads, under the fleet's device keys so that whatever refreshes
 * the fleet's list (a batch action) refreshes these too.
 */
export const deviceSelectionKeys = {
  all: (fleetId: number) => [...deviceKeys.byFleet(fleetId), 'selection'] as const,
  ids: (fleetId: number, ids: readonly number[]) => [...deviceSelectionKeys.all(fleetId), ids] as const,
};

/** Ids per request: a selection of a 10,000-row page would not fit one URL. */
const IDS_PER_REQUEST = 200;

const SELECTED_DEVICE_SELECT = [
  'id', 'uuid', 'device_name', 'is_connected_to_vpn', 'is_active', 'supervisor_version', 'os_version', 'os_variant',
  'last_connectivity_event', 'is_of__device_type',
];
const selectedDeviceRow = device.row
  .pick({
    id: true, uuid: true, device_name: true, is_connected_to_vpn: true, is_active: true, supervisor_version: true, os_version: true,
    os_variant: true, last_connectivity_event: true, is_of__device_type: true,
  })
  // Local mode is its configuration variable (fleets spec §4), as on the summary.
  .extend({ device_config_variable: expanded(deviceConfigVariable.row.pick({ name: true, value: true })) });
const deviceTypeContractRow = deviceType.row.pick({ id: true, contract: true });

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The fleet's devices among `ids` (a selection, which may span pages), IDS_PER_REQUEST ids per
 * request, in parallel; a device deleted or moved meanwhile is simply not there.
 */
export async function fleetDevicesByIds<S extends z.ZodType>(
  row: S,
  fleetId: number,
  ids: readonly number[],
  options: Pick<NonNullable<ReadParams['options']>, '$select' | '$expand'>,
): Promise<z.output<S>[]> {
  const pages = await Promise.all(
    chunks(ids, IDS_PER_REQUEST).map((chunk) =>
      odataList(row, { resource: device.resource, options: { ...options, $filter: { belongs_to__application: fleetId, id: { $in: chunk } } } }),
    ),
  );
  return pages.flat();
}

/**
 * The selected devices of the fleet with what the action rules read (fleets spec §5): the
 * selection may span pages, so they are read by id, and their device types' contracts once per
 * type (whether they can blink). Polls like the list, so availability follows the devices.
 */
export function selectedDevicesQuery(fleetId: number, ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return queryOptions({
    queryKey: deviceSelectionKeys.ids(fleetId, sorted),
    queryFn: async (): Promise<BatchDevice[]> => {
      const rows = await fleetDevicesByIds(selectedDeviceRow, fleetId, sorted, {
        $select: SELECTED_DEVICE_SELECT,
        $expand: { device_config_variable: { $select: ['name', 'value'], $filter: { name: { $in: [...LOCAL_MODE_VARIABLES] } } } },
      });
      const typeIds = [...new Set(rows.flatMap((row) => (row.is_of__device_type ? [row.is_of__device_type.__id] : [])))];
      const types =
        typeIds.length === 0
          ? []
          : await odataList(deviceTypeContractRow, { resource: deviceType.resource, options: { $select: ['id', 'contract'], $filter: { id: { $in: typeIds } } } });
      const blinks = new Map(types.map((type) => [type.id, contractSupportsBlink(type.contract)]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      // By name, as the confirmation lists them; a device deleted or moved meanwhile is simply not there.
      const selected = sorted.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        return [
          {
            id: row.id,
            uuid: row.uuid,
            name: row.device_name,
            forActions: {
              is_connected_to_vpn: row.is_connected_to_vpn,
              is_active: row.is_active,
              supervisor_version: row.supervisor_version,
              os_version: row.os_version,
              os_variant: row.os_variant,
              last_connectivity_event: row.last_connectivity_event,
              isInLocalMode: isLocalModeOn(row.device_config_variable),
              supportsBlink: row.is_of__device_type ? (blinks.get(row.is_of__device_type.__id) ?? false) : false,
            },
          },
        ];
      });
      return selected.sort((a, b) => a.name.localeCompare(b.name));
    },
    placeholderData: keepPreviousData,
    enabled: sorted.length > 0,
    refetchInterval: DEFAULT_POLL_MS,
  });
}
