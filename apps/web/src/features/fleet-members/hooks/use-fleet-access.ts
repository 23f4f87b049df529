import { useQuery } from '@tanstack/react-query';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { fleetMembershipRoleQuery, organizationRolesQuery, teamFleetRolesQuery } from '../../../lib/permissions.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetAccessRoles } from '../fleet-member-rules.ts';
import { readFailureOf } from '../../../components/states/query-failure.ts';

/**
 * The fleet on screen, its organization, the user's roles on the fleet and whether they
 * administer its organization. Roles are null until the fleet and every role read are known
 * (fail closed). See fleetAccessRoles for why this is not lib/permissions' useRoles.
 */
export function useFleetAccess(fleetId: number) {
  const fleet = useQuery(fleetQuery(fleetId));
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const organizationRoles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const fleetRole = useQuery({ ...fleetMembershipRoleQuery(userId, fleetId), enabled: userId > 0 });
  const teamRoles = useQuery({ ...teamFleetRolesQuery(userId, fleetId), enabled: userId > 0 });
  const organizationId = fleet.data?.organization[0]?.id;
  const isKnown = fleet.data != null && organizationRoles.data !== undefined && fleetRole.data !== undefined && teamRoles.data !== undefined;
  const organizationRole = organizationId === undefined ? undefined : organizationRoles.data?.get(organizationId);
  // A read that failed (after its retries) is an error to show with Retry, not a wait for ever.
  return {
    /** The first failed read and a Retry of every failed one; null while nothing failed. */
    failure: readFailureOf([fleet, organizationRoles, fleetRole, teamRoles]),
    fleet: fleet.data ?? null,
    organizationId,
    roles: isKnown ? fleetAccessRoles(organizationRole, fleetRole.data ?? null, teamRoles.data ?? []) : null,
    /** The organization role alone (grants of team access are made on the organization). */
    organizationRoles: isKnown ? (organizationRole ? [organizationRole] : []) : null,
    isOrganizationAdmin: organizationRole === 'administrator',
  };
}
