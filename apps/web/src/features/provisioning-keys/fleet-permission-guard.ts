import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { rolesHavePermission } from '@flotilla/core/roles';
import { whoamiQuery } from '../../lib/auth-api.ts';
import { fleetMembershipRoleQuery, organizationRolesQuery, scopeRoles, teamFleetRolesQuery } from '../../lib/permissions.ts';
import { fleetQuery } from '../fleets/api/fleets.queries.ts';

/**
 * Loader guard of a fleet page that needs a permission (fleets spec §2 Routing rules: "A
 * permission-less view redirects to /"): the user's effective roles on the fleet, from the
 * same queries `useCan` reads (so the page renders from the cache), must grant `permission`.
 * Only a user holds fleet roles: any other actor is sent home too.
 */
export async function requireFleetPermission(queryClient: QueryClient, fleetId: number, permission: string): Promise<void> {
  const actor = await queryClient.ensureQueryData(whoamiQuery);
  if (actor?.actorType !== 'user') throw redirect({ to: '/' });
  const userId = actor.actorTypeId;
  const [fleet, orgRoles, fleetRole, teamRoles] = await Promise.all([
    queryClient.ensureQueryData(fleetQuery(fleetId)),
    queryClient.ensureQueryData(organizationRolesQuery(userId)),
    queryClient.ensureQueryData(fleetMembershipRoleQuery(userId, fleetId)),
    queryClient.ensureQueryData(teamFleetRolesQuery(userId, fleetId)),
  ]);
  // An unknown fleet is the parent route's to handle (it redirects to /fleets).
  if (!fleet) return;
  const orgId = fleet.organization[0]?.id;
  const roles = scopeRoles(orgId === undefined ? undefined : orgRoles.get(orgId), fleetRole, teamRoles);
  if (!rolesHavePermission(roles, permission)) throw redirect({ to: '/' });
}
