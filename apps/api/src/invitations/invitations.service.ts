import type { InvitationResource } from '@flotilla/core/invitation-token';
import { INVALID_INVITATION } from '@flotilla/core/schemas/invitations';
import type { Db } from '../db/database.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { markEmailVerified } from '../account/account.repository.ts';
import { assertUnderLimit, badLinkBuckets, noteAttempt } from '../account/account-rate-limit.ts';
import { APPLICATION_INVITE, ORGANIZATION_INVITE, type InviteKind } from './invite-kinds.ts';
import { hashInvitationToken } from './invite-token.ts';
import { addMembership, deleteInvite, ensureFleetOrganizationMember, findLiveInviteByHash, findUserEmail, type InviteRow } from './invitations.repository.ts';

/**
 * Accepting invitations (accounts spec §2 /organization/invitation/{token}, §7; compat
 * `/org/v1/invitation/:token`, `/user/v1/invitation/:token`). A link that is unknown, used,
 * revoked or expired is one 400 with one message, and counts toward the per-address limit on
 * bad links (the same limit as wrong verification and reset links), so tokens cannot be guessed.
 */
// One message for every bad link; the route schema refuses malformed tokens with the same one.
export { INVALID_INVITATION };
export const INVITATION_FOR_ANOTHER_EMAIL = 'This invitation was sent to another email address. Sign in with that address to accept it.';

export function inviteKindOf(resource: InvitationResource): InviteKind {
  return resource === 'organization' ? ORGANIZATION_INVITE : APPLICATION_INVITE;
}

/** What was joined, as the accept routes answer it. */
export type Joined = { organization: { id: number; name: string } } | { application: { id: number; app_name: string } };

function joinedOf(kind: InviteKind, invite: InviteRow): Joined {
  return kind.resource === 'organization'
    ? { organization: { id: invite.target_id, name: invite.target_name } }
    : { application: { id: invite.target_id, app_name: invite.target_name } };
}

async function findOrRefuse(db: Db, kind: InviteKind, token: string, ip: string, lock: boolean): Promise<InviteRow> {
  await assertUnderLimit(db, badLinkBuckets(ip));
  const invite = await findLiveInviteByHash(db, kind, hashInvitationToken(token), { lock });
  if (!invite) {
    await noteAttempt(db, badLinkBuckets(ip));
    throw badRequest(INVALID_INVITATION, 'invalid_invitation');
  }
  return invite;
}

/** The accept screen's summary: no sign-in needed (the link holder may not have an account yet). */
export async function describeInvitation(db: Db, kind: InviteKind, token: string, ip: string) {
  const invite = await findOrRefuse(db, kind, token, ip, false);
  return {
    ...joinedOf(kind, invite),
    role: invite.role_name,
    inviter: { username: invite.inviter_username },
    invitee: { email: invite.invitee_email },
    message: invite.message,
    expires_at: invite.expires_at,
  };
}

/** Membership with the invite's role; an existing member keeps their role. The invite is used up. */
async function join(db: Db, kind: InviteKind, invite: InviteRow, userId: number): Promise<void> {
  if (kind === APPLICATION_INVITE) await ensureFleetOrganizationMember(db, userId, invite.target_id);
  await addMembership(db, kind, userId, invite.target_id, invite.role_id);
  await deleteInvite(db, kind, invite.id);
}

/**
 * A signed-in user accepts. The invite was sent to one address: only the account with that
 * email (case-insensitively) may accept it. Otherwise a forwarded or leaked link would grant
 * access to whoever opened it, and the administrators would see a member they never invited.
 */
export async function acceptInvitation(db: Db, kind: InviteKind, token: string, userId: number, ip: string): Promise<Joined> {
  // Outside the transaction, so a bad link is counted even though the request fails.
  await findOrRefuse(db, kind, token, ip, false);
  const hash = hashInvitationToken(token);
  return db.transaction().execute(async (tx) => {
    const invite = await findLiveInviteByHash(tx, kind, hash, { lock: true });
    // Gone since the first look: accepted (or revoked) concurrently.
    if (!invite) throw badRequest(INVALID_INVITATION, 'invalid_invitation');
    const email = await findUserEmail(tx, userId);
    if (!email || email.toLowerCase() !== invite.invitee_email) throw forbidden(INVITATION_FOR_ANOTHER_EMAIL, 'invitation_email_mismatch');
    await join(tx, kind, invite, userId);
    return joinedOf(kind, invite);
  });
}

export interface SignUpInvitation {
  type: InvitationResource;
  token: string;
}

/**
 * Sign-up from an invitation link (accounts spec §7 Registration: invitationType,
 * invitationToken). When the token is live and was sent to the address being registered, the
 * new user joins at once and the address counts as verified: they proved they read its mail
 * by opening the link. Anything else (bad, expired or someone else's token) adds nothing —
 * registration itself still succeeds, and the user can accept a valid link after signing in.
 */
export async function joinOnSignUp(db: Db, userId: number, email: string, invitation: SignUpInvitation | undefined): Promise<boolean> {
  if (!invitation) return false;
  const kind = inviteKindOf(invitation.type);
  return db.transaction().execute(async (tx) => {
    const invite = await findLiveInviteByHash(tx, kind, hashInvitationToken(invitation.token), { lock: true });
    if (!invite || invite.invitee_email !== email.toLowerCase()) return false;
    await join(tx, kind, invite, userId);
    await markEmailVerified(tx, userId);
    return true;
  });
}
