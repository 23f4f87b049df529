import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '../social-sign-in.ts';
import { safeString } from './primitives.ts';
import { billingConfig } from './billing-config.ts';

/** GET /device-types/v1/:slug (compat §4). */
export const deviceTypeSlugParams = z.object({ slug: safeString(255) });

/**
 * The dashboard header's external links (accounts spec §2 Header), in the order they are shown.
 * Each is configured on the server (`GETTING_STARTED_URL`, `DOCS_URL`, …); an unset one is
 * null and the dashboard does not show it.
 */
export const HEADER_LINK_KEYS = ['gettingStarted', 'docs', 'featureRequests', 'forums', 'help', 'serviceStatus', 'hub'] as const;
export type HeaderLinkKey = (typeof HEADER_LINK_KEYS)[number];

export const headerLinks = z.object({
  gettingStarted: z.string().nullable(),
  docs: z.string().nullable(),
  featureRequests: z.string().nullable(),
  forums: z.string().nullable(),
  help: z.string().nullable(),
  serviceStatus: z.string().nullable(),
  hub: z.string().nullable(),
}) satisfies z.ZodType<Record<HeaderLinkKey, string | null>>;
export type HeaderLinks = z.output<typeof headerLinks>;

/** `GET /config` (public, no token): what the dashboard, the SDK and the CLI read about this deployment. */
export const publicConfigResponse = z.object({
  deviceUrlsBase: z.string(),
  isCaptchaRequired: z.boolean(),
  codeHostApiUrl: z.string(),
  avatarUrl: z.string().nullable(),
  adminUrl: z.string().nullable(),
  headerLinks,
  mapTileUrl: z.string(),
  /** The command-line tool's version the add-release dialog links downloads of (fleets spec §2). */
  cliVersion: z.string(),
  cliDownloadBaseUrl: z.string(),
  /** Host of the git endpoint for `git push` releases; null when the deployment has none. */
  gitServer: z.string().nullable(),
  /**
   * The Docker registry release images are pushed to and pulled from (REGISTRY_URL), null when
   * the deployment has none: `flotilla release create` pushes by default when it is set.
   */
  registryUrl: z.string().nullable(),
  /** The social sign-in providers the deployment configured (core/social-sign-in.ts), and `saml` (core/saml.ts), always on. */
  socialProviders: z.array(z.enum([...SOCIAL_PROVIDERS, 'saml'])),
  /** The payment provider the billing page talks to (PAYMENT_PROVIDER; `local` test processor by default). */
  billing: billingConfig,
});
export type PublicConfigResponse = z.output<typeof publicConfigResponse>;
