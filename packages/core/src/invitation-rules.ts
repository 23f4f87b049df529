/**
 * Invitation rules shared by the API and the dashboard (accounts spec §5 "Invite", fleets
 * spec §6–§7). Message keys are the spec's (§8): the API sends them as error `code`s and the
 * dashboard translates them.
 */
import { DEFAULT_FLEET_ROLE, type FleetRoleName, type OrganizationRoleName } from './roles.ts';

/** An invitation link works for 7 days: long enough for a colleague back from a week off. */
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
export const INVITATION_TTL_DAYS = INVITATION_TTL_MS / (24 * 3600_000);

/** Role of an organization invite that names none: the free, read-only one. */
export const DEFAULT_ORGANIZATION_INVITE_ROLE: OrganizationRoleName = 'member';
/** Role of a fleet invite that names none (fleets spec §6 default member role). */
export const DEFAULT_APPLICATION_INVITE_ROLE: FleetRoleName = DEFAULT_FLEET_ROLE;

/** The inviter's note is free multi-line text; a cap keeps the email readable. */
export const INVITATION_MESSAGE_MAX_LENGTH = 2000;

export const INVITATION_ERRORS = {
  invalidEmail: 'fields_errors.invalid_email',
  alreadyMember: 'invitee_already_exist',
  alreadyInvited: 'invitee_already_invited',
} as const;

