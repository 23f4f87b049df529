import * as applicationInvite from '@flotilla/core/schemas/odata/application-invite';
import * as membership from '@flotilla/core/schemas/odata/user-application-membership';
import { pine } from '../../../lib/pine.ts';

/** The HTTP calls behind the fleet member mutations (fleets spec §7 "Memberships and teams"). */

/** Membership create: application, username, role (balena-sdk application.membership.create). */
export async function addFleetMember(fleetId: number, username: string, roleId: number): Promise<void> {
  await pine.post({ resource: membership.resource, body: { is_member_of__application: fleetId, username, application_membership_role: roleId } });
}

export async function changeFleetMemberRole(membershipId: number, roleId: number): Promise<void> {
  await pine.patch({ resource: membership.resource, id: membershipId, body: { application_membership_role: roleId } });
}

export async function removeFleetMember(membershipId: number): Promise<void> {
  await pine.delete({ resource: membership.resource, id: membershipId });
}

/** Invite create: invitee (an email string, as balena-sdk sends it), role, optional message. */
export async function inviteToFleet(fleetId: number, email: string, roleId: number, message: string): Promise<void> {
  const note = message.trim();
  await pine.post({
    resource: applicationInvite.resource,
    body: { is_invited_to__application: fleetId, invitee: email, application_membership_role: roleId, ...(note ? { message: note } : {}) },
  });
}

export async function revokeFleetInvite(inviteId: number): Promise<void> {
  await pine.delete({ resource: applicationInvite.resource, id: inviteId });
}
