import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SOCIAL_PROVIDERS } from '@flotilla/core/social-sign-in';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { deviceTypeSlugParams, type HeaderLinkKey, type HeaderLinks, type publicConfigResponse } from '@flotilla/core/schemas/config';
import { stripeJsUrlOf } from '../billing/payment/stripe-js.ts';
import { notFound } from '../lib/errors.ts';
import type { AppConfig } from '../lib/config.ts';
import { configVarsQuery } from './config-var-schema.ts';
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

/** Every header link, null when unset (the dashboard hides those). */
export function headerLinksOf(config: AppConfig): HeaderLinks {
  const link = (key: HeaderLinkKey) => config.headerLinks[key] ?? null;
  return {
    gettingStarted: link('gettingStarted'),
    docs: link('docs'),
    featureRequests: link('featureRequests'),
    forums: link('forums'),
    help: link('help'),
    serviceStatus: link('serviceStatus'),
    hub: link('hub'),
  };
}

function viewerUserId(request: FastifyRequest): number | null {
  return request.principal.kind === 'user' ? request.principal.userId : null;
}

/** Public configuration endpoints used by the SDK, the CLI and the dashboard (no token needed). */
export async function configRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const configVars = buildConfigVars();

  // `?deviceType=<slug>` adds that type's host configuration to `configVarSchema` (the SDK's getConfigVarSchema).
  app.get('/config/vars', { config: { public: true }, schema: { querystring: configVarsQuery } }, async (request) =>
    request.query.deviceType === undefined ? configVars : buildConfigVars(request.query.deviceType),
  );

  // Typed against the shared schema the dashboard parses it with (packages/core/src/schemas/config.ts).
  app.get('/config', { config: { public: true } }, async (request): Promise<z.input<typeof publicConfigResponse>> => ({
    deviceUrlsBase: deviceUrlsBaseOf(app.config, request),
    // The dashboard shows a captcha only when the server verifies one (accounts §5).
    isCaptchaRequired: Boolean(app.config.captchaSecret),
    // SSH key import and header avatars (accounts §2, §7) are configurable per deployment.
    codeHostApiUrl: app.config.codeHostApiUrl,
    avatarUrl: app.config.avatarUrl ?? null,
    // The user menu's admin link (accounts §2, §6); the dashboard shows it to platform admins only.
    adminUrl: app.config.adminUrl ?? null,
    // The header's links (accounts §2 Header); each unset one is null and not shown.
    headerLinks: headerLinksOf(app.config),
    // The device map's tiles (fleets spec §2 "Device location"), a template in Leaflet's form.
    mapTileUrl: app.config.mapTileUrl,
    // The add-release dialog (fleets spec §2): CLI downloads of the configured version, the git remote's host.
    cliVersion: app.config.cliVersion,
    cliDownloadBaseUrl: app.config.cliDownloadBaseUrl,
    gitServer: app.config.gitServer ?? null,
    // `flotilla release create` pushes images to the registry when the deployment has one (compat §6.1).
    registryUrl: app.config.registryUrl ?? null,
    // Sign-in buttons (accounts spec §2): only the providers this deployment configured.
    // SAML needs no server setting (each organization configures its identity provider), so it is always offered.
    socialProviders: [...SOCIAL_PROVIDERS.filter((p) => app.config.socialSignIn?.[p]), 'saml' as const],
    // The billing page's payment flow (accounts §4): the local test processor unless PAYMENT_PROVIDER says stripe.
    billing:
      app.config.paymentProvider === 'stripe'
        ? { provider: 'stripe' as const, publishableKey: app.config.stripePublishableKey ?? null, scriptUrl: stripeJsUrlOf(app.config) }
        : { provider: 'local' as const, publishableKey: null, scriptUrl: null },
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
