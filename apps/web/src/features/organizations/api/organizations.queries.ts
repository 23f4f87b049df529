import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as application from '@flotilla/core/schemas/odata/application';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as organization from '@flotilla/core/schemas/odata/organization';
import * as organizationMembership from '@flotilla/core/schemas/odata/organization-membership';
import * as organizationMembershipRole from '@flotilla/core/schemas/odata/organization-membership-role';
import * as team from '@flotilla/core/schemas/odata/team';
import * as user from '@flotilla/core/schemas/odata/user';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { ApiError } from '../../../lib/http.ts';
import { odataList, odataOne, odataPage } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { ORGANIZATION_LIST } from '../organization-list.ts';

/**
 * Organization reads (accounts spec §3 organization, §7 "Organizations"). Everything sits under
 * `orgKeys.all`, so one invalidation refreshes the list, the summary and the fleets dialog's
 * organization picker (which uses the same prefix).
 */
export const orgKeys = {
  all: ['organizations'] as const,
  list: (userId: number) => [...orgKeys.all, 'list', userId] as const,
  /** One page of /orgs: every URL state is its own entry. */
  page: (userId: number, params: ListParams) => [...orgKeys.all, 'page', userId, params] as const,
  detail: (id: number) => [...orgKeys.all, 'detail', id] as const,
  summary: (id: number) => [...orgKeys.detail(id), 'summary'] as const,
  /** Every scoped application list of the organization (teams' writes refresh these). */
  applications: (id: number) => [...orgKeys.detail(id), 'applications'] as const,
  scopedApplications: (id: number, applicationClass: string, scope: string) => [...orgKeys.applications(id), applicationClass, scope] as const,
};

/** Accounts spec §9 polling: the organization table refreshes every 10 s. */
export const ORGANIZATION_LIST_POLL_MS = 10_000;

const byName = <T>(key: (row: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b), undefined, { sensitivity: 'base' });

const organizationListRow = organization.row.pick({ id: true, name: true, handle: true, created_at: true, logo_image: true }).extend({
  // `$count` expands: the number of members and of fleets.
  organization_membership: z.number().int(),
  application: z.number().int(),
});
export type OrganizationListItem = z.output<typeof organizationListRow>;

const ORGANIZATION_LIST_SELECT = ['id', 'name', 'handle', 'created_at', 'logo_image'];
const ORGANIZATION_LIST_EXPAND = {
  organization_membership: { $count: {} },
  application: { $count: { $filter: { is_of__class: 'fleet' } } },
};
/** The organizations the user is a member of. */
const membershipScope = (userId: number) => ({ organization_membership: { $any: { $alias: 'om', $expr: { om: { user: userId } } } } });

/**
 * One page of the user's organizations as the URL describes it (sort, rules, page size), with
 * member and fleet counts and the total the same filter matches. Paged, sorted and filtered by
 * the server; polled every 10 s; the previous page stays on screen while the next loads.
 */
export function organizationPageQuery(userId: number, params: ListParams) {
  return queryOptions({
    queryKey: orgKeys.page(userId, params),
    queryFn: () => {
      const scope = membershipScope(userId);
      const { $filter, $orderby, $top, $skip } = listODataOptions(ORGANIZATION_LIST, params, scope);
      return odataPage(
        organizationListRow,
        { resource: organization.resource, options: { $select: ORGANIZATION_LIST_SELECT, $expand: ORGANIZATION_LIST_EXPAND, $filter, $orderby, $top, $skip } },
        scope,
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: ORGANIZATION_LIST_POLL_MS,
  });
}

/**
 * All of the user's organizations (membership filter), sorted by name: the create and rename
 * dialogs check a new name against every one of them, not only the page on screen.
 */
export function organizationListQuery(userId: number) {
  return queryOptions({
    queryKey: orgKeys.list(userId),
    queryFn: async () => {
      const rows = await odataList(organizationListRow, {
        resource: organization.resource,
        options: { $select: ORGANIZATION_LIST_SELECT, $filter: membershipScope(userId), $expand: ORGANIZATION_LIST_EXPAND, $orderby: { name: 'asc' } },
      });
      // Case-insensitive order regardless of the database collation.
      return rows.sort(byName((org) => org.name));
    },
    refetchInterval: ORGANIZATION_LIST_POLL_MS,
  });
}

const organizationDetailRow = organization.row.pick({ id: true, name: true, handle: true, created_at: true, logo_image: true, is_frozen: true, has_past_due_invoice_since__date: true });
export type OrganizationDetail = z.output<typeof organizationDetailRow>;

/**
 * One organization, or null when it does not exist or the user cannot see it. Any failure other
 * than a network one also answers null: the route guard then sends the user to /orgs.
 */
export function organizationQuery(id: number) {
  return queryOptions({
    queryKey: orgKeys.detail(id),
    queryFn: async (): Promise<OrganizationDetail | null> => {
      try {
        return await odataOne(organizationDetailRow, {
          resource: organization.resource,
          id,
          options: { $select: ['id', 'name', 'handle', 'created_at', 'logo_image', 'is_frozen', 'has_past_due_invoice_since__date'] },
        });
      } catch (error) {
        // Not found, or not the caller's; anything else (a 429, a 500) is a failure to show with
        // Retry, not "no such organization".
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const summaryMembershipRow = organizationMembership.row.pick({ id: true }).extend({
  user: expanded(user.row.pick({ id: true, username: true })),
  organization_membership_role: expanded(organizationMembershipRole.row.pick({ name: true })),
});
export type OrganizationMemberItem = z.output<typeof summaryMembershipRow>;

const summaryTeamRow = team.row.pick({ id: true, name: true });
const summaryApplicationRow = application.row.pick({ id: true, app_name: true, is_of__class: true });

export interface OrganizationSummary {
  memberships: OrganizationMemberItem[];
  teams: z.output<typeof summaryTeamRow>[];
  applications: z.output<typeof summaryApplicationRow>[];
}

/** Members, teams and applications for the summary cards (accounts spec §2 Organization summary). */
export function organizationSummaryQuery(id: number) {
  return queryOptions({
    queryKey: orgKeys.summary(id),
    queryFn: async (): Promise<OrganizationSummary> => {
      const [memberships, teams, applications] = await Promise.all([
        odataList(summaryMembershipRow, {
          resource: organizationMembership.resource,
          options: {
            $select: ['id'],
            $filter: { is_member_of__organization: id },
            $expand: { user: { $select: ['id', 'username'] }, organization_membership_role: { $select: ['name'] } },
          },
        }),
        odataList(summaryTeamRow, { resource: team.resource, options: { $select: ['id', 'name'], $filter: { belongs_to__organization: id } } }),
        odataList(summaryApplicationRow, {
          resource: application.resource,
          options: { $select: ['id', 'app_name', 'is_of__class'], $filter: { organization: id } },
        }),
      ]);
      return {
        memberships: memberships.sort(byName((m) => m.user[0]?.username ?? '')),
        teams: teams.sort(byName((t) => t.name)),
        applications: applications.sort(byName((a) => a.app_name)),
      };
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/** The administrators among the memberships (accounts spec §6 last-administrator rules). */
export function administratorUserIds(memberships: readonly OrganizationMemberItem[]): number[] {
  return memberships
    .filter((m) => m.organization_membership_role[0]?.name === 'administrator')
    .map((m) => m.user[0]?.id)
    .filter((id): id is number => id !== undefined);
}
