import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permissionKeys } from '../../../lib/permissions.ts';
import { fleetMemberKeys } from '../../fleet-members/api/fleet-members.queries.ts';
import { fleetKeys } from '../../fleets/api/fleets.queries.ts';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';
import type { InvitationKind } from '../invitation-link.ts';
import { acceptInvitation } from './invitation.requests.ts';

/**
 * Accepting makes the user a member: their organizations, roles and the fleets they reach all
 * change. Errors show inline on the accept screen (meta.silent).
 */
export function useAcceptInvitation(kind: InvitationKind, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(kind, token),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.all }),
        queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
        queryClient.invalidateQueries({ queryKey: fleetKeys.all }),
        queryClient.invalidateQueries({ queryKey: fleetMemberKeys.all }),
      ]),
  });
}
