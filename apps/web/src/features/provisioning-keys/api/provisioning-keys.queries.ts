import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as apiKey from '@flotilla/core/schemas/odata/api-key';
import * as application from '@flotilla/core/schemas/odata/application';
import { odataList, odataOne } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of the fleet's provisioning keys: everything under `all`. */
export const provisioningKeyKeys = {
  all: ['provisioning-keys'] as const,
  list: (fleetId: number) => [...provisioningKeyKeys.all, 'list', fleetId] as const,
};

/** A provisioning key as the table shows it (keys made by the SDK may have no name). */
const provisioningKeyRow = apiKey.row.pick({ id: true, created_at: true, name: true, description: true, expiry_date: true });
export type ProvisioningKeyRow = z.output<typeof provisioningKeyRow>;

const fleetActorRow = application.row.pick({ id: true, actor: true });

/**
 * The fleet's provisioning keys (fleets spec §2 `/fleets/{id}/api-keys`): the keys of the fleet's
 * own actor, as balena-sdk's `apiKey.getProvisioningApiKeysByApplication` reads them. Device
 * keys of the fleet's devices belong to the devices' actors and are not listed.
 */
export function provisioningKeysQuery(fleetId: number) {
  return queryOptions({
    queryKey: provisioningKeyKeys.list(fleetId),
    queryFn: async () => {
      const fleet = await odataOne(fleetActorRow, { resource: application.resource, id: fleetId, options: { $select: ['id', 'actor'] } });
      const actorId = fleet?.actor?.__id;
      if (actorId === undefined) return [];
      return odataList(provisioningKeyRow, {
        resource: apiKey.resource,
        options: {
          $select: ['id', 'created_at', 'name', 'description', 'expiry_date'],
          $filter: { is_of__actor: actorId },
          $orderby: [{ created_at: 'desc' }, { id: 'desc' }],
        },
      });
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
