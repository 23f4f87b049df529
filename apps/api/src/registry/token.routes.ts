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

  // The registry's clients authenticate with Basic auth (registry-credentials.ts), or none for a public fleet's images.
  app.get('/auth/v1/token', { config: { acceptsAnonymous: true }, schema: { querystring: registryTokenQuery, response: { 200: registryTokenResponse } } }, async (request, reply) => {
    const principal = await registryPrincipal(request, app.db, app.config);
    // The audience is always the configured registry, whatever `service` the client named (as
    // balena's token service signs for its own registry only): a token this key signs is never
    // good for another service that trusts the same certificate. Clients name this registry
    // anyway (the registry's challenge, `balena deploy`'s image host); one that names another
    // (balena-preload's `registry2.<balenaUrl>` setting) still gets a token our registry takes.
    const service = registryHost(app.config);
    const access = await grantAccess(app.db, app.config, principal, parseScopes(request.query.scope));
    reply.header('cache-control', 'no-store');
    return signRegistryToken(key, { subject: subjectOf(principal), service, access });
  });

  // Public: the registry's `rootcertbundle` (README "Running a registry").
  app.get('/auth/v1/registry-cert', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/x-pem-file').send(key.certificatePem),
  );
}
