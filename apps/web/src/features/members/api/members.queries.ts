import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';
import { MEMBER_PAGE_SIZE, MEMBER_REFETCH_MS, MEMBER_SORT_PATHS, type MemberSort } from '../member-rules.ts';

/**
 * Organization members through /v7 `organization_membership` (accounts spec §3, §7 "Members:
 * getAllByOrganization (paged, filter, sort including by username); count; changeRole; remove;
 * DELETE by id list"). Mutations invalidate `memberKeys.all` and the permission cache.
 */

export const memberKeys = {
  all: ['members'] as const,
  org: (orgId: number) => ['members', orgId] as const,
  page: (orgId: number, params: MemberPageParams) => ['members', orgId, 'page', params] as const,
  adminCount: (orgId: number) => ['members', orgId, 'admin-count'] as const,
  detail: (orgId: number, memberId: number) => ['members', orgId, 'detail', memberId] as const,
  roles: ['members', 'organization-roles'] as const,
};

export interface MemberTag {
  id: number;
  tag_key: string;
  value: string;
}

export interface MemberRow {
  id: number;
  created_at: string;
  effective_seat_role: string | null;
  is_member_of__organization: { __id: number };
  user: Array<{ id: number; username: string }>;
  organization_membership_role: Array<{ id: number; name: string }>;
  organization_membership_tag: MemberTag[];
}

export const memberUsername = (row: MemberRow): string => row.user[0]?.username ?? '—';
export const memberUserId = (row: MemberRow): number | null => row.user[0]?.id ?? null;
export const memberRole = (row: MemberRow): string => row.organization_membership_role[0]?.name ?? '';

export interface MemberPageParams {
  page: number;
  filter: string;
  sort: MemberSort;
}

export interface MemberPage {
  rows: MemberRow[];
  total: number;
}

const MEMBER_SELECT = ['id', 'created_at', 'effective_seat_role', 'is_member_of__organization'];
const MEMBER_EXPAND = {
  user: { $select: ['id', 'username'] },
  organization_membership_role: { $select: ['id', 'name'] },
  organization_membership_tag: { $select: ['id', 'tag_key', 'value'], $orderby: { tag_key: 'asc' } },
} as const;

function memberFilter(orgId: number, filter: string) {
  const needle = filter.trim().toLowerCase();
  return {
    is_member_of__organization: orgId,
    // Case-insensitive "username contains" (usernames are generated, but typed filters vary).
    ...(needle ? { $contains: [{ $tolower: { $: ['user', 'username'] } }, needle] } : {}),
  };
}

/** One page of members with the total for the pager; the previous page stays on screen while the next loads. */
export function memberPageQuery(orgId: number, params: MemberPageParams) {
  return queryOptions({
    queryKey: memberKeys.page(orgId, params),
    queryFn: async (): Promise<MemberPage> => {
      const $filter = memberFilter(orgId, params.filter);
      const [rows, total] = await Promise.all([
        pine.get({
          resource: 'organization_membership',
          options: {
            $select: MEMBER_SELECT,
            $filter,
            $expand: MEMBER_EXPAND,
            $orderby: [{ [MEMBER_SORT_PATHS[params.sort.field]]: params.sort.direction }],
            $top: MEMBER_PAGE_SIZE,
            $skip: params.page * MEMBER_PAGE_SIZE,
          },
        }),
        pine.get({ resource: 'organization_membership', options: { $count: { $filter } } }),
      ]);
      return { rows: rows as MemberRow[], total: Number(total ?? 0) };
    },
    placeholderData: keepPreviousData,
    refetchInterval: MEMBER_REFETCH_MS,
  });
}

/** How many administrators the organization has (all pages): the last-administrator rule needs it. */
export function adminCountQuery(orgId: number) {
  return queryOptions({
    queryKey: memberKeys.adminCount(orgId),
    queryFn: async (): Promise<number> =>
      Number(
        (await pine.get({
          resource: 'organization_membership',
          options: {
            $count: {
              // A path comparison: pinejs no longer accepts `{nav: {field: value}}` filters.
              $filter: { is_member_of__organization: orgId, $eq: [{ $: ['organization_membership_role', 'name'] }, 'administrator'] },
            },
          },
        })) ?? 0,
      ),
    refetchInterval: MEMBER_REFETCH_MS,
  });
}

/** One membership of this organization, or null when it does not exist here (or is not visible). */
export function memberQuery(orgId: number, memberId: number) {
  return queryOptions({
    queryKey: memberKeys.detail(orgId, memberId),
    queryFn: async (): Promise<MemberRow | null> => {
      const row = (await pine.get({
        resource: 'organization_membership',
        id: memberId,
        options: { $select: MEMBER_SELECT, $expand: MEMBER_EXPAND },
      })) as MemberRow | undefined;
      return row && row.is_member_of__organization.__id === orgId ? row : null;
    },
  });
}

/** Role name → id (reference data; the API takes role ids in writes). */
export const organizationRoleIdsQuery = queryOptions({
  queryKey: memberKeys.roles,
  queryFn: async (): Promise<Map<string, number>> => {
    const rows = (await pine.get({ resource: 'organization_membership_role', options: { $select: ['id', 'name'] } })) as Array<{
      id: number;
      name: string;
    }>;
    return new Map(rows.map((r) => [r.name, r.id]));
  },
  staleTime: Infinity,
});

/**
 * Changes the role of each member one request at a time (accounts spec §9 "Role changes
 * concurrency 1"): the last-administrator check on the server sees each change before the next,
 * so demoting a selection can never leave the organization without an administrator through a
 * race. Stops at the first failure (earlier changes stay; the list is refetched either way).
 */
export async function changeMemberRoles(memberIds: readonly number[], roleId: number): Promise<void> {
  for (const id of memberIds) {
    await pine.patch({ resource: 'organization_membership', id, body: { organization_membership_role: roleId } });
  }
}

/** Removes members in one request (all or nothing: the server refuses a set that holds the last administrator). */
export async function removeMembers(memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 1) {
    await pine.delete({ resource: 'organization_membership', id: memberIds[0]! });
    return;
  }
  await pine.delete({ resource: 'organization_membership', options: { $filter: { id: { $in: [...memberIds] } } } });
}

export function createMemberTag(memberId: number, tagKey: string, value: string): Promise<unknown> {
  return pine.post({ resource: 'organization_membership_tag', body: { organization_membership: memberId, tag_key: tagKey.trim(), value } });
}

export function updateMemberTag(tagId: number, value: string): Promise<unknown> {
  return pine.patch({ resource: 'organization_membership_tag', id: tagId, body: { value } });
}

export function deleteMemberTag(tagId: number): Promise<unknown> {
  return pine.delete({ resource: 'organization_membership_tag', id: tagId });
}

