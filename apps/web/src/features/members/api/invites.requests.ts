import * as organizationInvite from '@flotilla/core/schemas/odata/organization-invite';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the invite mutations (api/invites.mutations.ts). */

export interface NewInvite {
  email: string;
  roleId: number;
  message: string;
}

/** The invitee goes as an email string; the server finds or creates the invitee and queues the email. */
export async function createInvite(orgId: number, invite: NewInvite): Promise<void> {
  const message = invite.message.trim();
  await pine.post({
    resource: organizationInvite.resource,
    body: {
      is_invited_to__organization: orgId,
      invitee: invite.email.trim(),
      organization_membership_role: invite.roleId,
      ...(message ? { message } : {}),
    },
  });
}

export async function revokeInvite(inviteId: number): Promise<void> {
  await pine.delete({ resource: organizationInvite.resource, id: inviteId });
}
