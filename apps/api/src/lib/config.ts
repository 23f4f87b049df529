import { DEFAULT_LOGIN_RATE_LIMITS, type LoginRateLimits } from '../auth/login-rate-limit-config.ts';

import type { HeaderLinkKey } from '@flotilla/core/schemas/config';
import type { TrustProxy } from './env.ts';
import type { RegistryTokenKey } from '../registry/token-signing-key.ts';
import type { PasswordHashCost } from '../auth/password.ts';

/** An OAuth client registered with a provider; the URLs default to the provider's own. */
export interface SocialSignInConfig {
  /** GitHub OAuth app: `url` is where the browser signs in (https://github.com), `apiUrl` the REST API (https://api.github.com). */
  github?: { clientId: string; clientSecret: string; url?: string; apiUrl?: string };
  /** Google OAuth client: `issuerUrl` is the OpenID Connect issuer (https://accounts.google.com), read by discovery. */
  google?: { clientId: string; clientSecret: string; issuerUrl?: string };
}

/** Server configuration, read once from the environment by server.ts and passed to buildApp. */
export interface AppConfig {
  /** HS256 secret for session JWTs. */
  jwtSecret: string;
  /** Public base URL printed and used in generated links. */
  publicUrl?: string;
  /** The port the server listens on (PORT): email links use it when PUBLIC_URL is unset (account/account-links.ts). */
  listenPort?: number;
  /** Directory of the built dashboard to serve at `/`; unset = API only. */
  webDist?: string;
  /** Captcha secret; unset = the dashboard sends a dummy value and the server accepts it. */
  captchaSecret?: string;
  /** reCAPTCHA-compatible siteverify endpoint; unset = Google's. */
  captchaVerifyUrl?: string;
  /** Code host API whose `/users/{username}/keys` lists public SSH keys (accounts §7); import base URL. */
  codeHostApiUrl: string;
  /**
   * Map tile URL template (`{z}/{x}/{y}`, Leaflet's form) for the device map and location page
   * (fleets spec §2 "Device location"); tests point it at a local stand-in.
   */
  mapTileUrl: string;
  /**
   * GeoIP lookup URL template with `{ip}`, answering ip-api-compatible JSON (`{status, lat, lon,
   * city, country}`): a device's automatic location (devices/device-geolocation.ts); unset = none.
   */
  geoIpUrl?: string;
  /** Avatar image URL template with `{hash}` (SHA-256 hex of the trimmed lower-case email, accounts §2 Header); unset = initials only. */
  avatarUrl?: string;
  /** Back-office URL the user menu links to for platform admins (accounts §2 Header, §6); unset = no admin link. */
  adminUrl?: string;
  /**
   * The add-release dialog's command-line tool (fleets spec §2 "Releases list and add-release
   * dialog"): its version and the base its per-platform downloads live under
   * (`<base>/v<version>/balena-cli-v<version>-<platform>…`).
   */
  cliVersion: string;
  cliDownloadBaseUrl: string;
  /** Host of the git endpoint the add-release dialog's git remote names (`<user>@<host>:<slug>.git`); unset = none offered. */
  gitServer?: string;
  /** The dashboard header's links (accounts spec §2 Header: getting started, docs, …); an unset one is hidden. */
  headerLinks: Partial<Record<HeaderLinkKey, string>>;
  /** Social sign-in providers, each present only when configured (social-sign-in/social-providers.ts). */
  socialSignIn?: SocialSignInConfig;
  /** Work per new password hash (auth/password.ts); unset = argon2's defaults. Test servers take the least (TEST_PASSWORD_HASH_COST). */
  passwordHashCost?: PasswordHashCost;
  /** Seconds a session token lives (accounts spec §9: 36 h). */
  sessionTtlSeconds: number;
  /** Sign-in limits; auth/login-rate-limit.ts says what each counts and why the defaults. */
  loginRateLimit: LoginRateLimits;
  /** Accounts created per client address per window before 429 (stops scripted sign-up floods). */
  signupRateLimit: { max: number; windowMs: number };
  /** Default device poll interval (ms) used for heartbeat expiry. */
  defaultPollIntervalMs: number;
  /** Heartbeat: seconds after `timeout` before `offline`. */
  heartbeatOfflineGraceSeconds: number;
  /**
   * How long one `/supervisor` call may wait for its devices in all (the SDK gives up after
   * 50–59 s): a fleet-wide call answers 504 for the devices still pending then.
   */
  supervisorDeadlineMs: number;
  /** smtp(s)://user:pass@host:port for outgoing mail; unset = emails stay in the outbox table. */
  smtpUrl?: string;
  /** From address of outgoing mail. */
  mailFrom: string;
  /** The support team's address: each new support ticket is mailed there (SUPPORT_EMAIL); unset = none. */
  supportEmail?: string;
  /**
   * The support portal's JWT single sign-on (SUPPORT_PORTAL_URL, SUPPORT_PORTAL_JWT_SECRET;
   * support/portal-login.service.ts): tokens are posted to `<url>/access/jwt`, signed HS256 with
   * `jwtSecret`. Unset = no portal: GET /zendesk/v1/login answers 404.
   */
  supportPortal?: { url: string; jwtSecret: string };
  /** New users must verify their email before using the dashboard (on when SMTP is configured). */
  requireEmailVerification: boolean;
  /**
   * The Docker distribution registry that stores release images (REGISTRY_URL); unset = none:
   * releases still exist and devices simulate their downloads (registry/registry-host.ts).
   */
  registryUrl?: string;
  /** The delta server devices ask for image deltas (DELTA_URL, config.json `deltaEndpoint`); unset = none. */
  deltaUrl?: string;
  /** The PEM CA devices must trust to reach the API (TLS_CA / a self-signed TLS_CERT, lib/tls-files.ts): config.json `balenaRootCA`. */
  deviceRootCaPem?: string;
  /** Signs registry tokens (registry/token-signing-key.ts); unset = one generated when the app is built. */
  registryTokenKey?: RegistryTokenKey;
  /** Bytes of release-asset files held in memory at once; unset = 256 MiB (release-assets/asset-body-slots.ts). Tests shrink it. */
  releaseAssetMemoryBytes?: number;
  /** Largest release asset file accepted (RELEASE_ASSET_MAX_BYTES); unset = 100 MB (release-assets/). */
  releaseAssetMaxBytes?: number;
  /** Fastify's `trustProxy` (TRUST_PROXY): which proxies' X-Forwarded-* headers to believe; off by default. */
  trustProxy: TrustProxy;
  /** Log lines kept per device (LOG_RETENTION_LINES); unset = 1000, as balena keeps (jobs/log-retention.ts). */
  logRetentionLines?: number;
  /** Log lines one device may write per second (LOG_LINES_PER_SECOND; 0 = no limit); unset = 200 (device-logs/log-line-rate.ts). */
  logLinesPerSecond?: number;
  /** Never-ending read streams (live events, log tails) one caller may hold open per process; unset = 64 (lib/open-streams.ts). Tests lower it. */
  streamsPerCaller?: number;
  /** Keep-alive newline interval of log streams; unset = 58 s (compat §4). Tests shorten it. */
  logStreamKeepAliveMs?: number;
  /** How often a device's long-lived log upload re-checks its key; unset = 60 s (device-logs/device-logs.routes.ts). Tests shorten it. */
  logUploadAccessCheckMs?: number;
  /** The billing engine's payment provider (PAYMENT_PROVIDER, billing/payment/); unset = `local`, the embedded test processor. */
  paymentProvider?: 'local' | 'stripe';
  /** Stripe secret key (STRIPE_SECRET_KEY) when paymentProvider is `stripe`. */
  stripeSecretKey?: string;
  /** Stripe publishable key for Stripe.js in the dashboard (STRIPE_PUBLISHABLE_KEY), sent in GET /config. */
  stripePublishableKey?: string;
  /** Another Stripe API endpoint (STRIPE_API_URL), e.g. a local stand-in; unset = api.stripe.com. */
  stripeApiUrl?: string;
  /** Where the dashboard loads Stripe.js from (STRIPE_JS_URL), e.g. a local stand-in; unset = STRIPE_JS_DEFAULT_URL. */
  stripeJsUrl?: string;
  /** How often an open device link's key and device are checked again; unset = 60 s (device-link/link-access.ts). Tests shorten it. */
  linkAccessCheckMs?: number;
  /** Web terminal re-check interval and session caps; unset = terminal/terminal-sessions.ts defaults. Tests shorten them. */
  terminalLimits?: { accessCheckMs?: number; maxPerUserDevice?: number; maxPerUser?: number; maxSessions?: number };
}

/** OpenStreetMap's public tiles (their usage policy allows light use; set MAP_TILE_URL for more). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The balena CLI release the add-release dialog links to unless CLI_VERSION says another. */
export const DEFAULT_CLI_VERSION = '25.2.6';
export const DEFAULT_CLI_DOWNLOAD_BASE_URL = 'https://github.com/balena-io/balena-cli/releases/download';

export function defaultConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    jwtSecret: 'dev-only-secret-change-me',
    sessionTtlSeconds: 36 * 3600,
    codeHostApiUrl: 'https://api.github.com',
    mapTileUrl: DEFAULT_MAP_TILE_URL,
    cliVersion: DEFAULT_CLI_VERSION,
    cliDownloadBaseUrl: DEFAULT_CLI_DOWNLOAD_BASE_URL,
    loginRateLimit: DEFAULT_LOGIN_RATE_LIMITS,
    signupRateLimit: { max: 50, windowMs: 3600 * 1000 },
    defaultPollIntervalMs: 10 * 60 * 1000,
    heartbeatOfflineGraceSeconds: 15,
    supervisorDeadlineMs: 50_000,
    mailFrom: 'Flotilla <no-reply@localhost>',
    requireEmailVerification: false,
    trustProxy: false,
    headerLinks: {},
    ...overrides,
  };
}
