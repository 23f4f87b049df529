import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as apiKey from '@flotilla/core/schemas/odata/api-key';
import { odataList } from '../../../lib/odata.ts';

/** Accounts spec §9: the key table is refetched every 6 s. */
export const ACCESS_TOKENS_REFETCH_MS = 6_000;

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  list: (actorId: number) => [...accessTokenKeys.all, 'list', actorId] as const,
};

/** A named user API key as the table shows it (accounts spec §3 api_key). */
const accessTokenRow = apiKey.row
  .pick({ id: true, created_at: true, description: true, expiry_date: true })
  // The query asks only for named keys, so a name is required here.
  .extend({ name: z.string() });
export type AccessTokenRow = z.output<typeof accessTokenRow>;

export function accessTokensQuery(actorId: number) {
  return queryOptions({
    queryKey: accessTokenKeys.list(actorId),
    queryFn: () =>
      odataList(accessTokenRow, {
        resource: apiKey.resource,
        options: {
          $select: ['id', 'created_at', 'name', 'description', 'expiry_date'],
          // Unnamed keys are the CLI's and the SDK's session keys, not tokens people manage here.
          $filter: { is_of__actor: actorId, name: { $ne: null } },
          $orderby: [{ name: 'asc' }, { id: 'asc' }],
        },
      }),
    refetchInterval: ACCESS_TOKENS_REFETCH_MS,
  });
}
