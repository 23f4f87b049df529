import { DEFAULT_APPLICATION_INVITE_ROLE, DEFAULT_ORGANIZATION_INVITE_ROLE } from '@flotilla/core/invitation-rules';
import type { InvitationResource } from '@flotilla/core/invitation-token';

/**
 * Organization and fleet invites follow the same rules over different tables. One descriptor
 * per kind names those tables and columns, so the rules are written once (invite.hooks.ts,
 * invitations.service.ts) and the queries once (invitations.repository.ts).
 */
export interface InviteKind {
  resource: InvitationResource;
  inviteTable: 'organization_invite' | 'application_invite';
  /** Invite column pointing at the organization / fleet. */
  targetColumn: 'is_invited_to__organization' | 'is_invited_to__application';
  targetTable: 'organization' | 'application';
  /** The target's display name (token payload, emails, replies). */
  targetNameColumn: 'name' | 'app_name';
  roleColumn: 'organization_membership_role' | 'application_membership_role';
  roleTable: 'organization_membership_role' | 'application_membership_role';
  defaultRole: string;
  membershipTable: 'organization_membership' | 'user_application_membership';
  membershipTargetColumn: 'is_member_of__organization' | 'is_member_of__application';
  /** Dashboard path of the accept screen (accounts spec §2), without the token. */
  acceptPath: string;
}

export const ORGANIZATION_INVITE: InviteKind = {
  resource: 'organization',
  inviteTable: 'organization_invite',
  targetColumn: 'is_invited_to__organization',
  targetTable: 'organization',
  targetNameColumn: 'name',
  roleColumn: 'organization_membership_role',
  roleTable: 'organization_membership_role',
  defaultRole: DEFAULT_ORGANIZATION_INVITE_ROLE,
  membershipTable: 'organization_membership',
  membershipTargetColumn: 'is_member_of__organization',
  acceptPath: '/organization/invitation/',
};

export const APPLICATION_INVITE: InviteKind = {
  resource: 'application',
  inviteTable: 'application_invite',
  targetColumn: 'is_invited_to__application',
  targetTable: 'application',
  targetNameColumn: 'app_name',
  roleColumn: 'application_membership_role',
  roleTable: 'application_membership_role',
  defaultRole: DEFAULT_APPLICATION_INVITE_ROLE,
  membershipTable: 'user_application_membership',
  membershipTargetColumn: 'is_member_of__application',
  acceptPath: '/invitation/',
};
