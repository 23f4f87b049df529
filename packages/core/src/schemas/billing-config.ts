import { z } from 'zod';

/**
 * `GET /config`'s `billing` member: the payment provider the billing page talks to. Apart from
 * billing.ts (which re-exports it) so that config.ts, read by every signed-in first load of the
 * dashboard, does not pull the whole billing contract (tax id table, prices, test cards) with it
 * (apps/web/bundle-budget.json).
 */
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const billingConfig = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The Stripe.js publishable key (STRIPE_PUBLISHABLE_KEY) when the provider is stripe; null or absent otherwise. */
  publishableKey: z.string().nullable().optional(),
  /** Where the dashboard loads Stripe.js from when the provider is stripe (STRIPE_JS_URL); null or absent otherwise. */
  scriptUrl: z.string().nullable().optional(),
});
