/**
 * How an invitation travels through sign-up (accounts spec §2: "/organization/invitation/{token}
 * accepts an organization invite and then goes to /orgs. /invitation/{token} accepts a fleet
 * invite and then goes to /fleets"; "Invitees without an account sign up through the link").
 *
 * The accept page sends a signed-out invitee to `/signup?email=…&redirect=<the accept path>`.
 * The sign-up page reads the token back out of that redirect rather than from session storage:
 * the redirect is already how every sign-in page carries "where to go next", it survives a
 * reload or a copied URL, and it needs no cleanup — a stale stored token could otherwise attach a
 * later, unrelated sign-up in the same tab to an organization.
 */

/** What an invitation is for, as registration names it (accounts spec §7 invitationType). */
export type InvitationKind = 'organization' | 'application';

const INVITATION_PATHS: ReadonlyArray<[InvitationKind, RegExp]> = [
  ['organization', /^\/organization\/invitation\/([^/?#]+)\/?(?:[?#].*)?$/],
  ['application', /^\/invitation\/([^/?#]+)\/?(?:[?#].*)?$/],
];

/** The accept screen of an invitation. */
export function invitationPath(token: string, kind: InvitationKind = 'organization'): string {
  return `${kind === 'organization' ? '/organization/invitation/' : '/invitation/'}${encodeURIComponent(token)}`;
}

/** The invitation (kind and token) carried by a sign-in redirect, or null. */
export function invitationFromRedirect(redirect: string | undefined | null): { kind: InvitationKind; token: string } | null {
  if (!redirect) return null;
  for (const [kind, pattern] of INVITATION_PATHS) {
    const match = pattern.exec(redirect);
    if (!match?.[1]) continue;
    try {
      return { kind, token: decodeURIComponent(match[1]) };
    } catch {
      return null;
    }
  }
  return null;
}

/** The organization invitation token carried by a sign-in redirect, or null. */
export function invitationTokenFromRedirect(redirect: string | undefined | null): string | null {
  const invitation = invitationFromRedirect(redirect);
  return invitation?.kind === 'organization' ? invitation.token : null;
}

/** Where the invitee lands after accepting, or after signing up with the invitation (registration already joined them). */
export function afterInvitation(kind: InvitationKind): '/orgs' | '/fleets' {
  return kind === 'organization' ? '/orgs' : '/fleets';
}

export const AFTER_INVITED_SIGNUP = afterInvitation('organization');
