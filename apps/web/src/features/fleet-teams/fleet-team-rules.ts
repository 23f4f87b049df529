import { rolesHavePermission } from '@flotilla/core/roles';

/**
 * What the user may do on a fleet's teams page (fleets spec §6 "resin.application.read: members
 * and teams pages", "resin.team_application_access.all and .delete").
 *
 * The entity table "Team access to a fleet" lets administrator, developer and safe-developer
 * create, update and delete. The API lets fleet roles revoke, but grants and role changes are
 * made on the team's organization (apps/api/src/organizations/team.hooks.ts: a fleet role alone
 * could hand a team, its own included, a stronger role than the granter's), so adding and
 * changing roles follow the organization role here, exactly as the API decides.
 */
export interface FleetTeamAbilities {
  canView: boolean;
  canAdd: boolean;
  canChangeRole: boolean;
  canRemove: boolean;
}

export function fleetTeamAbilities(fleetRoles: readonly string[] | null, organizationRoles: readonly string[] | null): FleetTeamAbilities {
  const canView = fleetRoles !== null && rolesHavePermission(fleetRoles, 'resin.application.read');
  const inOrganization = (permission: string) => canView && organizationRoles !== null && rolesHavePermission(organizationRoles, permission);
  return {
    canView,
    canAdd: inOrganization('resin.team_application_access.create'),
    canChangeRole: inOrganization('resin.team_application_access.update'),
    canRemove: canView && rolesHavePermission(fleetRoles, 'resin.team_application_access.delete'),
  };
}

/** The organization's teams that have no access to the fleet yet: the ones "Add to team" offers. */
export function teamsWithoutAccess<T extends { id: number }>(teams: readonly T[], grantedTeamIds: ReadonlySet<number>): T[] {
  return teams.filter((team) => !grantedTeamIds.has(team.id));
}
