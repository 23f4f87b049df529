import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationRoleName } from '@flotilla/core/roles';
import { inviteKeys } from './invites.queries.ts';
import { createInvite, revokeInvite } from './invites.requests.ts';
import { useOrganizationRoleId } from './members.mutations.ts';

/**
 * The invite writes; each refreshes the pending invites through the key factory. Errors show in
 * the dialogs (meta.silent): the invite dialog puts the email errors on its field.
 */

export interface InviteValues {
  orgId: number;
  email: string;
  role: OrganizationRoleName;
  message: string;
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  const roleIdOf = useOrganizationRoleId();
  return useMutation({
    mutationFn: async ({ orgId, email, role, message }: InviteValues) => createInvite(orgId, { email, roleId: await roleIdOf(role), message }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => revokeInvite(inviteId),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}
