import { isValidEmail } from '@flotilla/core/account-rules';
import { effectiveRoles, rolesHavePermission, type RoleName } from '@flotilla/core/roles';

/**
 * Rules of the fleet members page (fleets spec §5 "Invitee", §6 "Permissions checked by screens"
 * and the "Fleet members" entity table), as plain functions so they are unit tested apart from
 * the screen. The API enforces the same permissions on every write.
 */

/** Fleets spec §9: the shared polling interval is not shown for memberships; 30 s, like the organization's members. */
export const FLEET_MEMBER_REFETCH_MS = 30_000;

/**
 * What the add dialog does with what was typed (fleets spec §5 "Invitee"): a value that passes
 * the email check creates an invite; any other value is a username, and a membership is created
 * directly. Blank is nothing yet.
 */
export type Invitee = { kind: 'email'; email: string } | { kind: 'username'; username: string } | { kind: 'blank' };

export function classifyInvitee(value: string): Invitee {
  const trimmed = value.trim();
  if (trimmed === '') return { kind: 'blank' };
  if (isValidEmail(trimmed)) return { kind: 'email', email: trimmed };
  return { kind: 'username', username: trimmed };
}

/**
 * What the user may do on the members page, from their effective roles on the fleet (fleets
 * spec §6: "Fleet members: administrator can add, change role and remove. Developer and
 * balena_admin can remove. Others read."; "resin.application.read: members and teams pages";
 * "resin.user_application_membership.all and .delete").
 */
export interface FleetMemberAbilities {
  canView: boolean;
  canAdd: boolean;
  canChangeRole: boolean;
  canRemove: boolean;
  canInvite: boolean;
  canRevokeInvite: boolean;
}

export function fleetMemberAbilities(roles: readonly string[] | null): FleetMemberAbilities {
  const can = (permission: string) => roles !== null && rolesHavePermission(roles, permission);
  const canView = can('resin.application.read');
  return {
    canView,
    canAdd: canView && can('resin.user_application_membership.all'),
    canChangeRole: canView && can('resin.user_application_membership.all'),
    canRemove: canView && can('resin.user_application_membership.delete'),
    canInvite: canView && can('resin.application_invite.create'),
    canRevokeInvite: canView && can('resin.application_invite.delete'),
  };
}

/** The organization members who are not yet members of the fleet: the ones the add dialog can pick. */
export function pickableMembers<M extends { username: string }>(organizationMembers: readonly M[], fleetUsernames: ReadonlySet<string>): M[] {
  return organizationMembers.filter((member) => !fleetUsernames.has(member.username));
}

/**
 * The user's roles on one fleet as the API reckons them (fleets spec §6 "Effective role"; the
 * API's user_application_member_role view): organization administrators administer every fleet
 * of the organization; otherwise the fleet membership role and the team grants. An organization
 * member without any of these has no role on the fleet (they may still open a public fleet), so
 * this answers [] there, not the `member` fallback: the pages then show the unauthorized banner
 * (fleets spec §2 "Routing rules") instead of sending reads the API would refuse.
 */
export function fleetAccessRoles(organizationRole: string | undefined, fleetRole: string | null, teamRoles: readonly string[]): RoleName[] {
  const held = [...(organizationRole === 'administrator' ? ['administrator'] : []), ...(fleetRole ? [fleetRole] : []), ...teamRoles];
  if (held.length === 0) return [];
  return effectiveRoles(organizationRole ? [organizationRole] : [], fleetRole ? [fleetRole] : [], teamRoles);
}
