import fp from 'fastify-plugin';
import helmet from 'helmet';
import { stripeCspSources } from '../billing/payment/stripe-js.ts';
import type { AppConfig } from '../lib/config.ts';

type Directives = Record<string, string[]>;

/** The origin of a configured URL (an avatar template with `{hash}` included); null if unusable. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url.replaceAll('{hash}', '0')).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin of a map tile template (`https://{s}.tile.example.org/{z}/{x}/{y}.png`): the
 * placeholders are read as numbers, and a `{s}` subdomain becomes a `*.` wildcard.
 */
export function tileOrigin(template: string): string | null {
  const wildcard = template.includes('{s}.');
  const origin = originOf(template.replace('{s}.', 'a.').replace(/\{[a-z]\}/g, '0'));
  if (!origin || !wildcard) return origin;
  const url = new URL(origin);
  return `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}`;
}

export function isHttpsDeployment(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return originOf(config.publicUrl)?.startsWith('https:') ?? false;
}

/**
 * The dashboard's Content-Security-Policy, built from the deployment's configuration:
 * - scripts only from our own origin (the Vite build has no inline script and no eval);
 * - styles from our origin plus inline: MUI/emotion and notistack inject <style> elements at
 *   run time. A per-response nonce would need index.html rendered per request (no
 *   precompressed, cacheable index); injected styles cannot run code, scripts stay strict;
 * - images: our origin, `data:` (organization logos, the 2FA QR code), `blob:`, the
 *   avatar service's origin (AVATAR_URL) and the map tiles' origin (MAP_TILE_URL);
 * - connections: our origin — in CSP3 `'self'` also matches ws:/wss: on the same host, which is
 *   what the dashboard's websockets use — and the code host API the SSH-key import calls
 *   from the browser (CODE_HOST_API_URL);
 * - forms: our origin and a loopback callback, where `balena login --web` listens
 *   (compat §3: the dashboard makes the browser POST the token to http://127.0.0.1:<port>/auth),
 *   and the support portal (SUPPORT_PORTAL_URL), which /zendesk-login posts its token to;
 * - with PAYMENT_PROVIDER=stripe, Stripe.js: its script, its Payment Element's frames and its
 *   API calls (billing/payment/stripe-js.ts);
 * - never framed (`frame-ancestors 'none'`), no plugins, no <base> rewriting.
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'avatarUrl' | 'codeHostApiUrl' | 'publicUrl' | 'mapTileUrl'> & Partial<Pick<AppConfig, 'supportPortal' | 'paymentProvider' | 'stripeJsUrl'>>,
): Directives {
  const extra = (url: string | undefined) => {
    const origin = originOf(url);
    return origin ? [origin] : [];
  };
  const stripe = stripeCspSources(config);
  const directives: Directives = {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'", ...stripe.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extra(config.avatarUrl), ...(tileOrigin(config.mapTileUrl) ? [tileOrigin(config.mapTileUrl)!] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...extra(config.codeHostApiUrl), ...stripe.connect],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    ...(stripe.frame.length > 0 ? { 'frame-src': ["'self'", ...stripe.frame] } : {}),
    'form-action': ["'self'", 'http://127.0.0.1:*', 'http://localhost:*', ...extra(config.supportPortal?.url)],
  };
  // Only behind https: on a plain-http install it would send the browser to an https port that
  // does not exist.
  if (isHttpsDeployment(config)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers on every response (helmet): the CSP above, X-Frame-Options DENY, nosniff,
 * `Referrer-Policy: no-referrer` (dashboard URLs carry reset and invitation tokens: none of them
 * may leak to the avatar service), HSTS only when PUBLIC_URL is https.
 * CORS (app.ts) is untouched: Cross-Origin-Resource-Policy only governs no-cors loads, and
 * balena-sdk's cross-origin calls are CORS requests.
 *
 * helmet itself rather than @fastify/helmet: that plugin calls `helmet(options)` on every
 * request, parsing the CSP directives each time (2 % of a state report's CPU in the W3 bench's
 * profile, docs/performance.md); the headers never vary here, so the middleware is built once.
 */
export const securityHeaders = fp(
  async (app) => {
    const setHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: isHttpsDeployment(app.config) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
    // helmet only sets headers: it never fails, and calls back at once.
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, () => done());
    });
  },
  { name: 'flotilla-security-headers' },
);
