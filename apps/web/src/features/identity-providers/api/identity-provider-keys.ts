/**
 * Query keys of the identity provider reads. Every key sits under `all`, so one invalidation
 * after a write refreshes the list, the page, its account count and the SAML feature check.
 * Apart from the queries so the sidebar's feature check (saml-access.queries.ts) stays small.
 */
export const identityProviderKeys = {
  all: ['identity-providers'] as const,
  samlAccess: () => [...identityProviderKeys.all, 'saml-access'] as const,
  list: (orgIds: readonly number[]) => [...identityProviderKeys.all, 'list', orgIds] as const,
  detail: (id: number) => [...identityProviderKeys.all, 'detail', id] as const,
  accountCount: (id: number) => [...identityProviderKeys.detail(id), 'account-count'] as const,
};
