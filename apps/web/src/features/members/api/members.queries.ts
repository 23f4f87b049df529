import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as membership from '@flotilla/core/schemas/odata/organization-membership';
import * as membershipRole from '@flotilla/core/schemas/odata/organization-membership-role';
import * as membershipTag from '@flotilla/core/schemas/odata/organization-membership-tag';
import * as user from '@flotilla/core/schemas/odata/user';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { odataCount, odataList, odataOne, odataPage } from '../../../lib/odata.ts';
import { MEMBER_LIST } from '../member-list.ts';
import { MEMBER_REFETCH_MS } from '../member-rules.ts';

/**
 * Organization members through /v7 `organization_membership` (accounts spec §3, §7 "Members:
 * getAllByOrganization (paged, filter, sort including by username); count; changeRole; remove;
 * DELETE by id list"). The writes are in members.mutations.ts.
 */

/** Query keys of this feature: everything under `all`, so a mutation can refresh the family. */
export const memberKeys = {
  all: ['members'] as const,
  org: (orgId: number) => [...memberKeys.all, orgId] as const,
  /** One page of the member list: every URL state is its own entry. */
  page: (orgId: number, params: ListParams) => [...memberKeys.org(orgId), 'page', params] as const,
  /** The selected memberships (any page), for the batch actions' rules. */
  selection: (orgId: number, ids: readonly number[]) => [...memberKeys.org(orgId), 'selection', ids] as const,
  adminCount: (orgId: number) => [...memberKeys.org(orgId), 'admin-count'] as const,
  detail: (orgId: number, memberId: number) => [...memberKeys.org(orgId), 'detail', memberId] as const,
  roles: () => [...memberKeys.all, 'organization-roles'] as const,
};

const memberTag = membershipTag.row.pick({ id: true, tag_key: true, value: true });
export type MemberTag = z.output<typeof memberTag>;

/** A membership with its user, organization role and tags, as the table and the member pages show it. */
const memberRow = membership.row.pick({ id: true, created_at: true, effective_seat_role: true, is_member_of__organization: true }).extend({
  user: expanded(user.row.pick({ id: true, username: true })),
  organization_membership_role: expanded(membershipRole.row.pick({ id: true, name: true })),
  organization_membership_tag: z.array(memberTag),
});
export type MemberRow = z.output<typeof memberRow>;

export const memberUsername = (row: MemberRow): string => row.user[0]?.username ?? '—';
export const memberUserId = (row: MemberRow): number | null => row.user[0]?.id ?? null;
export const memberRole = (row: MemberRow): string => row.organization_membership_role[0]?.name ?? '';

const MEMBER_SELECT = ['id', 'created_at', 'effective_seat_role', 'is_member_of__organization'];
const MEMBER_EXPAND = {
  user: { $select: ['id', 'username'] },
  organization_membership_role: { $select: ['id', 'name'] },
  organization_membership_tag: { $select: ['id', 'tag_key', 'value'], $orderby: { tag_key: 'asc' } },
} as const;

/**
 * One page of the organization's members as the URL describes it (sort, rules, page size),
 * with the total the same filter matches. Paged, sorted and filtered by the server; the
 * previous page stays on screen while the next loads.
 */
export function memberPageQuery(orgId: number, params: ListParams) {
  return queryOptions({
    queryKey: memberKeys.page(orgId, params),
    queryFn: () => {
      const scope = { is_member_of__organization: orgId };
      const { $filter, $orderby, $top, $skip } = listODataOptions(MEMBER_LIST, params, scope);
      return odataPage(
        memberRow,
        { resource: membership.resource, options: { $select: MEMBER_SELECT, $expand: MEMBER_EXPAND, $filter, $orderby, $top, $skip } },
        scope,
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: MEMBER_REFETCH_MS,
  });
}

/**
 * The selected memberships, whichever page they were picked on: the batch actions judge the
 * last-administrator rule, "only oneself" and the confirmation's usernames from these rows.
 */
export function selectedMembersQuery(orgId: number, ids: readonly number[]) {
  const sorted = [...ids].sort((a, b) => a - b);
  return queryOptions({
    queryKey: memberKeys.selection(orgId, sorted),
    queryFn: () =>
      odataList(memberRow, {
        resource: membership.resource,
        options: { $select: MEMBER_SELECT, $expand: MEMBER_EXPAND, $filter: { is_member_of__organization: orgId, id: { $in: sorted } } },
      }),
    placeholderData: keepPreviousData,
    enabled: sorted.length > 0,
  });
}

/** How many administrators the organization has (all pages): the last-administrator rule needs it. */
export function adminCountQuery(orgId: number) {
  return queryOptions({
    queryKey: memberKeys.adminCount(orgId),
    queryFn: () =>
      odataCount(membership.resource, {
        is_member_of__organization: orgId,
        // A path comparison: pinejs no longer accepts `{nav: {field: value}}` filters.
        $eq: [{ $: ['organization_membership_role', 'name'] }, 'administrator'],
      }),
    refetchInterval: MEMBER_REFETCH_MS,
  });
}

/** One membership of this organization, or null when it does not exist here (or is not visible). */
export function memberQuery(orgId: number, memberId: number) {
  return queryOptions({
    queryKey: memberKeys.detail(orgId, memberId),
    queryFn: async (): Promise<MemberRow | null> => {
      const row = await odataOne(memberRow, {
        resource: membership.resource,
        id: memberId,
        options: { $select: MEMBER_SELECT, $expand: MEMBER_EXPAND },
      });
      return row && row.is_member_of__organization?.__id === orgId ? row : null;
    },
  });
}

const roleRef = membershipRole.row.pick({ id: true, name: true });

/** Role name → id (reference data; the API takes role ids in writes). */
export const organizationRoleIdsQuery = queryOptions({
  queryKey: memberKeys.roles(),
  queryFn: async (): Promise<Map<string, number>> => {
    const rows = await odataList(roleRef, { resource: membershipRole.resource, options: { $select: ['id', 'name'] } });
    return new Map(rows.map((r) => [r.name, r.id]));
  },
  staleTime: Infinity,
});
