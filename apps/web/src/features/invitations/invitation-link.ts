/**
 * How an organization invitation travels through sign-up (accounts spec §2: "Invitees without an
 * account sign up through the link and land in the organization").
 *
 * The accept page sends a signed-out invitee to `/signup?email=…&redirect=/organization/invitation/<token>`.
 * The sign-up page reads the token back out of that redirect rather than from session storage:
 * the redirect is already how every sign-in page carries "where to go next", it survives a
 * reload or a copied URL, and it needs no cleanup — a stale stored token could otherwise attach a
 * later, unrelated sign-up in the same tab to an organization.
 */

const INVITATION_PATH = /^\/organization\/invitation\/([^/?#]+)\/?(?:[?#].*)?$/;

export function invitationPath(token: string): string {
  return `/organization/invitation/${encodeURIComponent(token)}`;
}

/** The organization invitation token carried by a sign-in redirect, or null. */
export function invitationTokenFromRedirect(redirect: string | undefined | null): string | null {
  if (!redirect) return null;
  const match = INVITATION_PATH.exec(redirect);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Where the invitee lands after signing up with the invitation: registration already joined them. */
export const AFTER_INVITED_SIGNUP = '/orgs';
