import { randomBytes } from 'node:crypto';
import { encodeInvitationToken, type InvitationResource } from '@flotilla/core/invitation-token';
import { hashActionToken } from '../account/action-tokens.ts';

/**
 * Invitation link tokens: the core encoding (resource and name for the accept screen) plus a
 * 256-bit random secret. Only the SHA-256 of the whole token is stored, like every other
 * emailed link (account/action-tokens.ts), and invites are looked up by that hash.
 */
export function generateInvitationToken(resource: InvitationResource, name: string): { token: string; hash: string } {
  const token = encodeInvitationToken({ resource, name }, randomBytes(32).toString('base64url'));
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return hashActionToken(token);
}
