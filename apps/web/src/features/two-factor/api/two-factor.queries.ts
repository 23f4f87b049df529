import { queryOptions } from '@tanstack/react-query';
import { getSetupKey } from './two-factor.requests.ts';

/** Query keys of this feature: everything under `all`. */
export const twoFactorKeys = {
  all: ['two-factor'] as const,
  setupKey: () => [...twoFactorKeys.all, 'setup-key'] as const,
};

/**
 * The authenticator setup key of the enable dialog. Asked once per dialog and never kept: each
 * request may issue a new key, so a refetch would swap it under a half-done pairing.
 */
export const setupKeyQuery = queryOptions({
  queryKey: twoFactorKeys.setupKey(),
  queryFn: getSetupKey,
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});
