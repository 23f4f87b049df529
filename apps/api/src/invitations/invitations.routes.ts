import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guards.ts';
import { badRequest } from '../lib/errors.ts';
import { APPLICATION_INVITE, ORGANIZATION_INVITE, type InviteKind } from './invite-kinds.ts';
import { INVALID_INVITATION, acceptInvitation, describeInvitation } from './invitations.service.ts';

/** Tokens are `<base64url payload>.<base64url secret>`; anything else is not worth a lookup. */
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/).max(1024) });

function tokenOf(params: unknown): string {
  const parsed = tokenParams.safeParse(params);
  if (!parsed.success) throw badRequest(INVALID_INVITATION, 'invalid_invitation');
  return parsed.data.token;
}

/**
 * Invitation links (compat §3: `/org/v1/invitation/:token` for organizations, balena's
 * `/user/v1/invitation/:token` for fleets). GET describes the invite for the accept screen
 * without sign-in (rate limited on bad tokens); POST accepts it as the signed-in user.
 */
export async function invitationRoutes(app: FastifyInstance): Promise<void> {
  const routes: Array<[string, InviteKind]> = [
    ['/org/v1/invitation/:token', ORGANIZATION_INVITE],
    ['/user/v1/invitation/:token', APPLICATION_INVITE],
  ];
  for (const [url, kind] of routes) {
    app.get(url, { config: { public: true } }, async (request) => describeInvitation(app.db, kind, tokenOf(request.params), request.ip));

    app.post(url, async (request) => {
      const user = requireUser(request);
      const token = tokenOf(request.params);
      return acceptInvitation(app.db, kind, token, user.userId, request.ip);
    });
  }
}
