import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as applicationTag from '@flotilla/core/schemas/odata/application-tag';
import { odataList } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of fleet tags: everything under `all`. */
export const fleetTagKeys = {
  all: ['fleet-tags'] as const,
  list: (fleetId: number) => [...fleetTagKeys.all, 'list', fleetId] as const,
};

const fleetTagRow = applicationTag.row.pick({ id: true, tag_key: true, value: true });
export type FleetTagRow = z.output<typeof fleetTagRow>;

/** The fleet's `application_tag` rows (fleets spec §3 Application), by key. */
export function fleetTagsQuery(fleetId: number) {
  return queryOptions({
    queryKey: fleetTagKeys.list(fleetId),
    queryFn: () =>
      odataList(fleetTagRow, {
        resource: applicationTag.resource,
        options: { $select: ['id', 'tag_key', 'value'], $filter: { application: fleetId }, $orderby: [{ tag_key: 'asc' }, { id: 'asc' }] },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}
