import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invitationTokenParams } from '@flotilla/core/schemas/invitations';
import { requireUser } from '../auth/guards.ts';
import { APPLICATION_INVITE, ORGANIZATION_INVITE, type InviteKind } from './invite-kinds.ts';
import { acceptInvitation, describeInvitation } from './invitations.service.ts';

/**
 * Invitation links (compat §3: `/org/v1/invitation/:token` for organizations, balena's
 * `/user/v1/invitation/:token` for fleets). GET describes the invite for the accept screen
 * without sign-in (rate limited on bad tokens); POST accepts it as the signed-in user.
 * A malformed token answers like an unknown one (invitationTokenParams).
 */
export async function invitationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const routes: Array<[string, InviteKind]> = [
    ['/org/v1/invitation/:token', ORGANIZATION_INVITE],
    ['/user/v1/invitation/:token', APPLICATION_INVITE],
  ];
  const schema = { params: invitationTokenParams };
  for (const [url, kind] of routes) {
    app.get(url, { config: { public: true }, schema }, async (request) => describeInvitation(app.db, kind, request.params.token, request.ip));

    app.post(url, { schema }, async (request) => {
      const user = requireUser(request);
      return acceptInvitation(app.db, kind, request.params.token, user.userId, request.ip);
    });
  }
}
