import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FleetRoleName } from '@flotilla/core/roles';
import { permissionKeys } from '../../../lib/permissions.ts';
import { memberKeys } from '../../members/api/members.queries.ts';
import { fleetMemberKeys, fleetRoleId } from './fleet-members.queries.ts';
import { addFleetMember, changeFleetMemberRole, inviteToFleet, removeFleetMember, revokeFleetInvite } from './fleet-members.requests.ts';

/**
 * The fleet member writes. Each refreshes the fleet's members and invites; a membership change
 * also refreshes permissions (one's own role may change) and the organization's members (their
 * seat role follows fleet roles). Errors show in the dialogs (meta.silent).
 */

function useInvalidateMemberships() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: fleetMemberKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
    ]);
}

export type AddFleetMemberValues =
  | { kind: 'username'; fleetId: number; username: string; role: FleetRoleName }
  | { kind: 'email'; fleetId: number; email: string; role: FleetRoleName; message: string };

/** Adds by username (a membership at once) or by email (an invite), fleets spec §5 "Invitee". */
export function useAddFleetMember() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMemberships();
  return useMutation({
    mutationFn: async (values: AddFleetMemberValues) => {
      const id = await fleetRoleId(queryClient, values.role);
      if (values.kind === 'username') await addFleetMember(values.fleetId, values.username, id);
      else await inviteToFleet(values.fleetId, values.email, id, values.message);
    },
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useChangeFleetMemberRole() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMemberships();
  return useMutation({
    mutationFn: async ({ membershipId, role }: { membershipId: number; role: FleetRoleName }) =>
      changeFleetMemberRole(membershipId, await fleetRoleId(queryClient, role)),
    meta: { silent: true },
    onSettled: invalidate,
  });
}

export function useRemoveFleetMember() {
  const invalidate = useInvalidateMemberships();
  return useMutation({
    mutationFn: (membershipId: number) => removeFleetMember(membershipId),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useRevokeFleetInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => revokeFleetInvite(inviteId),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fleetMemberKeys.all }),
  });
}
