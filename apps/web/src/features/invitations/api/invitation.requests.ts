import { organizationInvitationAcceptedResponse, organizationInvitationResponse } from '@flotilla/core/schemas/invitations';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';

/**
 * The organization invitation endpoints (web contract): `GET /org/v1/invitation/:token` (no
 * sign-in needed) describes the invite; `POST` accepts it for the signed-in user, whose email
 * must be the invitee's.
 */

const ROUTE = '/org/v1/invitation';
const routeOf = (token: string) => `${ROUTE}/${encodeURIComponent(token)}`;

/** The invite as the accept screen shows it: names only, the wire's nesting flattened. */
export interface InvitationDetails {
  organization: { id: number; name: string };
  role: string;
  inviter: string | null;
  invitee: string;
  message: string | null;
}

export async function fetchInvitation(token: string): Promise<InvitationDetails> {
  const body = parseResponse(organizationInvitationResponse, ROUTE, await apiRequest(routeOf(token)));
  return {
    organization: body.organization,
    role: body.role,
    inviter: body.inviter.username,
    invitee: body.invitee.email,
    message: body.message,
  };
}

export async function acceptInvitation(token: string): Promise<{ organization: { id: number; name: string } }> {
  return parseResponse(organizationInvitationAcceptedResponse, ROUTE, await apiRequest(routeOf(token), { method: 'POST' }));
}
