import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { accountStatusResponse } from '@flotilla/core/schemas/account';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const accountEmailKeys = {
  all: ['account-email'] as const,
  status: () => [...accountEmailKeys.all, 'status'] as const,
};

/** Verification state and whether a password is set (accounts spec §4). */
export type AccountStatus = z.output<typeof accountStatusResponse>;

/** Cached for the session: the route guard reads it on every navigation; writes refresh it. */
export const accountStatusQuery = queryOptions({
  queryKey: accountEmailKeys.status(),
  queryFn: async (): Promise<AccountStatus> => parseResponse(accountStatusResponse, '/user/v1/account-status', await apiRequest('/user/v1/account-status')),
  staleTime: Infinity,
});

/** Accounts spec §4: pending means the user must verify and has not. */
export function isVerificationPending(status: AccountStatus): boolean {
  return status.must_be_verified && !status.is_verified;
}
