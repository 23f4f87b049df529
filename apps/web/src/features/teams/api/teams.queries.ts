import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { FLEET_ROLES } from '@flotilla/core/roles';
import * as application from '@flotilla/core/schemas/odata/application';
import * as applicationMembershipRole from '@flotilla/core/schemas/odata/application-membership-role';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as organizationMembership from '@flotilla/core/schemas/odata/organization-membership';
import * as team from '@flotilla/core/schemas/odata/team';
import * as teamApplicationAccess from '@flotilla/core/schemas/odata/team-application-access';
import * as teamMembership from '@flotilla/core/schemas/odata/team-membership';
import * as user from '@flotilla/core/schemas/odata/user';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { ApiError } from '../../../lib/http.ts';
import { odataList, odataPage } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { TEAM_LIST } from '../team-list.ts';

/**
 * Team reads (accounts spec §3 team, §7 "Teams"; fleets spec §7 "Memberships and teams").
 * Every organization's key sits under `organization(orgId)` so one invalidation after a write
 * refreshes the list, the summary counts and the sections of that organization's teams.
 */
export const teamKeys = {
  all: ['teams'] as const,
  organization: (orgId: number) => [...teamKeys.all, orgId] as const,
  list: (orgId: number) => [...teamKeys.organization(orgId), 'list'] as const,
  /** One page of the team list: every URL state is its own entry. */
  page: (orgId: number, params: ListParams) => [...teamKeys.organization(orgId), 'page', params] as const,
  detail: (orgId: number, teamId: number) => [...teamKeys.organization(orgId), 'detail', teamId] as const,
  members: (orgId: number, teamId: number) => [...teamKeys.detail(orgId, teamId), 'members'] as const,
  access: (orgId: number, teamId: number) => [...teamKeys.detail(orgId, teamId), 'access'] as const,
  organizationMembers: (orgId: number) => [...teamKeys.organization(orgId), 'organization-members'] as const,
  organizationFleets: (orgId: number) => [...teamKeys.organization(orgId), 'organization-fleets'] as const,
  /** Reference data shared by every organization, hence outside `organization(orgId)`. */
};

const byName = <T>(key: (row: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b), undefined, { sensitivity: 'base' });

/** A user as the member lists show them. */
const userRef = user.row.pick({ id: true, username: true });

const teamListRow = team.row.pick({ id: true, name: true, created_at: true }).extend({
  // `$count` expand: the number of memberships.
  team_membership: z.number().int(),
  team_application_access: z.array(
    teamApplicationAccess.row
      .pick({ id: true })
      .extend({ grants_access_to__application: expanded(application.row.pick({ id: true, is_of__class: true })) }),
  ),
});

function toTeamListItem(row: z.output<typeof teamListRow>) {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at,
    memberCount: row.team_membership,
    // Only fleets count in the fleets column; apps and blocks are granted the same way.
    fleetCount: row.team_application_access.filter((a) => a.grants_access_to__application[0]?.is_of__class === 'fleet').length,
  };
}
export type TeamListItem = ReturnType<typeof toTeamListItem>;

const TEAM_LIST_SELECT = ['id', 'name', 'created_at'];
const TEAM_LIST_EXPAND = {
  team_membership: { $count: {} },
  // The class of each granted application: only fleets count in the fleets column.
  team_application_access: {
    $select: ['id'],
    $expand: { grants_access_to__application: { $select: ['id', 'is_of__class'] } },
  },
};

/**
 * One page of the organization's teams as the URL describes it (sort, rules, page size), with
 * member and fleet counts and the total the same filter matches. Paged, sorted and filtered by
 * the server; the previous page stays on screen while the next loads.
 */
export function teamPageQuery(orgId: number, params: ListParams) {
  return queryOptions({
    queryKey: teamKeys.page(orgId, params),
    queryFn: async () => {
      const scope = { belongs_to__organization: orgId };
      const { $filter, $orderby, $top, $skip } = listODataOptions(TEAM_LIST, params, scope);
      const page = await odataPage(
        teamListRow,
        { resource: team.resource, options: { $select: TEAM_LIST_SELECT, $expand: TEAM_LIST_EXPAND, $filter, $orderby, $top, $skip } },
        scope,
      );
      return { ...page, rows: page.rows.map(toTeamListItem) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/**
 * All of the organization's teams with member and fleet counts, sorted by name: the name
 * dialogs check a name against every team, and pickers offer them all.
 */
export function teamListQuery(orgId: number) {
  return queryOptions({
    queryKey: teamKeys.list(orgId),
    queryFn: async () => {
      const rows = await odataList(teamListRow, {
        resource: team.resource,
        options: { $select: TEAM_LIST_SELECT, $filter: { belongs_to__organization: orgId }, $expand: TEAM_LIST_EXPAND },
      });
      return rows.map(toTeamListItem).sort(byName((t) => t.name));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const teamDetailRow = team.row.pick({ id: true, name: true, created_at: true });
export type TeamDetail = z.output<typeof teamDetailRow>;

/**
 * One team of the organization, or null when it does not exist, belongs to another organization
 * or is not visible to the user (the page then goes back to the team list).
 */
export function teamQuery(orgId: number, teamId: number) {
  return queryOptions({
    queryKey: teamKeys.detail(orgId, teamId),
    queryFn: async (): Promise<TeamDetail | null> => {
      try {
        const rows = await odataList(teamDetailRow, {
          resource: team.resource,
          options: { $select: ['id', 'name', 'created_at'], $filter: { id: teamId, belongs_to__organization: orgId } },
        });
        return rows[0] ?? null;
      } catch (error) {
        // Not found, or not the caller's; a 429 or a 500 is a failure to show with Retry.
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const teamMemberRow = teamMembership.row.pick({ id: true }).extend({ user: expanded(userRef) });

/** A membership whose user is not visible is left out. */
function toTeamMembers(row: z.output<typeof teamMemberRow>) {
  const member = row.user[0];
  // `id` is the team_membership id (what removal deletes).
  return member ? [{ id: row.id, userId: member.id, username: member.username }] : [];
}
export type TeamMember = ReturnType<typeof toTeamMembers>[number];

export function teamMembersQuery(orgId: number, teamId: number) {
  return queryOptions({
    queryKey: teamKeys.members(orgId, teamId),
    queryFn: async () => {
      const rows = await odataList(teamMemberRow, {
        resource: teamMembership.resource,
        options: {
          $select: ['id'],
          $filter: { is_member_of__team: teamId },
          $expand: { user: { $select: ['id', 'username'] } },
        },
      });
      return rows.flatMap(toTeamMembers).sort(byName((m) => m.username));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const teamAccessRow = teamApplicationAccess.row.pick({ id: true }).extend({
  application_membership_role: expanded(applicationMembershipRole.row.pick({ name: true })),
  grants_access_to__application: expanded(application.row.pick({ id: true, app_name: true, slug: true, is_of__class: true })),
});

/** A grant whose application is not visible is left out; a role this dashboard does not know shows as none. */
function toTeamAccess(row: z.output<typeof teamAccessRow>) {
  const granted = row.grants_access_to__application[0];
  const roleName = row.application_membership_role[0]?.name;
  const role = FLEET_ROLES.find((name) => name === roleName) ?? null;
  // `id` is the team_application_access id (what a role change or revocation writes).
  return granted ? [{ id: row.id, role, application: granted }] : [];
}
export type TeamApplicationAccess = ReturnType<typeof toTeamAccess>[number];

/** What the team has been granted, every class (the summary counts apps and blocks too). */
export function teamAccessQuery(orgId: number, teamId: number) {
  return queryOptions({
    queryKey: teamKeys.access(orgId, teamId),
    queryFn: async () => {
      const rows = await odataList(teamAccessRow, {
        resource: teamApplicationAccess.resource,
        options: {
          $select: ['id'],
          $filter: { team: teamId },
          $expand: {
            application_membership_role: { $select: ['name'] },
            grants_access_to__application: { $select: ['id', 'app_name', 'slug', 'is_of__class'] },
          },
        },
      });
      return rows.flatMap(toTeamAccess).sort(byName((a) => a.application.app_name));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const organizationMemberRow = organizationMembership.row.pick({ id: true }).extend({ user: expanded(userRef) });

function toOrganizationMembers(row: z.output<typeof organizationMemberRow>) {
  const member = row.user[0];
  return member ? [{ userId: member.id, username: member.username }] : [];
}
export type OrganizationMember = ReturnType<typeof toOrganizationMembers>[number];

/** The organization's members: who may be added to one of its teams (the API requires membership). */
export function organizationMembersQuery(orgId: number) {
  return queryOptions({
    queryKey: teamKeys.organizationMembers(orgId),
    queryFn: async () => {
      const rows = await odataList(organizationMemberRow, {
        resource: organizationMembership.resource,
        options: {
          $select: ['id'],
          $filter: { is_member_of__organization: orgId },
          $expand: { user: { $select: ['id', 'username'] } },
        },
      });
      return rows.flatMap(toOrganizationMembers).sort(byName((m) => m.username));
    },
  });
}

const organizationFleetRow = application.row.pick({ id: true, app_name: true });
export type OrganizationFleet = z.output<typeof organizationFleetRow>;

/** The organization's fleets: the ones a team may be given access to. */
export function organizationFleetsQuery(orgId: number) {
  return queryOptions({
    queryKey: teamKeys.organizationFleets(orgId),
    queryFn: async () => {
      const rows = await odataList(organizationFleetRow, {
        resource: application.resource,
        options: { $select: ['id', 'app_name'], $filter: { organization: orgId, is_of__class: 'fleet' }, $orderby: { app_name: 'asc' } },
      });
      return rows.sort(byName((f) => f.app_name));
    },
  });
}

