import { isIP } from 'node:net';
import { z } from 'zod';
import { validatePassword } from '@flotilla/core/account-rules';
import { isSafePortalUrl } from '@flotilla/core/support-portal';
import { TlsFileError, deviceRootCaPem, readServerTls, type ServerTls } from './tls-files.ts';

/**
 * The server's environment (README "Environment"), parsed and validated once at start by
 * server.ts. A bad value stops the start with one message naming every bad variable; values
 * are never echoed back, since several of them carry secrets (DATABASE_URL, SMTP_URL, …).
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Fastify's `trustProxy`: off, every hop, the n nearest hops, or these addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's named ranges, accepted by Fastify beside addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d{1,3}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((e) => e.trim());
  return entries.every(isAddressOrCidr) ? entries : null;
}

/** Unset and empty are the same: `DATABASE_URL=` in a shell or a compose file means "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

function urlWith(protocols: readonly string[], what: string) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${what}`);
}

const httpUrl = urlWith(['http:', 'https:'], 'an http:// or https:// URL');

function integer(min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`);
}

const flag01 = z.enum(['0', '1'], { error: 'must be 1 or 0' }).transform((v) => v === '1');

export const envSchema = z.object({
  PORT: optional(integer(0, 65535)).default(8080),
  HOST: optional(z.string()).default('0.0.0.0'),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(urlWith(['postgres:', 'postgresql:'], 'a postgres:// URL (leave it unset for the embedded database)')),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')),
  PUBLIC_URL: optional(httpUrl),
  WEB_DIST: optional(z.string()),
  CAPTCHA_SECRET: optional(z.string()),
  CAPTCHA_VERIFY_URL: optional(httpUrl),
  SMTP_URL: optional(urlWith(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL')),
  MAIL_FROM: optional(z.string()),
  // Where support tickets are mailed (support/ticket-emails.ts); unset = tickets stay in the help desk's tables only.
  SUPPORT_EMAIL: optional(z.email('must be an email address')),
  // The support portal's JWT sign-in (support/portal-login.*): both set, or neither (no portal sign-in).
  SUPPORT_PORTAL_URL: optional(z.string().refine(isSafePortalUrl, 'must be an https:// URL (http:// only on localhost) without credentials, query or fragment')),
  SUPPORT_PORTAL_JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters (the shared secret from the portal\'s JWT single sign-on settings)')),
  REQUIRE_EMAIL_VERIFICATION: optional(flag01),
  CODE_HOST_API_URL: optional(httpUrl),
  // A template: `{hash}` is replaced by the browser, so validate the URL with a sample hash in it.
  MAP_TILE_URL: optional(z.string().refine((v) => httpUrl.safeParse(v.replace(/\{[a-z]\}/g, '0')).success, 'must be an http:// or https:// URL template with {z}, {x} and {y}')),
  AVATAR_URL: optional(z.string().refine((v) => httpUrl.safeParse(v.replaceAll('{hash}', '0')).success, 'must be an http:// or https:// URL template with {hash}')),
  ADMIN_URL: optional(httpUrl),
  // The add-release dialog's CLI downloads and git remote (fleets spec §2).
  CLI_VERSION: optional(z.string().regex(/^\d+\.\d+\.\d+$/, 'must be a version such as 25.2.6')),
  CLI_DOWNLOAD_BASE_URL: optional(httpUrl),
  GIT_SERVER: optional(z.string().regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a host name such as git.example.org')),
  // A device's automatic location (devices/device-geolocation.ts): `{ip}` is the device's public address.
  GEOIP_URL: optional(z.string().refine((v) => v.includes('{ip}') && httpUrl.safeParse(v.replaceAll('{ip}', '192.0.2.1')).success, 'must be an http:// or https:// URL template with {ip}')),
  // An extra host OS / supervisor release catalog, added to apps/api/reference-data/os-releases.json (os-releases/).
  OS_RELEASES_FILE: optional(z.string()),
  // The Docker distribution registry for release images (README "Running a registry"); unset = simulated downloads.
  REGISTRY_URL: optional(httpUrl),
  // A PEM EC P-256 private key that signs registry tokens; unset = one generated once into DATA_DIR.
  REGISTRY_TOKEN_KEY_FILE: optional(z.string()),
  // The dashboard header's links (accounts spec §2 Header); each one unset is not shown.
  GETTING_STARTED_URL: optional(httpUrl),
  DOCS_URL: optional(httpUrl),
  FEATURE_REQUESTS_URL: optional(httpUrl),
  FORUMS_URL: optional(httpUrl),
  HELP_URL: optional(httpUrl),
  STATUS_PAGE_URL: optional(httpUrl),
  HUB_URL: optional(httpUrl),
  // Social sign-in (social-sign-in/): a provider is on when its client id and secret are both set.
  GITHUB_CLIENT_ID: optional(z.string()),
  GITHUB_CLIENT_SECRET: optional(z.string()),
  GITHUB_URL: optional(httpUrl),
  GITHUB_API_URL: optional(httpUrl),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GOOGLE_ISSUER_URL: optional(httpUrl),
  DEMO_PASSWORD: optional(z.string().refine((v) => validatePassword(v) === null, 'must be 8 to 64 characters')),
  DEMO_DEVICES: optional(integer(0, 10_000)).default(5),
  // Largest release asset file accepted, in bytes (release-assets/); unset = 100 MB.
  RELEASE_ASSET_MAX_BYTES: optional(integer(1, 1024 * 1024 * 1024)),
  // Log lines kept per device (device-logs/, jobs/log-retention.ts); unset = 1000.
  LOG_RETENTION_LINES: optional(integer(1, 10_000_000)),
  LOG_LINES_PER_SECOND: optional(integer(0, 1_000_000)),
  DEMO_POLL_INTERVAL_MS: optional(integer(100, 86_400_000)).default(10_000),
  REDIS_URL: optional(urlWith(['redis:', 'rediss:'], 'a redis:// or rediss:// URL')),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })).default('info'),
  TRUST_PROXY: optional(z.string())
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v ?? '');
      if (parsed === null) {
        ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count, or a comma-separated list of addresses/CIDRs' });
        return z.NEVER;
      }
      return parsed;
    }),
  SHUTDOWN_TIMEOUT_MS: optional(integer(1, 600_000)).default(10_000),
  // HTTPS served directly (docs/real-devices.md): PEM file paths, both or neither; unset = plain
  // http, for a reverse proxy that terminates TLS in front (TRUST_PROXY).
  TLS_CERT: optional(z.string()),
  TLS_KEY: optional(z.string()),
  // A PEM CA certificate devices must trust (config.json `balenaRootCA`); unset = the served
  // certificate when it is self-signed, else none.
  TLS_CA: optional(z.string()),
  // The delta server devices ask for binary image deltas (config.json `deltaEndpoint`); unset = none.
  DELTA_URL: optional(httpUrl),
  // The billing engine's payment provider (billing/payment/): `local` test processor (default) or `stripe`.
  PAYMENT_PROVIDER: optional(z.enum(['local', 'stripe'], { error: 'must be local or stripe' })).default('local'),
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_PUBLISHABLE_KEY: optional(z.string()),
  STRIPE_API_URL: optional(httpUrl),
  // Where the dashboard loads Stripe.js from (a test stand-in); unset = https://js.stripe.com/v3/.
  STRIPE_JS_URL: optional(httpUrl),
});

/**
 * The TLS files, read and checked once (lib/tls-files.ts): `tls` is what the server presents,
 * `deviceRootCaPem` what config.json tells devices to trust. A bad file is reported under its variable.
 */
const envWithTls = envSchema.transform((env, ctx) => {
  if (Boolean(env.TLS_CERT) !== Boolean(env.TLS_KEY)) {
    ctx.addIssue({ code: 'custom', path: [env.TLS_CERT ? 'TLS_KEY' : 'TLS_CERT'], message: 'TLS_CERT and TLS_KEY must be set together (or neither, behind a TLS-terminating proxy)' });
    return z.NEVER;
  }
  if (Boolean(env.SUPPORT_PORTAL_URL) !== Boolean(env.SUPPORT_PORTAL_JWT_SECRET)) {
    ctx.addIssue({ code: 'custom', path: [env.SUPPORT_PORTAL_URL ? 'SUPPORT_PORTAL_JWT_SECRET' : 'SUPPORT_PORTAL_URL'], message: 'SUPPORT_PORTAL_URL and SUPPORT_PORTAL_JWT_SECRET must be set together (or neither: no support-portal sign-in)' });
    return z.NEVER;
  }
  for (const provider of ['GITHUB', 'GOOGLE'] as const) {
    const id = env[`${provider}_CLIENT_ID`];
    const secret = env[`${provider}_CLIENT_SECRET`];
    if (Boolean(id) !== Boolean(secret)) {
      ctx.addIssue({ code: 'custom', path: [id ? `${provider}_CLIENT_SECRET` : `${provider}_CLIENT_ID`], message: `${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET must be set together (or neither: no sign-in with it)` });
      return z.NEVER;
    }
  }
  try {
    const tls: ServerTls | undefined = env.TLS_CERT && env.TLS_KEY ? readServerTls(env.TLS_CERT, env.TLS_KEY) : undefined;
    return { ...env, tls, deviceRootCaPem: deviceRootCaPem(env.TLS_CA, tls) };
  } catch (error) {
    if (!(error instanceof TlsFileError)) throw error;
    ctx.addIssue({ code: 'custom', path: [error.variable], message: error.message });
    return z.NEVER;
  }
});

export type ServerEnv = z.output<typeof envWithTls>;
/** What the process environment may hold: every variable is a string, or unset. */
export type RawEnv = Partial<Record<keyof z.input<typeof envSchema>, string>>;

/** Thrown when the environment is invalid; `message` names each bad variable and why. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function parseEnv(raw: RawEnv | NodeJS.ProcessEnv): ServerEnv {
  const result = envWithTls.safeParse(raw);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
}
