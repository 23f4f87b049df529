import { queryOptions } from '@tanstack/react-query';
import { pine } from '../../../lib/pine.ts';

/**
 * Pending organization invites (accounts spec §3 "organization invite", §7 "Invites:
 * getAllByOrganization, create(orgId, invitee, roleName, message), revoke(id)").
 */

export const inviteKeys = {
  all: ['organization-invites'] as const,
  org: (orgId: number) => ['organization-invites', orgId] as const,
};

export interface InviteRow {
  id: number;
  created_at: string;
  message: string | null;
  invitee: Array<{ email: string }>;
  organization_membership_role: Array<{ name: string }>;
}

export function pendingInvitesQuery(orgId: number) {
  return queryOptions({
    queryKey: inviteKeys.org(orgId),
    queryFn: async (): Promise<InviteRow[]> =>
      (await pine.get({
        resource: 'organization_invite',
        options: {
          $select: ['id', 'created_at', 'message'],
          $filter: { is_invited_to__organization: orgId },
          $expand: { invitee: { $select: ['email'] }, organization_membership_role: { $select: ['name'] } },
          $orderby: { created_at: 'desc' },
        },
      })) as InviteRow[],
  });
}

export interface NewInvite {
  email: string;
  roleId: number;
  message: string;
}

/** The invitee goes as an email string; the server finds or creates the invitee and queues the email. */
export function createInvite(orgId: number, invite: NewInvite): Promise<unknown> {
  const message = invite.message.trim();
  return pine.post({
    resource: 'organization_invite',
    body: {
      is_invited_to__organization: orgId,
      invitee: invite.email.trim(),
      organization_membership_role: invite.roleId,
      ...(message ? { message } : {}),
    },
  });
}

export function revokeInvite(inviteId: number): Promise<unknown> {
  return pine.delete({ resource: 'organization_invite', id: inviteId });
}
