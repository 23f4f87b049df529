import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import { odataList } from '../../../lib/odata.ts';
import { DEVICE_TYPES_REFETCH_MS } from '../../../lib/query-client.ts';

/** Query keys of the device types (read-only for users): everything under `all`. */
export const deviceTypeKeys = {
  all: ['device-types'] as const,
  list: () => [...deviceTypeKeys.all, 'list'] as const,
};

const deviceTypeRow = deviceType.row.pick({ id: true, slug: true, name: true });
export type DeviceTypeRow = z.output<typeof deviceTypeRow>;

/** The device types the user may pick, by name (fleets spec §9: refetched every 60 s). */
export const deviceTypesQuery = queryOptions({
  queryKey: deviceTypeKeys.list(),
  queryFn: () => odataList(deviceTypeRow, { resource: deviceType.resource, options: { $select: ['id', 'slug', 'name'], $orderby: { name: 'asc' } } }),
  refetchInterval: DEVICE_TYPES_REFETCH_MS,
  staleTime: DEVICE_TYPES_REFETCH_MS,
});
