import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FleetRoleName } from '@flotilla/core/roles';
import { permissionKeys } from '../../../lib/permissions.ts';
import { fleetRoleId } from '../../fleet-members/api/fleet-members.queries.ts';
import { memberKeys } from '../../members/api/members.queries.ts';
import { teamKeys } from '../../teams/api/teams.queries.ts';
import { fleetTeamKeys } from './fleet-teams.queries.ts';
import { changeTeamAccessRole, grantTeamAccess, removeTeamAccess } from './fleet-teams.requests.ts';

/**
 * Team access writes. Each refreshes this feature, the team pages (their fleets sections), the
 * organization's members (seat roles follow team grants) and permissions (the user's own teams
 * may give them roles on the fleet). Errors show in the dialogs (meta.silent).
 */
function useInvalidateAccess() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([fleetTeamKeys.all, teamKeys.all, memberKeys.all, permissionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

function useRoleId() {
  const queryClient = useQueryClient();
  return (role: FleetRoleName): Promise<number> => fleetRoleId(queryClient, role);
}

export function useGrantTeamAccess(fleetId: number) {
  const roleId = useRoleId();
  const invalidate = useInvalidateAccess();
  return useMutation({
    mutationFn: async ({ teamId, role }: { teamId: number; role: FleetRoleName }) => grantTeamAccess(fleetId, teamId, await roleId(role)),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

export function useChangeTeamAccessRole() {
  const roleId = useRoleId();
  const invalidate = useInvalidateAccess();
  return useMutation({
    mutationFn: async ({ accessId, role }: { accessId: number; role: FleetRoleName }) => changeTeamAccessRole(accessId, await roleId(role)),
    onSettled: invalidate,
  });
}

export function useRemoveTeamAccess(fleetId: number) {
  const invalidate = useInvalidateAccess();
  return useMutation({
    mutationFn: (accessIds: readonly number[]) => removeTeamAccess(fleetId, accessIds),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}
