import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyBody, apiKeyV2Body, idParams, userApiKeyBody } from '@flotilla/core/schemas/api-keys';
import { requirePrincipal, requireUser } from '../auth/guards.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { createDeviceKey, createProvisioningKey, createUserApiKey } from './api-keys.service.ts';

/** Keys are answered as a JSON string (compat §3.5). */
function sendKey(reply: FastifyReply, key: string): FastifyReply {
  return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(key));
}

function userSession(request: FastifyRequest) {
  const user = requireUser(request, { via: 'jwt' });
  if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return { user, session: request.authSession };
}

/** API key minting routes; listing, renaming and revoking are OData on `api_key`. */
export async function apiKeyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api-key/user/full', { schema: { body: userApiKeyBody } }, async (request, reply) => {
    const { user, session } = userSession(request);
    return sendKey(reply, await createUserApiKey(app.db, app.config, user, session, request.body));
  });

  // The SDK sends the trailing slash; the router's ignoreTrailingSlash serves both spellings.
  app.post('/api-key/v2/', { schema: { body: apiKeyV2Body } }, async (request, reply) => {
    requirePrincipal(request, ['user', 'application']);
    const { actorType, actorTypeId, roles: _roles, ...opts } = request.body;
    switch (actorType) {
      case 'application':
        return sendKey(reply, await createProvisioningKey(app.db, request.principal, actorTypeId, opts));
      case 'device':
        return sendKey(reply, await createDeviceKey(app.db, request.principal, actorTypeId, opts));
      case 'user': {
        const { user, session } = userSession(request);
        if (user.userId !== actorTypeId) throw forbidden('You can only create API keys for yourself');
        return sendKey(reply, await createUserApiKey(app.db, app.config, user, session, opts));
      }
    }
  });

  app.post('/api-key/device/:id/device-key', { schema: { params: idParams, body: apiKeyBody } }, async (request, reply) => {
    requirePrincipal(request, ['user', 'application']);
    return sendKey(reply, await createDeviceKey(app.db, request.principal, request.params.id, request.body));
  });

  app.post('/api-key/application/:id/provisioning', { schema: { params: idParams, body: apiKeyBody } }, async (request, reply) => {
    requirePrincipal(request, ['user']);
    const { apiKey: _ignored, ...body } = request.body;
    return sendKey(reply, await createProvisioningKey(app.db, request.principal, request.params.id, body));
  });
}
