import { useMutation, useQueryClient } from '@tanstack/react-query';
import { permissionKeys } from '../../../lib/permissions.ts';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';
import { teamKeys } from '../../teams/api/teams.queries.ts';
import { addTeamMembers, removeTeamMember } from '../../teams/api/teams.requests.ts';
import { memberKeys } from './members.queries.ts';

/**
 * Adding a member to teams and removing them from one, through the teams feature's calls (the
 * one place team memberships are written). Unlike the team pages, these dialogs show errors
 * inline (meta.silent). Both refresh the teams (the member's teams here sit under
 * `teamKeys.all`, with the team pages), the organizations (the summary lists teams), the members
 * (the seat role follows team grants) and the permissions (team grants give fleet roles).
 */
function useInvalidateTeamMembership() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: orgKeys.all }),
      queryClient.invalidateQueries({ queryKey: memberKeys.all }),
      queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
    ]);
}

/**
 * One team at a time: a failure names the team it stopped at, and earlier teams stay added, so
 * it refreshes either way.
 */
export function useAddMemberToTeams() {
  const invalidate = useInvalidateTeamMembership();
  return useMutation({
    mutationFn: async ({ username, teamIds }: { username: string; teamIds: Iterable<number> }) => {
      for (const teamId of teamIds) await addTeamMembers(teamId, [username]);
    },
    meta: { silent: true },
    onSettled: invalidate,
  });
}

/** Removes one team_membership (removing oneself is always allowed, accounts spec §6). */
export function useRemoveTeamMembership() {
  const invalidate = useInvalidateTeamMembership();
  return useMutation({
    mutationFn: (teamMembershipId: number) => removeTeamMember(teamMembershipId),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}
