import { sql } from 'kysely';
import { isValidEmail, normalizeEmail } from '@flotilla/core/account-rules';
import { INVITATION_ERRORS, INVITATION_MESSAGE_MAX_LENGTH, INVITATION_TTL_DAYS, INVITATION_TTL_MS } from '@flotilla/core/invitation-rules';
import { DEFAULT_PUBLIC_URL } from '../account/account-links.ts';
import { enqueueEmail } from '../email/outbox.repository.ts';
import { invitationEmail } from '../email/templates.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, conflict, unauthorized } from '../lib/errors.ts';
import type { PermissionRules, ResourceHooks, Values, WriteContext } from '../model/types.ts';
import { ruleSql } from '../odata/context.ts';
import { APPLICATION_INVITE, ORGANIZATION_INVITE, type InviteKind } from './invite-kinds.ts';
import { applicationInvitePermissions, organizationInvitePermissions } from './invite-permissions.ts';
import { generateInvitationToken } from './invite-token.ts';
import {
  findInviteeEmail,
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
export const organizationInviteHooks: ResourceHooks = inviteHooks(ORGANIZATION_INVITE, organizationInvitePermissions);
export const applicationInviteHooks: ResourceHooks = inviteHooks(APPLICATION_INVITE, applicationInvitePermissions);

/** `invitee` as posted: an email (trimmed, lower-cased) or an existing invitee id. */
async function inviteeEmailOf(ctx: WriteContext, raw: unknown): Promise<string> {
  const id = typeof raw === 'object' && raw !== null && '__id' in raw ? (raw as { __id: unknown }).__id : raw;
  if (typeof id === 'number') {
    const email = await findInviteeEmail(ctx.db, id);
    if (email) return email;
  }
  if (typeof raw !== 'string' || raw.trim() === '') {
    if (raw === undefined || raw === null || raw === '') throw badRequest('Field "invitee" is required');
    throw badRequest(INVITATION_ERRORS.invalidEmail, INVITATION_ERRORS.invalidEmail);
  }
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw badRequest(INVITATION_ERRORS.invalidEmail, INVITATION_ERRORS.invalidEmail);
  return email;
}

/**
 * The resource's own create rule, evaluated on the candidate row before anything else is
 * looked at: otherwise "already a member" would tell an outsider who belongs to the
 * organization. (The engine checks the rule again on the inserted row.)
 */
async function assertMayInvite(ctx: WriteContext, kind: InviteKind, permissions: PermissionRules, targetId: number): Promise<void> {
  const candidate = JSON.stringify({ [kind.targetColumn]: targetId });
  const check = await sql<{ ok: boolean }>`SELECT coalesce(${ruleSql(permissions.create, 'candidate', ctx.principal)}, FALSE) AS ok
    FROM json_populate_record(NULL::${sql.table(kind.inviteTable)}, ${candidate}::json) AS candidate`.execute(ctx.db);
  if (check.rows[0]?.ok !== true) throw unauthorized();
}

function messageOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  if (raw.length > INVITATION_MESSAGE_MAX_LENGTH) throw badRequest(`The message may be at most ${INVITATION_MESSAGE_MAX_LENGTH} characters`);
  return raw;
}

function acceptLink(config: AppConfig, kind: InviteKind, token: string): string {
  return `${(config.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '')}${kind.acceptPath}${token}`;
}

function inviteHooks(kind: InviteKind, permissions: PermissionRules): ResourceHooks {
  return {
    async beforeCreate(values: Values, ctx) {
      const targetId = values[kind.targetColumn];
      if (typeof targetId !== 'number') throw badRequest(`Field "${kind.targetColumn}" of "${kind.inviteTable}" is required`);
      const email = await inviteeEmailOf(ctx, values.invitee);
      await assertMayInvite(ctx, kind, permissions, targetId);
      const roleId = typeof values[kind.roleColumn] === 'number' ? (values[kind.roleColumn] as number) : await findRoleId(ctx.db, kind, kind.defaultRole);
      const roleName = roleId === undefined ? undefined : await findRoleName(ctx.db, kind, roleId);
      if (roleId === undefined || roleName === undefined) throw badRequest(`Unknown ${kind.roleColumn}`);
      if (await isMemberByEmail(ctx.db, kind, targetId, email)) throw conflict(INVITATION_ERRORS.alreadyMember, INVITATION_ERRORS.alreadyMember);
      const inviteeId = await findOrCreateInvitee(ctx.db, email);
      if (await hasLiveInvite(ctx.db, kind, targetId, inviteeId)) throw conflict(INVITATION_ERRORS.alreadyInvited, INVITATION_ERRORS.alreadyInvited);

      const targetName = (await findTargetName(ctx.db, kind, targetId)) ?? '';
      const creatorId = ctx.principal.kind === 'user' ? ctx.principal.userId : null;
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
  };
}
