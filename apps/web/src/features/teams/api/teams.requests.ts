import { pine } from '../../../lib/pine.ts';

/**
 * The HTTP calls behind the team mutations (api/teams.mutations.ts): accounts spec §7 "Teams"
 * and team_membership; fleets spec §7 "Memberships and teams".
 */

/** The created row is not needed: the list is refetched and the dialog only shows the name. */
export async function createTeam(orgId: number, name: string): Promise<void> {
  await pine.post({ resource: 'team', body: { name, belongs_to__organization: orgId } });
}

export async function renameTeam(teamId: number, name: string): Promise<void> {
  await pine.patch({ resource: 'team', id: teamId, body: { name } });
}

/** DELETE by one id or by an id list (accounts spec §7). */
export async function deleteTeams(teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 1) await pine.delete({ resource: 'team', id: teamIds[0]! });
  else await pine.delete({ resource: 'team', options: { $filter: { id: { $in: [...teamIds] } } } });
}

/**
 * One POST {username, is_member_of__team} per user (accounts spec §7, as balena-sdk sends it);
 * the API resolves the username and checks the user is a member of the team's organization.
 */
export async function addTeamMembers(teamId: number, usernames: readonly string[]): Promise<void> {
  for (const username of usernames) {
    await pine.post({ resource: 'team_membership', body: { username, is_member_of__team: teamId } });
  }
}

export async function removeTeamMember(membershipId: number): Promise<void> {
  await pine.delete({ resource: 'team_membership', id: membershipId });
}

export async function grantFleetAccess(teamId: number, fleetId: number, roleId: number): Promise<void> {
  await pine.post({
    resource: 'team_application_access',
    body: { team: teamId, grants_access_to__application: fleetId, application_membership_role: roleId },
  });
}

export async function changeFleetAccessRole(accessId: number, roleId: number): Promise<void> {
  await pine.patch({ resource: 'team_application_access', id: accessId, body: { application_membership_role: roleId } });
}

export async function revokeFleetAccess(accessId: number): Promise<void> {
  await pine.delete({ resource: 'team_application_access', id: accessId });
}
