import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registryTokenQuery, registryTokenResponse } from '@flotilla/core/schemas/registry-token';
import { generateRegistryTokenKey } from './token-signing-key.ts';
import { grantAccess, signRegistryToken } from './token.service.ts';
import { registryPrincipal, subjectOf } from './registry-credentials.ts';
import { parseScopes } from './registry-scope.ts';
import { registryHost } from './registry-host.ts';

/**
 * The registry's token service (compat §4 `/auth/v1/token`, §5.6) and the certificate the
 * registry trusts it with. Without a configured key (tests, buildApp callers) one is made per
 * app: tokens then live as long as the process, which is all a test registry needs.
 */
export async function registryTokenRoutes(appRoot: FastifyInstance): Promise<void> {
  const app = appRoot.withTypeProvider<ZodTypeProvider>();
  const key = app.config.registryTokenKey ?? generateRegistryTokenKey();

  app.get('/auth/v1/token', { schema: { querystring: registryTokenQuery, response: { 200: registryTokenResponse } } }, async (request, reply) => {
    const principal = await registryPrincipal(request, app.db, app.config);
    const service = request.query.service ?? registryHost(app.config);
    const access = await grantAccess(app.db, app.config, principal, parseScopes(request.query.scope));
    reply.header('cache-control', 'no-store');
    return signRegistryToken(key, { subject: subjectOf(principal), service, access });
  });

  // Public: the registry's `rootcertbundle` (README "Running a registry").
  app.get('/auth/v1/registry-cert', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/x-pem-file').send(key.certificatePem),
  );
}
