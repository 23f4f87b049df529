import { queryOptions, useQuery } from '@tanstack/react-query';
import { effectiveRoles, isObserverOnly, rolesHavePermission, type RoleName } from '@flotilla/core/roles';
import { isSupportAccessActive } from '@flotilla/core/support-access';
import { accountFlagsFrom, type AccountFlags } from '../features/staff/account-flags.ts';
import { profileQuery } from '../features/profile/api/profile.queries.ts';
import { whoamiQuery } from './auth-api.ts';
import { pine } from './pine.ts';
import { readFailureOf, type ReadFailure } from '../components/states/query-failure.ts';

/**
 * Permission checks for screens (fleets spec §6 "Permissions checked by screens").
 *
 * Kept simple on purpose: the user's roles are read from flat queries — organization
 * memberships (role per organization), the fleet membership for the fleet on screen and the
 * fleet roles granted to the user's teams on that fleet — and combined with `effectiveRoles`
 * from @flotilla/core (fleets spec §6: sorted union of organization, fleet and team roles),
 * whose role→permission table is the same one the API compiles into SQL. These checks only
 * decide what renders; the API enforces every permission itself, so a wrong guess here can
 * hide a button, never grant access.
 * While roles are loading, or if their query fails, checks answer false (fail closed).
 */

/**
 * Query keys of the permission reads, everything under `all`: a write that changes the user's
 * roles (organization role, fleet membership, team grants) invalidates `permissionKeys.all`.
 */
export const permissionKeys = {
  all: ['permissions'] as const,
  organizationRoles: (userId: number) => [...permissionKeys.all, 'organization-roles', userId] as const,
  fleetRole: (userId: number, fleetId: number) => [...permissionKeys.all, 'fleet-role', userId, fleetId] as const,
  teamFleetRoles: (userId: number, fleetId: number) => [...permissionKeys.all, 'team-fleet-roles', userId, fleetId] as const,
  fleetSupportUntil: (fleetId: number) => [...permissionKeys.all, 'fleet-support-until', fleetId] as const,
};

interface MembershipRow {
  is_member_of__organization: { __id: number } | null;
  organization_membership_role: Array<{ name: string }>;
}

interface FleetMembershipRow {
  application_membership_role: Array<{ name: string }>;
}

export function organizationRolesQuery(userId: number) {
  return queryOptions({
    queryKey: permissionKeys.organizationRoles(userId),
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
    queryKey: permissionKeys.fleetRole(userId, fleetId),
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

interface TeamWithAccessRow {
  team_application_access: Array<{ application_membership_role: Array<{ name: string }> }>;
}

/**
 * The user's teams with their access rows on one fleet. Asked from the team side
 * (`team_membership/any(…)` + a filtered expand) because a filter cannot start with a path
 * through a single-valued navigation.
 */
export function teamFleetRolesOptions(userId: number, fleetId: number) {
  return {
    $select: ['id'],
    $filter: { team_membership: { $any: { $alias: 'tm', $expr: { tm: { user: userId } } } } },
    $expand: {
      team_application_access: {
        $select: ['id'],
        $filter: { grants_access_to__application: fleetId },
        $expand: { application_membership_role: { $select: ['name'] } },
      },
    },
  };
}

/** Fleet roles the user holds on `fleetId` through team grants (fleets spec §6). */
export function teamFleetRolesQuery(userId: number, fleetId: number) {
  return queryOptions({
    queryKey: permissionKeys.teamFleetRoles(userId, fleetId),
    queryFn: async (): Promise<string[]> => {
      const teams = (await pine.get({ resource: 'team', options: teamFleetRolesOptions(userId, fleetId) })) as TeamWithAccessRow[];
      return teams
        .flatMap((team) => team.team_application_access)
        .map((access) => access.application_membership_role[0]?.name)
        .filter((name): name is string => Boolean(name));
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/** The fleet's support access expiry (fleets spec §5), read only for a support agent; null when unset or not readable. */
export function fleetSupportUntilQuery(fleetId: number) {
  return queryOptions({
    queryKey: permissionKeys.fleetSupportUntil(fleetId),
    queryFn: async (): Promise<string | null> => {
      const rows = (await pine.get({
        resource: 'application',
        options: { $select: ['id', 'is_accessible_by_support_until__date'], $filter: { id: fleetId } },
      })) as Array<{ is_accessible_by_support_until__date: string | null }>;
      return rows[0]?.is_accessible_by_support_until__date ?? null;
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}

/**
 * The staff roles the API adds for a flagged account in a scope (apps/api model/access
 * rule-builders.ts; accounts spec §6 support_agent / balena_admin): a platform admin holds
 * balena_admin on every fleet and organization; a support agent holds support_agent on a fleet
 * only while the fleet is open to support, and nothing on an organization. Added to, not
 * instead of, the account's own roles — as the API unions them.
 */
export function staffRoles(
  flags: Pick<AccountFlags, 'isPlatformAdmin' | 'isSupportAgent'>,
  scope: PermissionScope,
  fleetSupportUntil: string | null | undefined,
  now: Date,
): RoleName[] {
  const roles: RoleName[] = [];
  if (flags.isPlatformAdmin && (scope.fleetId !== undefined || scope.organizationId !== undefined)) roles.push('balena_admin');
  if (flags.isSupportAgent && scope.fleetId !== undefined && isSupportAccessActive(fleetSupportUntil, now)) roles.push('support_agent');
  return roles;
}

/** The effective roles from the organization role, the fleet membership role, team grants and staff roles. */
export function scopeRoles(orgRole: string | undefined, fleetRole: string | null | undefined, teamRoles: readonly string[], staff: readonly RoleName[] = []): RoleName[] {
  return effectiveRoles(orgRole ? [orgRole] : [], fleetRole ? [fleetRole, ...staff] : staff, teamRoles);
}

export interface PermissionScope {
  /** The organization that owns the resource on screen. */
  organizationId?: number;
  /** The fleet on screen (adds its fleet membership role). */
  fleetId?: number;
}

/** The user's effective roles in a scope, or null while unknown. */
export function useRoles(scope: PermissionScope): RoleName[] | null {
  return useRolesState(scope).roles;
}

/**
 * The user's effective roles in a scope (null while unknown), and whether a read they come from
 * failed (after its retries): then they stay unknown, and a screen waiting for them says so.
 */
export interface RolesState {
  roles: RoleName[] | null;
  failed: boolean;
  /** The first failed read's error, and a retry of the failed reads (null unless `failed`). */
  failure: ReadFailure | null;
}

export function useRolesState(scope: PermissionScope): RolesState {
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const orgRoles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const fleetRole = useQuery({
    ...fleetMembershipRoleQuery(userId, scope.fleetId ?? 0),
    enabled: userId > 0 && scope.fleetId !== undefined,
  });
  const teamRoles = useQuery({
    ...teamFleetRolesQuery(userId, scope.fleetId ?? 0),
    enabled: userId > 0 && scope.fleetId !== undefined,
  });
  // Staff roles only ever add to the account's own: until the flags (and a support agent's view
  // of the fleet's support access) are read, the own roles answer alone — never more than the API allows.
  const flags = useQuery({ ...profileQuery, select: accountFlagsFrom, enabled: userId > 0 }).data ?? NO_FLAGS;
  const needsSupportUntil = flags.isSupportAgent && !flags.isPlatformAdmin && scope.fleetId !== undefined;
  const supportUntil = useQuery({ ...fleetSupportUntilQuery(scope.fleetId ?? 0), enabled: needsSupportUntil });
  const failure = readFailureOf([orgRoles, fleetRole, teamRoles]);
  const failed = failure !== null;
  if (!orgRoles.data) return { roles: null, failed, failure };
  if (scope.fleetId !== undefined && (fleetRole.data === undefined || teamRoles.data === undefined)) return { roles: null, failed, failure };
  const orgRole = scope.organizationId !== undefined ? orgRoles.data.get(scope.organizationId) : undefined;
  return { roles: scopeRoles(orgRole, fleetRole.data, teamRoles.data ?? [], staffRoles(flags, scope, supportUntil.data, new Date())), failed: false, failure: null };
}

const NO_FLAGS: AccountFlags = { isPlatformAdmin: false, isSupportAgent: false, hasPasswordOverLimit: false };

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
