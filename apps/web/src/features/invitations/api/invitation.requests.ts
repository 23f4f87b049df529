import {
  applicationInvitationAcceptedResponse,
  applicationInvitationResponse,
  organizationInvitationAcceptedResponse,
  organizationInvitationResponse,
} from '@flotilla/core/schemas/invitations';
import { apiRequest } from '../../../lib/http.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import type { InvitationKind } from '../invitation-link.ts';

/**
 * The invitation endpoints (web contract; compat §3.7): `GET /org/v1/invitation/:token` and
 * `GET /user/v1/invitation/:token` (no sign-in needed) describe an organization or a fleet
 * invite; `POST` accepts it for the signed-in user, whose email must be the invitee's.
 */

const ROUTES: Record<InvitationKind, string> = { organization: '/org/v1/invitation', application: '/user/v1/invitation' };
const routeOf = (kind: InvitationKind, token: string) => `${ROUTES[kind]}/${encodeURIComponent(token)}`;

/** What the invite is for: the organization, or the fleet (application). */
export interface InvitationTarget {
  id: number;
  name: string;
}

/** The invite as the accept screen shows it: names only, the wire's nesting flattened. */
export interface InvitationDetails {
  target: InvitationTarget;
  role: string;
  inviter: string | null;
  invitee: string;
  message: string | null;
}

export async function fetchInvitation(kind: InvitationKind, token: string): Promise<InvitationDetails> {
  const raw = await apiRequest(routeOf(kind, token));
  const body =
    kind === 'organization'
      ? (({ organization, ...rest }) => ({ ...rest, target: organization }))(parseResponse(organizationInvitationResponse, ROUTES[kind], raw))
      : (({ application, ...rest }) => ({ ...rest, target: { id: application.id, name: application.app_name } }))(
          parseResponse(applicationInvitationResponse, ROUTES[kind], raw),
        );
  return { target: body.target, role: body.role, inviter: body.inviter.username, invitee: body.invitee.email, message: body.message };
}

/** Accepts; answers what was joined. */
export async function acceptInvitation(kind: InvitationKind, token: string): Promise<InvitationTarget> {
  const raw = await apiRequest(routeOf(kind, token), { method: 'POST' });
  if (kind === 'organization') return parseResponse(organizationInvitationAcceptedResponse, ROUTES[kind], raw).organization;
  const { application } = parseResponse(applicationInvitationAcceptedResponse, ROUTES[kind], raw);
  return { id: application.id, name: application.app_name };
}
