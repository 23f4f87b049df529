import * as teamApplicationAccess from '@flotilla/core/schemas/odata/team-application-access';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the fleet team mutations (fleets spec §7 "Memberships and teams"). */

export async function grantTeamAccess(fleetId: number, teamId: number, roleId: number): Promise<void> {
  await pine.post({
    resource: teamApplicationAccess.resource,
    body: { team: teamId, grants_access_to__application: fleetId, application_membership_role: roleId },
  });
}

export async function changeTeamAccessRole(accessId: number, roleId: number): Promise<void> {
  await pine.patch({ resource: teamApplicationAccess.resource, id: accessId, body: { application_membership_role: roleId } });
}

/** DELETE team_application_access filtered by fleet and id list (fleets spec §7). */
export async function removeTeamAccess(fleetId: number, accessIds: readonly number[]): Promise<void> {
  await pine.delete({
    resource: teamApplicationAccess.resource,
    options: { $filter: { grants_access_to__application: fleetId, id: { $in: [...accessIds] } } },
  });
}
