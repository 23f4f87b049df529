import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { profileResponse } from '@flotilla/core/schemas/profile';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
};

/** The caller's own profile and account flags (accounts spec §3 user), from `GET /user/profile`. */
export type Profile = z.output<typeof profileResponse>;
export type AccountType = NonNullable<Profile['account_type']>;

export const profileQuery = queryOptions({
  queryKey: profileKeys.own(),
  queryFn: async (): Promise<Profile> => parseResponse(profileResponse, '/user/profile', await apiRequest('/user/profile')),
});
