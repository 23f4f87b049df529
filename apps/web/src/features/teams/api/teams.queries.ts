import { queryOptions } from '@tanstack/react-query';
import type { FleetRoleName } from '@flotilla/core/roles';
import { ApiError } from '../../../lib/http.ts';
import type { ApplicationClass } from '../../../lib/model.ts';
import { pine } from '../../../lib/pine.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/**
 * Team reads (accounts spec §3 team, §7 "Teams"; fleets spec §7 "Memberships and teams").
 * Every key sits under ['teams', orgId] so one invalidation after a write refreshes the list,
 * the summary counts and the sections of that organization's teams.
 */
export const teamKeys = {
  all: ['teams'] as const,
  organization: (orgId: number) => ['teams', orgId] as const,
  list: (orgId: number) => ['teams', orgId, 'list'] as const,
  detail: (orgId: number, teamId: number) => ['teams', orgId, 'detail', teamId] as const,
  members: (orgId: number, teamId: number) => ['teams', orgId, 'detail', teamId, 'members'] as const,
  access: (orgId: number, teamId: number) => ['teams', orgId, 'detail', teamId, 'access'] as const,
  organizationMembers: (orgId: number) => ['teams', orgId, 'organization-members'] as const,
  organizationFleets: (orgId: number) => ['teams', orgId, 'organization-fleets'] as const,
};

const byName = <T>(key: (row: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b), undefined, { sensitivity: 'base' });

interface AccessClassRow {
  grants_access_to__application: Array<{ id: number; is_of__class: ApplicationClass }>;
}

export interface TeamListItem {
  id: number;
  name: string;
  created_at: string;
  memberCount: number;
  fleetCount: number;
}

/** The organization's teams with member and fleet counts, sorted by name. */
export function teamListQuery(orgId: number) {
  return queryOptions({
    queryKey: teamKeys.list(orgId),
    queryFn: async (): Promise<TeamListItem[]> => {
      const rows = (await pine.get({
        resource: 'team',
        options: {
          $select: ['id', 'name', 'created_at'],
          $filter: { belongs_to__organization: orgId },
          $expand: {
            team_membership: { $count: {} },
            // The class of each granted application: only fleets count in the fleets column.
            team_application_access: {
              $select: ['id'],
              $expand: { grants_access_to__application: { $select: ['id', 'is_of__class'] } },
            },
          },
        },
      })) as Array<{ id: number; name: string; created_at: string; team_membership: number; team_application_access: AccessClassRow[] }>;
      return rows
        .map((row) => ({
          id: row.id,
          name: row.name,
          created_at: row.created_at,
          memberCount: row.team_membership,
          fleetCount: row.team_application_access.filter((a) => a.grants_access_to__application[0]?.is_of__class === 'fleet').length,
        }))
        .sort(byName((t) => t.name));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

export interface TeamDetail {
  id: number;
  name: string;
  created_at: string;
}

/**
 * One team of the organization, or null when it does not exist, belongs to another organization
 * or is not visible to the user (the page then goes back to the team list).
 */
export function teamQuery(orgId: number, teamId: number) {
  return queryOptions({
    queryKey: teamKeys.detail(orgId, teamId),
    queryFn: async (): Promise<TeamDetail | null> => {
      try {
        const rows = (await pine.get({
          resource: 'team',
          options: { $select: ['id', 'name', 'created_at'], $filter: { id: teamId, belongs_to__organization: orgId } },
        })) as TeamDetail[];
        return rows[0] ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      }
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

export interface TeamMember {
  /** The team_membership id. */
  id: number;
  userId: number;
  username: string;
}

export function teamMembersQuery(orgId: number, teamId: number) {
  return queryOptions({
    queryKey: teamKeys.members(orgId, teamId),
    queryFn: async (): Promise<TeamMember[]> => {
      const rows = (await pine.get({
        resource: 'team_membership',
        options: {
          $select: ['id'],
          $filter: { is_member_of__team: teamId },
          $expand: { user: { $select: ['id', 'username'] } },
        },
      })) as Array<{ id: number; user: Array<{ id: number; username: string }> }>;
      return rows
        .flatMap((row) => (row.user[0] ? [{ id: row.id, userId: row.user[0].id, username: row.user[0].username }] : []))
        .sort(byName((m) => m.username));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

export interface TeamApplicationAccess {
  /** The team_application_access id. */
  id: number;
  role: FleetRoleName | null;
  application: { id: number; app_name: string; slug: string; is_of__class: ApplicationClass };
}

/** What the team has been granted, every class (the summary counts apps and blocks too). */
export function teamAccessQuery(orgId: number, teamId: number) {
  return queryOptions({
    queryKey: teamKeys.access(orgId, teamId),
    queryFn: async (): Promise<TeamApplicationAccess[]> => {
      const rows = (await pine.get({
        resource: 'team_application_access',
        options: {
          $select: ['id'],
          $filter: { team: teamId },
          $expand: {
            application_membership_role: { $select: ['name'] },
            grants_access_to__application: { $select: ['id', 'app_name', 'slug', 'is_of__class'] },
          },
        },
      })) as Array<{
        id: number;
        application_membership_role: Array<{ name: string }>;
        grants_access_to__application: Array<TeamApplicationAccess['application']>;
      }>;
      return rows
        .flatMap((row) => {
          const application = row.grants_access_to__application[0];
          if (!application) return [];
          return [{ id: row.id, role: (row.application_membership_role[0]?.name ?? null) as FleetRoleName | null, application }];
        })
        .sort(byName((a) => a.application.app_name));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

export interface OrganizationMember {
  userId: number;
  username: string;
}

/** The organization's members: who may be added to one of its teams (the API requires membership). */
export function organizationMembersQuery(orgId: number) {
  return queryOptions({
    queryKey: teamKeys.organizationMembers(orgId),
    queryFn: async (): Promise<OrganizationMember[]> => {
      const rows = (await pine.get({
        resource: 'organization_membership',
        options: {
          $select: ['id'],
          $filter: { is_member_of__organization: orgId },
          $expand: { user: { $select: ['id', 'username'] } },
        },
      })) as Array<{ user: Array<{ id: number; username: string }> }>;
      return rows
        .flatMap((row) => (row.user[0] ? [{ userId: row.user[0].id, username: row.user[0].username }] : []))
        .sort(byName((m) => m.username));
    },
  });
}

export interface OrganizationFleet {
  id: number;
  app_name: string;
}

/** The organization's fleets: the ones a team may be given access to. */
export function organizationFleetsQuery(orgId: number) {
  return queryOptions({
    queryKey: teamKeys.organizationFleets(orgId),
    queryFn: async (): Promise<OrganizationFleet[]> => {
      const rows = await pine.get({
        resource: 'application',
        options: { $select: ['id', 'app_name'], $filter: { organization: orgId, is_of__class: 'fleet' }, $orderby: { app_name: 'asc' } },
      });
      return (rows as OrganizationFleet[]).sort(byName((f) => f.app_name));
    },
  });
}

/** application_membership_role ids by name (reference data: read once). */
export const fleetRoleIdsQuery = queryOptions({
  queryKey: ['application-membership-roles'],
  queryFn: async (): Promise<Map<string, number>> => {
    const rows = (await pine.get({ resource: 'application_membership_role', options: { $select: ['id', 'name'] } })) as Array<{
      id: number;
      name: string;
    }>;
    return new Map(rows.map((r) => [r.name, r.id]));
  },
  staleTime: Infinity,
});
