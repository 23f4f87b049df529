import type { AppConfig } from '../../lib/config.ts';

/**
 * Stripe.js in the dashboard (PAYMENT_PROVIDER=stripe): card and bank details are typed into
 * Stripe's own Payment Element and confirmed by Stripe.js with the setup intent's client secret,
 * so they never reach this server. The page loads it from STRIPE_JS_URL (a local stand-in in
 * tests, no internet there) or from Stripe, and its Content-Security-Policy lets exactly that in.
 */
export const STRIPE_JS_DEFAULT_URL = 'https://js.stripe.com/v3/';

/** Stripe's documented CSP sources for Stripe.js and its Payment Element. */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

type StripeJsConfig = Pick<AppConfig, 'paymentProvider' | 'stripeJsUrl'>;

export function stripeJsUrlOf(config: StripeJsConfig): string {
  return config.stripeJsUrl ?? STRIPE_JS_DEFAULT_URL;
}

/**
 * What the dashboard's CSP adds for Stripe.js: nothing unless the provider is stripe; Stripe's
 * sources when the script comes from js.stripe.com; else the one origin the script is served
 * from, for its script, its frames and its API calls (a stand-in serves all three).
 */
export function stripeCspSources(config: StripeJsConfig): { script: string[]; frame: string[]; connect: string[] } {
  if (config.paymentProvider !== 'stripe') return { script: [], frame: [], connect: [] };
  const origin = new URL(stripeJsUrlOf(config)).origin;
  if (origin === 'https://js.stripe.com') return STRIPE_SOURCES;
  return { script: [origin], frame: [origin], connect: [origin] };
}
