import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { planAllowsLimitedRoles } from '@flotilla/core/fleet-roles';
import type { FleetRoleName } from '@flotilla/core/roles';
import * as applicationInvite from '@flotilla/core/schemas/odata/application-invite';
import * as applicationMembershipRole from '@flotilla/core/schemas/odata/application-membership-role';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as invitee from '@flotilla/core/schemas/odata/invitee';
import * as organizationMembership from '@flotilla/core/schemas/odata/organization-membership';
import * as user from '@flotilla/core/schemas/odata/user';
import * as membership from '@flotilla/core/schemas/odata/user-application-membership';
import { listODataOptions } from '../../../components/data-list/list-odata.ts';
import type { ListParams } from '../../../components/data-list/list-search.ts';
import { odataList, odataPage } from '../../../lib/odata.ts';
import { FLEET_MEMBER_LIST } from '../fleet-member-list.ts';
import { FLEET_MEMBER_REFETCH_MS } from '../fleet-member-rules.ts';

/**
 * Fleet members, pending fleet invites and what the add dialog needs (fleets spec §3
 * "Memberships and access", §7 "Memberships and teams"). Writes: fleet-members.mutations.ts.
 */
export const fleetMemberKeys = {
  all: ['fleet-members'] as const,
  fleet: (fleetId: number) => [...fleetMemberKeys.all, fleetId] as const,
  page: (fleetId: number, params: ListParams) => [...fleetMemberKeys.fleet(fleetId), 'page', params] as const,
  usernames: (fleetId: number) => [...fleetMemberKeys.fleet(fleetId), 'usernames'] as const,
  invites: (fleetId: number) => [...fleetMemberKeys.fleet(fleetId), 'invites'] as const,
  organizationMembers: (orgId: number) => [...fleetMemberKeys.all, 'organization-members', orgId] as const,
  limitedRoles: (orgId: number) => [...fleetMemberKeys.all, 'limited-roles', orgId] as const,
  roleIds: () => [...fleetMemberKeys.all, 'role-ids'] as const,
};

const memberRow = membership.row.pick({ id: true, created_at: true }).extend({
  user: expanded(user.row.pick({ id: true, username: true })),
  application_membership_role: expanded(applicationMembershipRole.row.pick({ id: true, name: true })),
});
export type FleetMemberRow = z.output<typeof memberRow>;

export const fleetMemberUsername = (row: FleetMemberRow): string => row.user[0]?.username ?? '—';
export const fleetMemberRole = (row: FleetMemberRow): string => row.application_membership_role[0]?.name ?? '';

/** One page of the fleet's members as the URL describes it, with the total the same filter matches. */
export function fleetMemberPageQuery(fleetId: number, params: ListParams) {
  return queryOptions({
    queryKey: fleetMemberKeys.page(fleetId, params),
    queryFn: () => {
      const scope = { is_member_of__application: fleetId };
      const { $filter, $orderby, $top, $skip } = listODataOptions(FLEET_MEMBER_LIST, params, scope);
      return odataPage(
        memberRow,
        {
          resource: membership.resource,
          options: {
            $select: ['id', 'created_at'],
            $expand: { user: { $select: ['id', 'username'] }, application_membership_role: { $select: ['id', 'name'] } },
            $filter,
            $orderby,
            $top,
            $skip,
          },
        },
        scope,
      );
    },
    placeholderData: keepPreviousData,
    refetchInterval: FLEET_MEMBER_REFETCH_MS,
  });
}

const usernameRow = membership.row.pick({ id: true }).extend({ user: expanded(user.row.pick({ username: true })) });

/** Usernames of every member of the fleet (all pages): who the add dialog no longer offers. */
export function fleetMemberUsernamesQuery(fleetId: number) {
  return queryOptions({
    queryKey: fleetMemberKeys.usernames(fleetId),
    queryFn: async () => {
      const rows = await odataList(usernameRow, {
        resource: membership.resource,
        options: { $select: ['id'], $filter: { is_member_of__application: fleetId }, $expand: { user: { $select: ['username'] } } },
      });
      return new Set(rows.flatMap((row) => row.user.map((u) => u.username)));
    },
  });
}

const inviteRow = applicationInvite.row.pick({ id: true, created_at: true, message: true }).extend({
  invitee: expanded(invitee.row.pick({ email: true })),
  application_membership_role: expanded(applicationMembershipRole.row.pick({ name: true })),
});
export type FleetInviteRow = z.output<typeof inviteRow>;

/** Pending invites of the fleet (fleets spec §7 "Invite list by application: invitee email and role"). */
export function fleetInvitesQuery(fleetId: number) {
  return queryOptions({
    queryKey: fleetMemberKeys.invites(fleetId),
    queryFn: () =>
      odataList(inviteRow, {
        resource: applicationInvite.resource,
        options: {
          $select: ['id', 'created_at', 'message'],
          $filter: { is_invited_to__application: fleetId },
          $expand: { invitee: { $select: ['email'] }, application_membership_role: { $select: ['name'] } },
          $orderby: { created_at: 'desc' },
        },
      }),
    refetchInterval: FLEET_MEMBER_REFETCH_MS,
  });
}

const orgMemberRow = organizationMembership.row.pick({ id: true }).extend({ user: expanded(user.row.pick({ id: true, username: true })) });

/** The organization's members (fleets spec §5: one not yet in the fleet can be picked). */
export function organizationMembersQuery(orgId: number) {
  return queryOptions({
    queryKey: fleetMemberKeys.organizationMembers(orgId),
    queryFn: async () => {
      const rows = await odataList(orgMemberRow, {
        resource: organizationMembership.resource,
        options: { $select: ['id'], $filter: { is_member_of__organization: orgId }, $expand: { user: { $select: ['id', 'username'] } } },
      });
      return rows
        .flatMap((row) => row.user.map((u) => ({ userId: u.id, username: u.username })))
        .sort((a, b) => a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }));
    },
  });
}

const subscriptionRow = z.object({
  id: z.number().int(),
  is_for__plan: z.array(
    z.object({
      billing_code: z.string(),
      plan_feature: z.array(z.object({ feature: z.array(z.object({ slug: z.string() })) })),
    }),
  ),
});

/**
 * Whether the organization may give the limited roles (fleets spec §6 "Member role options
 * depend on whether the organization is paid and on a safe-roles feature"): its active plan.
 * No readable subscription counts as free.
 */
export function limitedRolesQuery(orgId: number) {
  return queryOptions({
    queryKey: fleetMemberKeys.limitedRoles(orgId),
    queryFn: async () => {
      const rows = await odataList(subscriptionRow, {
        resource: 'subscription',
        options: {
          $select: ['id'],
          $filter: { is_for__organization: orgId, is_active: true },
          $expand: { is_for__plan: { $select: ['billing_code'], $expand: { plan_feature: { $select: ['id'], $expand: { feature: { $select: ['slug'] } } } } } },
        },
      });
      const plan = rows[0]?.is_for__plan[0];
      return planAllowsLimitedRoles(
        plan ? { billingCode: plan.billing_code, featureSlugs: plan.plan_feature.flatMap((pf) => pf.feature.map((f) => f.slug)) } : null,
      );
    },
    staleTime: 60_000,
    meta: { silent: true },
  });
}

const roleRef = applicationMembershipRole.row.pick({ id: true, name: true });

/** application_membership_role ids by name (reference data; writes take ids). */
export const fleetRoleIdsQuery = queryOptions({
  queryKey: fleetMemberKeys.roleIds(),
  queryFn: async (): Promise<Map<string, number>> => {
    const rows = await odataList(roleRef, { resource: applicationMembershipRole.resource, options: { $select: ['id', 'name'] } });
    return new Map(rows.map((r) => [r.name, r.id]));
  },
  staleTime: Infinity,
});

/** The role's application_membership_role id for a write (read once, then from the cache). */
export async function fleetRoleId(queryClient: QueryClient, role: FleetRoleName): Promise<number> {
  const id = (await queryClient.ensureQueryData(fleetRoleIdsQuery)).get(role);
  if (id === undefined) throw new Error('Fleet membership role not found');
  return id;
}
