import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deviceTypeSlugParams } from '@flotilla/core/schemas/config';
import { notFound } from '../lib/errors.ts';
import type { AppConfig } from '../lib/config.ts';
import { buildConfigVars } from './config-vars.ts';
import { listDeviceTypes } from './device-types.repository.ts';
import { toManifest } from './device-type-manifest.ts';

/**
 * Host under which device public URLs live (`https://<uuid>.<deviceUrlsBase>`, compat §4):
 * `devices.<public host>`, the public host coming from `publicUrl` or else the request.
 */
export function deviceUrlsBaseOf(config: AppConfig, request: FastifyRequest): string {
  let host = request.hostname;
  if (config.publicUrl) {
    try {
      host = new URL(config.publicUrl).hostname;
    } catch {
      // An unparsable publicUrl falls back to the request's host.
    }
  }
  return `devices.${host.replace(/:\d+$/, '')}`;
}

function viewerUserId(request: FastifyRequest): number | null {
  return request.principal.kind === 'user' ? request.principal.userId : null;
}

/** Public configuration endpoints used by the SDK, the CLI and the dashboard (no token needed). */
export async function configRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const configVars = buildConfigVars();

  app.get('/config/vars', { config: { public: true } }, async () => configVars);

  app.get('/config', { config: { public: true } }, async (request) => ({
    deviceUrlsBase: deviceUrlsBaseOf(app.config, request),
    // The dashboard shows a captcha only when the server verifies one (accounts §5).
    isCaptchaRequired: Boolean(app.config.captchaSecret),
    // SSH key import and header avatars (accounts §2, §7) are configurable per deployment.
    codeHostApiUrl: app.config.codeHostApiUrl,
    avatarUrl: app.config.avatarUrl ?? null,
    // The user menu's admin link (accounts §2, §6); the dashboard shows it to platform admins only.
    adminUrl: app.config.adminUrl ?? null,
  }));

  app.get('/device-types/v1', { config: { public: true } }, async (request) => {
    const rows = await listDeviceTypes(app.db, viewerUserId(request));
    return rows.map(toManifest);
  });

  app.get('/device-types/v1/:slug', { config: { public: true }, schema: { params: deviceTypeSlugParams } }, async (request) => {
    const [row] = await listDeviceTypes(app.db, viewerUserId(request), request.params.slug);
    if (!row) throw notFound(`Invalid device type: ${request.params.slug}`);
    return toManifest(row);
  });
}
