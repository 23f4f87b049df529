import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePrincipal, requireUser } from '../auth/guards.ts';
import { parseBody } from '../auth/parse-body.ts';
import { AUTH_MESSAGES } from '../auth/credentials.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { createDeviceKey, createProvisioningKey, createUserApiKey } from './api-keys.service.ts';

const text = z.string().max(1000);
const expiry = z.string().nullable();
const clientKey = z.string().min(8).max(256).regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

const userKeyBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  description: text.nullish(),
  expiryDate: expiry.optional(),
});
const v2Body = z.object({
  actorType: z.enum(['application', 'device', 'user']),
  actorTypeId: z.coerce.number().int().positive(),
  roles: z.array(z.string()).optional(),
  name: text.nullish(),
  description: text.nullish(),
  // Mandatory in v2 (compat §3.5), null = never expires.
  expiryDate: expiry,
  apiKey: clientKey.optional(),
});
const keyBody = z.object({
  name: text.nullish(),
  description: text.nullish(),
  expiryDate: expiry.optional(),
  apiKey: clientKey.optional(),
});
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Keys are answered as a JSON string (compat §3.5). */
function sendKey(reply: FastifyReply, key: string): FastifyReply {
  return reply.status(200).type('application/json; charset=utf-8').send(JSON.stringify(key));
}

function userSession(request: Parameters<typeof requireUser>[0]) {
  const user = requireUser(request, { via: 'jwt' });
  if (!request.authSession) throw unauthorized(AUTH_MESSAGES.notLoggedIn);
  return { user, session: request.authSession };
}

/** API key minting routes; listing, renaming and revoking are OData on `api_key`. */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api-key/user/full', async (request, reply) => {
    const { user, session } = userSession(request);
    const body = parseBody(userKeyBody, request.body);
    return sendKey(reply, await createUserApiKey(app.db, user, session, body));
  });

  const v2 = async (request: Parameters<typeof requireUser>[0], reply: FastifyReply) => {
    requirePrincipal(request, ['user', 'application']);
    const { actorType, actorTypeId, roles: _roles, ...opts } = parseBody(v2Body, request.body);
    switch (actorType) {
      case 'application':
        return sendKey(reply, await createProvisioningKey(app.db, request.principal, actorTypeId, opts));
      case 'device':
        return sendKey(reply, await createDeviceKey(app.db, request.principal, actorTypeId, opts));
      case 'user': {
        const { user, session } = userSession(request);
        if (user.userId !== actorTypeId) throw forbidden('You can only create API keys for yourself');
        return sendKey(reply, await createUserApiKey(app.db, user, session, opts));
      }
    }
  };
  // The SDK sends the trailing slash; the router's ignoreTrailingSlash serves both spellings.
  app.post('/api-key/v2/', v2);

  app.post('/api-key/device/:id/device-key', async (request, reply) => {
    requirePrincipal(request, ['user', 'application']);
    const { id } = parseBody(idParam, request.params);
    const body = parseBody(keyBody, request.body);
    return sendKey(reply, await createDeviceKey(app.db, request.principal, id, body));
  });

  app.post('/api-key/application/:id/provisioning', async (request, reply) => {
    requirePrincipal(request, ['user']);
    const { id } = parseBody(idParam, request.params);
    const { apiKey: _ignored, ...body } = parseBody(keyBody, request.body);
    return sendKey(reply, await createProvisioningKey(app.db, request.principal, id, body));
  });
}
