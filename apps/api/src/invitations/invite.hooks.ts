import { isValidEmail, normalizeEmail } from '@flotilla/core/account-rules';
import { INVITATION_ERRORS, INVITATION_MESSAGE_MAX_LENGTH, INVITATION_TTL_DAYS, INVITATION_TTL_MS } from '@flotilla/core/invitation-rules';
import { dashboardUrl } from '../account/account-links.ts';
import { claimUnderLimit, inviteBuckets } from '../account/account-rate-limit.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { invitationEmail } from '../email/templates.ts';
import { assertOrganizationCanGrow } from '../billing/frozen-organization.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import type { ResourceHooks, Values } from '../model/types.ts';
import { assertFleetRoleAllowed } from '../organizations/fleet-role-rules.ts';
import { rejectChanged } from '../organizations/member-lookup.ts';
import { APPLICATION_INVITE, ORGANIZATION_INVITE, type InviteKind } from './invite-kinds.ts';
import { generateInvitationToken } from './invite-token.ts';
import {
  findInviteTargets,
  findOrCreateInvitee,
  findRoleId,
  findRoleName,
  findTargetName,
  findUsername,
  hasLiveInvite,
  isMemberByEmail,
} from './invitations.repository.ts';

/**
 * Creating an invite (accounts spec §5 "Invite", fleets spec §7, compat §6.3). balena-sdk posts
 * `invitee` as an email string (a create input, not the FK id); the hook turns it into the
 * invitee row, fills role (default), creator, token hash and expiry, and queues the email —
 * all inside the POST's transaction, so a failed insert sends nothing.
 */
export const organizationInviteHooks: ResourceHooks = inviteHooks(ORGANIZATION_INVITE);
export const applicationInviteHooks: ResourceHooks = inviteHooks(APPLICATION_INVITE);

/**
 * `invitee` as posted: an email address (trimmed, lower-cased). An invitee row id is not
 * accepted: it would let an inviter address, and then read, invitees of other organizations.
 */
function inviteeEmailOf(raw: unknown): string {
  if (raw === undefined || raw === null || raw === '') throw badRequest('Field "invitee" is required');
  if (typeof raw !== 'string' || raw.trim() === '') throw badRequest(INVITATION_ERRORS.invalidEmail, INVITATION_ERRORS.invalidEmail);
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw badRequest(INVITATION_ERRORS.invalidEmail, INVITATION_ERRORS.invalidEmail);
  return email;
}

function messageOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  if (raw.length > INVITATION_MESSAGE_MAX_LENGTH) throw badRequest(`The message may be at most ${INVITATION_MESSAGE_MAX_LENGTH} characters`);
  return raw;
}

function acceptLink(config: AppConfig, kind: InviteKind, token: string): string {
  return `${dashboardUrl(config)}${kind.acceptPath}${token}`;
}

function inviteHooks(kind: InviteKind): ResourceHooks {
  return {
    async beforeCreate(values: Values, ctx) {
      const targetId = values[kind.targetColumn];
      if (typeof targetId !== 'number') throw badRequest(`Field "${kind.targetColumn}" of "${kind.inviteTable}" is required`);
      await assertOrganizationCanGrow(ctx.db, kind === ORGANIZATION_INVITE ? { organizationId: targetId } : { fleetId: targetId });
      // The engine has already checked the create rule on the candidate, so "already a member"
      // below tells nothing to someone who may not invite here.
      const email = inviteeEmailOf(values.invitee);
      const roleId = typeof values[kind.roleColumn] === 'number' ? (values[kind.roleColumn] as number) : await findRoleId(ctx.db, kind, kind.defaultRole);
      const roleName = roleId === undefined ? undefined : await findRoleName(ctx.db, kind, roleId);
      if (roleId === undefined || roleName === undefined) throw badRequest(`Unknown ${kind.roleColumn}`);
      // Fleets spec §6: a fleet invite's role follows the same class and plan rules as a membership.
      if (kind === APPLICATION_INVITE) await assertFleetRoleAllowed(ctx.db, targetId, roleId);
      if (await isMemberByEmail(ctx.db, kind, targetId, email)) throw conflict(INVITATION_ERRORS.alreadyMember, INVITATION_ERRORS.alreadyMember);
      const inviteeId = await findOrCreateInvitee(ctx.db, email);
      if (await hasLiveInvite(ctx.db, kind, targetId, inviteeId)) throw conflict(INVITATION_ERRORS.alreadyInvited, INVITATION_ERRORS.alreadyInvited);

      const targetName = (await findTargetName(ctx.db, kind, targetId)) ?? '';
      const creatorId = ctx.principal.kind === 'user' ? ctx.principal.userId : null;
      // Counted in this transaction, its buckets locked until it ends: parallel invites cannot all pass.
      await claimUnderLimit(ctx.db, inviteBuckets(creatorId, email));
      const inviter = (creatorId !== null ? await findUsername(ctx.db, creatorId) : undefined) ?? 'An administrator';
      const message = messageOf(values.message);
      const { token, hash } = generateInvitationToken(kind.resource, targetName);
      await enqueueEmail(ctx.db, {
        to: email,
        kind: `${kind.resource}-invite`,
        ...invitationEmail({
          inviter,
          what: kind.resource === 'organization' ? 'organization' : 'fleet',
          name: targetName,
          role: roleName,
          message,
          link: acceptLink(ctx.config, kind, token),
          days: INVITATION_TTL_DAYS,
        }),
      });
      return {
        ...values,
        invitee: inviteeId,
        [kind.roleColumn]: roleId,
        message,
        is_created_by__user: creatorId,
        token_hash: hash,
        expires_at: new Date(Date.now() + INVITATION_TTL_MS),
      };
    },
    /**
     * An invite stays addressed to whom and what it was sent for: pointed at another invitee id
     * it would make that invitee readable (their email) to whoever may edit the invite. A new
     * role follows the rules of a new invite; a message is bounded as on create.
     */
    async beforeUpdate(patch: Values, ids: number[], ctx) {
      rejectChanged(patch, ['invitee', kind.targetColumn, 'token_hash', 'is_created_by__user'], kind.inviteTable);
      const out: Values = { ...patch };
      if ('message' in out) out.message = messageOf(out.message);
      if (kind === APPLICATION_INVITE && typeof out[kind.roleColumn] === 'number') {
        for (const targetId of await findInviteTargets(ctx.db, kind, ids)) await assertFleetRoleAllowed(ctx.db, targetId, out[kind.roleColumn] as number);
      }
      return out;
    },
  };
}
