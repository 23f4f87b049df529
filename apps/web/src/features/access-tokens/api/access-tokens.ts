import { queryOptions } from '@tanstack/react-query';
import { apiRequestToken } from '../../../lib/http.ts';
import { pine } from '../../../lib/pine.ts';

/** A named user API key (accounts spec §3 api_key). */
export interface AccessTokenRow {
  id: number;
  created_at: string;
  name: string;
  description: string | null;
  expiry_date: string | null;
}

/** Accounts spec §9: the key table is refetched every 6 s. */
export const ACCESS_TOKENS_REFETCH_MS = 6_000;

export const accessTokenKeys = { list: (actorId: number) => ['access-tokens', actorId] as const };

export function accessTokensQuery(actorId: number) {
  return queryOptions({
    queryKey: accessTokenKeys.list(actorId),
    queryFn: async () =>
      (await pine.get({
        resource: 'api_key',
        options: {
          $select: ['id', 'created_at', 'name', 'description', 'expiry_date'],
          // Unnamed keys are the CLI's and the SDK's session keys, not tokens people manage here.
          $filter: { is_of__actor: actorId, name: { $ne: null } },
          $orderby: [{ name: 'asc' }, { id: 'asc' }],
        },
      })) as AccessTokenRow[],
    refetchInterval: ACCESS_TOKENS_REFETCH_MS,
  });
}

export interface NewAccessToken {
  name: string;
  description: string | null;
  expiryDate: string | null;
}

/** `POST /api-key/user/full`: answers the key itself, shown once. */
export function createAccessToken(values: NewAccessToken): Promise<string> {
  return apiRequestToken('/api-key/user/full', { method: 'POST', body: values });
}

export async function updateAccessToken(id: number, values: { name: string; description: string | null }): Promise<void> {
  await pine.patch({ resource: 'api_key', id, body: values });
}

export async function revokeAccessToken(id: number): Promise<void> {
  await pine.delete({ resource: 'api_key', id });
}

/** `POST /user/v1/refresh-token {password}`: proves identity again; a wrong password keeps the session. */
export function reverifyIdentity(password: string): Promise<string> {
  return apiRequestToken('/user/v1/refresh-token', { method: 'POST', body: { password }, keepSessionOn401: true });
}

