import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http.ts';
import type { ApplicationClass } from '../../../lib/model.ts';
import { pine } from '../../../lib/pine.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/**
 * Organization reads (accounts spec §3 organization, §7 "Organizations"). Keys live under
 * ['organizations'] so one invalidation refreshes the list, the summary and the fleets dialog's
 * organization picker (which uses the same prefix).
 */
export const orgKeys = {
  all: ['organizations'] as const,
  list: (userId: number) => ['organizations', 'list', userId] as const,
  detail: (id: number) => ['organizations', 'detail', id] as const,
  summary: (id: number) => ['organizations', 'detail', id, 'summary'] as const,
  applications: (id: number) => ['organizations', 'detail', id, 'applications'] as const,
};

/** Accounts spec §9 polling: the organization table refreshes every 10 s. */
export const ORGANIZATION_LIST_POLL_MS = 10_000;

export interface OrganizationListItem {
  id: number;
  name: string;
  handle: string;
  created_at: string;
  logo_image: string | null;
  /** `organization_membership/$count`. */
  organization_membership: number;
  /** `application/$count` of class fleet. */
  application: number;
}

/** The user's organizations (membership filter), with member and fleet counts, sorted by name. */
export function organizationListQuery(userId: number) {
  return queryOptions({
    queryKey: orgKeys.list(userId),
    queryFn: async (): Promise<OrganizationListItem[]> => {
      const rows = (await pine.get({
        resource: 'organization',
        options: {
          $select: ['id', 'name', 'handle', 'created_at', 'logo_image'],
          $filter: { organization_membership: { $any: { $alias: 'om', $expr: { om: { user: userId } } } } },
          $expand: {
            organization_membership: { $count: {} },
            application: { $count: { $filter: { is_of__class: 'fleet' } } },
          },
          $orderby: { name: 'asc' },
        },
      })) as OrganizationListItem[];
      // Case-insensitive order regardless of the database collation.
      return [...rows].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    },
    refetchInterval: ORGANIZATION_LIST_POLL_MS,
  });
}

export interface OrganizationDetail {
  id: number;
  name: string;
  handle: string;
  created_at: string;
  logo_image: string | null;
  is_frozen: boolean;
}

/**
 * One organization, or null when it does not exist or the user cannot see it. Any failure other
 * than a network one also answers null: the route guard then sends the user to /orgs.
 */
export function organizationQuery(id: number) {
  return queryOptions({
    queryKey: orgKeys.detail(id),
    queryFn: async (): Promise<OrganizationDetail | null> => {
      try {
        const row = await pine.get({
          resource: 'organization',
          id,
          options: { $select: ['id', 'name', 'handle', 'created_at', 'logo_image', 'is_frozen'] },
        });
        return (row as OrganizationDetail | undefined) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return null;
        throw error;
      }
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

export interface OrganizationMemberItem {
  id: number;
  user: Array<{ id: number; username: string }>;
  organization_membership_role: Array<{ name: string }>;
}

export interface OrganizationSummary {
  memberships: OrganizationMemberItem[];
  teams: Array<{ id: number; name: string }>;
  applications: Array<{ id: number; app_name: string; is_of__class: ApplicationClass }>;
}

const byName = <T>(key: (row: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b), undefined, { sensitivity: 'base' });

/** Members, teams and applications for the summary cards (accounts spec §2 Organization summary). */
export function organizationSummaryQuery(id: number) {
  return queryOptions({
    queryKey: orgKeys.summary(id),
    queryFn: async (): Promise<OrganizationSummary> => {
      const [memberships, teams, applications] = await Promise.all([
        pine.get({
          resource: 'organization_membership',
          options: {
            $select: ['id'],
            $filter: { is_member_of__organization: id },
            $expand: { user: { $select: ['id', 'username'] }, organization_membership_role: { $select: ['name'] } },
          },
        }),
        pine.get({ resource: 'team', options: { $select: ['id', 'name'], $filter: { belongs_to__organization: id } } }),
        pine.get({ resource: 'application', options: { $select: ['id', 'app_name', 'is_of__class'], $filter: { organization: id } } }),
      ]);
      return {
        memberships: (memberships as OrganizationMemberItem[]).sort(byName((m) => m.user[0]?.username ?? '')),
        teams: (teams as OrganizationSummary['teams']).sort(byName((t) => t.name)),
        applications: (applications as OrganizationSummary['applications']).sort(byName((a) => a.app_name)),
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
