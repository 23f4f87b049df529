import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveRoles, isObserverOnly, rolesHavePermission, type RoleName } from '@flotilla/core/roles';
import { whoamiQuery } from './auth-api.ts';
import { pine } from './pine.ts';

/**
 * Permission checks for screens (fleets spec §6 "Permissions checked by screens").
 *
 * Kept simple on purpose: the user's roles are read from two flat queries — organization
 * memberships (role per organization) and the fleet membership for the fleet on screen — and
 * combined with `effectiveRoles` from @flotilla/core, whose role→permission table is the same
 * one the API compiles into SQL. Team access roles are not read yet (a team-only member is
 * treated as the organization role gives). These checks only decide what renders; the API
 * enforces every permission itself, so a wrong guess here can hide a button, never grant access.
 * While roles are loading, or if their query fails, checks answer false (fail closed).
 */

interface MembershipRow {
  is_member_of__organization: { __id: number } | null;
  organization_membership_role: Array<{ name: string }>;
}

interface FleetMembershipRow {
  application_membership_role: Array<{ name: string }>;
}

export function organizationRolesQuery(userId: number) {
  return queryOptions({
    queryKey: ['permissions', 'organization-roles', userId],
    queryFn: async (): Promise<Map<number, string>> => {
      const rows = (await pine.get({
        resource: 'organization_membership',
        options: {
          $select: ['id', 'is_member_of__organization'],
          $filter: { user: userId },
          $expand: { organization_membership_role: { $select: ['name'] } },
        },
      })) as MembershipRow[];
      const roles = new Map<number, string>();
      for (const row of rows) {
        const orgId = row.is_member_of__organization?.__id;
        const role = row.organization_membership_role[0]?.name;
        if (orgId !== undefined && role) roles.set(orgId, role);
      }
      return roles;
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export function fleetMembershipRoleQuery(userId: number, fleetId: number) {
  return queryOptions({
    queryKey: ['permissions', 'fleet-role', userId, fleetId],
    queryFn: async (): Promise<string | null> => {
      const rows = (await pine.get({
        resource: 'user_application_membership',
        options: {
          $select: ['id'],
          $filter: { user: userId, is_member_of__application: fleetId },
          $expand: { application_membership_role: { $select: ['name'] } },
        },
      })) as FleetMembershipRow[];
      return rows[0]?.application_membership_role[0]?.name ?? null;
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}

export interface PermissionScope {
  /** The organization that owns the resource on screen. */
  organizationId?: number;
  /** The fleet on screen (adds its fleet membership role). */
  fleetId?: number;
}

/** The user's effective roles in a scope, or null while unknown. */
export function useRoles(scope: PermissionScope): RoleName[] | null {
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const orgRoles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const fleetRole = useQuery({
    ...fleetMembershipRoleQuery(userId, scope.fleetId ?? 0),
    enabled: userId > 0 && scope.fleetId !== undefined,
  });
  if (!orgRoles.data) return null;
  if (scope.fleetId !== undefined && fleetRole.data === undefined) return null;
  const orgRole = scope.organizationId !== undefined ? orgRoles.data.get(scope.organizationId) : undefined;
  return effectiveRoles(orgRole ? [orgRole] : [], fleetRole.data ? [fleetRole.data] : [], []);
}

/** Whether the user holds `permission` (exact or `.all` form) in the scope; false while unknown. */
export function useCan(permission: string, scope: PermissionScope = {}): boolean {
  const roles = useRoles(scope);
  return roles !== null && rolesHavePermission(roles, permission);
}

/** Observer-only users do not see settings entries (fleets spec §2 Sidebar entries). */
export function useIsObserverOnly(scope: PermissionScope): boolean {
  const roles = useRoles(scope);
  return roles === null || isObserverOnly(roles);
}

/** Organizations (by id) in which the user may create fleets: administrators only (fleets spec §6 Other). */
export function organizationsAllowingFleetCreation(roles: ReadonlyMap<number, string>): Set<number> {
  const out = new Set<number>();
  for (const [orgId, role] of roles) if (rolesHavePermission([role], 'resin.application.create')) out.add(orgId);
  return out;
}
