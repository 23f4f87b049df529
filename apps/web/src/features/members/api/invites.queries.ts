import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as invitee from '@flotilla/core/schemas/odata/invitee';
import * as organizationInvite from '@flotilla/core/schemas/odata/organization-invite';
import * as membershipRole from '@flotilla/core/schemas/odata/organization-membership-role';
import { odataList } from '../../../lib/odata.ts';

/**
 * Pending organization invites (accounts spec §3 "organization invite", §7 "Invites:
 * getAllByOrganization, create(orgId, invitee, roleName, message), revoke(id)"). The writes are
 * in invites.mutations.ts.
 */

/** Query keys of this feature's invites: everything under `all`. */
export const inviteKeys = {
  all: ['organization-invites'] as const,
  org: (orgId: number) => [...inviteKeys.all, orgId] as const,
};

/** An invite with its email and role, as the pending-invites table shows it. */
const inviteRow = organizationInvite.row.pick({ id: true, created_at: true, message: true }).extend({
  invitee: expanded(invitee.row.pick({ email: true })),
  organization_membership_role: expanded(membershipRole.row.pick({ name: true })),
});
export type InviteRow = z.output<typeof inviteRow>;

export function pendingInvitesQuery(orgId: number) {
  return queryOptions({
    queryKey: inviteKeys.org(orgId),
    queryFn: () =>
      odataList(inviteRow, {
        resource: organizationInvite.resource,
        options: {
          $select: ['id', 'created_at', 'message'],
          $filter: { is_invited_to__organization: orgId },
          $expand: { invitee: { $select: ['email'] }, organization_membership_role: { $select: ['name'] } },
          $orderby: { created_at: 'desc' },
        },
      }),
  });
}
