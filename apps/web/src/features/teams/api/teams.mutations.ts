import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FleetRoleName } from '@flotilla/core/roles';
import { ApiError } from '../../../lib/http.ts';
import { permissionKeys } from '../../../lib/permissions.ts';
import { memberKeys } from '../../members/api/members.queries.ts';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';
import { fleetRoleId } from '../../fleet-members/api/fleet-members.queries.ts';
import { teamKeys } from './teams.queries.ts';
import {
  addTeamMembers,
  changeFleetAccessRole,
  createTeam,
  deleteTeams,
  grantFleetAccess,
  removeTeamMember,
  renameTeam,
  revokeFleetAccess,
} from './teams.requests.ts';

/**
 * The team writes. Each hook owns what it refreshes, through the key factories:
 * - `teamKeys.all`: the team pages, and the member's teams of the members feature (under it);
 * - `orgKeys.all`: the organization summary lists the teams the user can see, and the team's
 *   apps and blocks sections are the organization's application lists;
 * - `memberKeys.all`: a member's seat role follows the fleet roles their teams grant;
 * - `permissionKeys.all`: team grants give the user fleet roles, so what they may do changes.
 */

/** A name clash is a 409 (the team name is unique in the organization, case-insensitively). */
export function isNameTakenError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

function useInvalidate(keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Names of teams: what the team pages and the organization summary show. */
const teamNameKeys = [teamKeys.all, orgKeys.all];
/** Who is in which team and with which grants: also roles, seats and permissions. */
const teamAccessKeys = [teamKeys.all, orgKeys.all, memberKeys.all, permissionKeys.all];

/** A name clash shows inline in the dialog (meta.silent); the call site toasts anything else. */
export function useCreateTeam(orgId: number) {
  const invalidate = useInvalidate(teamNameKeys);
  return useMutation({
    mutationFn: (name: string) => createTeam(orgId, name),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** A name clash shows inline in the dialog (meta.silent); the call site toasts anything else. */
export function useRenameTeam() {
  const invalidate = useInvalidate(teamNameKeys);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => renameTeam(id, name),
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** Deleting teams also deletes their memberships and grants. */
export function useDeleteTeams() {
  const invalidate = useInvalidate(teamAccessKeys);
  return useMutation({
    mutationFn: (teamIds: readonly number[]) => deleteTeams(teamIds),
    onSuccess: invalidate,
  });
}

/** One POST per user: some may have succeeded before one failed, so it refreshes either way. */
export function useAddTeamMembers(teamId: number) {
  const invalidate = useInvalidate(teamAccessKeys);
  return useMutation({
    mutationFn: (usernames: readonly string[]) => addTeamMembers(teamId, usernames),
    onSettled: invalidate,
  });
}

/**
 * Removing a member, or leaving. Leaving may end the user's access to the team itself: the
 * refresh then sends the page back to the team list, so it is not awaited, letting the call
 * site's success toast show first.
 */
export function useRemoveTeamMember() {
  const invalidate = useInvalidate(teamAccessKeys);
  return useMutation({
    mutationFn: (membershipId: number) => removeTeamMember(membershipId),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useGrantFleetAccess(teamId: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(teamAccessKeys);
  return useMutation({
    mutationFn: async ({ fleetId, role }: { fleetId: number; role: FleetRoleName }) =>
      grantFleetAccess(teamId, fleetId, await fleetRoleId(queryClient, role)),
    // A refusal shows in the dialog.
    meta: { silent: true },
    onSuccess: invalidate,
  });
}

/** Refreshes on failure too, so the role picker shows the role the team really has. */
export function useChangeFleetAccessRole() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate(teamAccessKeys);
  return useMutation({
    mutationFn: async ({ accessId, role }: { accessId: number; role: FleetRoleName }) =>
      changeFleetAccessRole(accessId, await fleetRoleId(queryClient, role)),
    onSettled: invalidate,
  });
}

export function useRevokeFleetAccess() {
  const invalidate = useInvalidate(teamAccessKeys);
  return useMutation({
    mutationFn: (accessId: number) => revokeFleetAccess(accessId),
    onSuccess: invalidate,
  });
}
