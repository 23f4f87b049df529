import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IdentityProviderCreateBody, IdentityProviderFields } from '@flotilla/core/saml';
import { identityProviderKeys } from './identity-provider-keys.ts';
import {
  addIdentityProviderMemberships,
  createIdentityProvider,
  deleteIdentityProvider,
  deleteIdentityProviderMembership,
  setMembershipDefaultTeam,
  updateIdentityProvider,
} from './identity-providers.requests.ts';

/**
 * The identity provider writes. Each refreshes `identityProviderKeys.all`: the list, the page,
 * its memberships and its account count. The dialogs show their failures inline (meta.silent).
 */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: identityProviderKeys.all });
}

export function useCreateIdentityProvider() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: IdentityProviderCreateBody) => createIdentityProvider(body),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useUpdateIdentityProvider(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: IdentityProviderFields) => updateIdentityProvider(id, body),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** The page goes away with it: the refresh is not awaited, so the caller navigates at once. */
export function useDeleteIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteIdentityProvider(id),
    meta: { silent: true },
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: identityProviderKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: identityProviderKeys.all });
    },
  });
}

/** One POST per organization: some may have succeeded before one failed, so it refreshes either way. */
export function useAddIdentityProviderMemberships(providerId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (orgIds: readonly number[]) => addIdentityProviderMemberships(providerId, orgIds),
    meta: { silent: true },
    onSettled: invalidate,
  });
}

/** Refreshes on failure too, so the picker shows the team the membership really has. */
export function useSetMembershipDefaultTeam() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ membershipId, teamId }: { membershipId: number; teamId: number | null }) => setMembershipDefaultTeam(membershipId, teamId),
    onSettled: invalidate,
  });
}

export function useDeleteIdentityProviderMembership() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (membershipId: number) => deleteIdentityProviderMembership(membershipId),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}
