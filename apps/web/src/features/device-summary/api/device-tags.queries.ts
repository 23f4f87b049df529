import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as deviceTag from '@flotilla/core/schemas/odata/device-tag';
import { odataList } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of device tags: everything under `all`. */
export const deviceTagKeys = {
  all: ['device-tags'] as const,
  list: (deviceId: number) => [...deviceTagKeys.all, 'list', deviceId] as const,
};

const deviceTagRow = deviceTag.row.pick({ id: true, tag_key: true, value: true });
export type DeviceTagRow = z.output<typeof deviceTagRow>;

/** The device's tags, by key. */
export function deviceTagsQuery(deviceId: number) {
  return queryOptions({
    queryKey: deviceTagKeys.list(deviceId),
    queryFn: () =>
      odataList(deviceTagRow, {
        resource: deviceTag.resource,
        options: { $select: ['id', 'tag_key', 'value'], $filter: { device: deviceId }, $orderby: [{ tag_key: 'asc' }, { id: 'asc' }] },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}
