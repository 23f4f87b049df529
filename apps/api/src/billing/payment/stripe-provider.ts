import Stripe from 'stripe';
import { BILLING_INFO_TYPES, type BillingInfoType } from '@flotilla/core/schemas/billing';
import { CARD_BRANDS, type CardBrand } from '@flotilla/core/billing/test-cards';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChargeRequest, ChargeResult, CreatedSetupIntent, PaymentProvider, SavedPaymentMethod } from './provider.ts';

/**
 * PAYMENT_PROVIDER=stripe, through the official SDK. The browser confirms the setup intent with
 * Stripe.js (STRIPE_PUBLISHABLE_KEY, sent in GET /config); the server creates it for the
 * organization's Stripe customer (billing_account.provider_customer_id, created on first use),
 * reads back the saved payment method, and charges it off-session with the invoice number as
 * the idempotency key. A card error is a declined charge; any other Stripe failure is a 502.
 * STRIPE_API_URL points the SDK at another endpoint (a test stand-in speaking Stripe's REST API).
 */
export interface StripeSettings {
  secretKey: string | undefined;
  apiUrl?: string;
}

const unavailable = (message: string) => new AppError(503, message, 'payment_provider_unavailable');
const providerFailed = () => new AppError(502, 'The payment provider could not be reached; please try again.', 'payment_provider_error');

function clientOf(settings: StripeSettings): Stripe | null {
  if (!settings.secretKey) return null;
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(url ? { protocol: url.protocol === 'http:' ? ('http' as const) : ('https' as const), host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443) } : {}),
  });
}

const isInfoType = (t: string): t is BillingInfoType => (BILLING_INFO_TYPES as readonly string[]).includes(t);
const brandOf = (b: string | null | undefined): CardBrand | null => ((CARD_BRANDS as readonly string[]).includes(b ?? '') ? (b as CardBrand) : null);

/** billing_info columns of a Stripe PaymentMethod; null for a type the billing page cannot show. */
export function methodFromStripe(pm: Stripe.PaymentMethod): SavedPaymentMethod | null {
  if (!isInfoType(pm.type)) return null;
  const base = { token: pm.id, type: pm.type, card_type: null, first_one: null, last_four: null, month: null, year: null, routing_number: null, company: null };
  if (pm.type === 'card' && pm.card) return { ...base, card_type: brandOf(pm.card.brand), last_four: pm.card.last4, month: pm.card.exp_month, year: pm.card.exp_year };
  if (pm.type === 'sepa_debit' && pm.sepa_debit) return { ...base, last_four: pm.sepa_debit.last4 ?? null, routing_number: pm.sepa_debit.bank_code ?? null };
  if (pm.type === 'us_bank_account' && pm.us_bank_account)
    return { ...base, last_four: pm.us_bank_account.last4 ?? null, routing_number: pm.us_bank_account.routing_number ?? null, company: pm.us_bank_account.bank_name ?? null };
  return base;
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe | null;

  constructor(settings: StripeSettings) {
    this.stripe = clientOf(settings);
  }

  private client(): Stripe {
    if (!this.stripe) throw unavailable('The Stripe payment provider is not configured (STRIPE_SECRET_KEY)');
    return this.stripe;
  }

  /** The organization's Stripe customer, created (and remembered) on first use. */
  private async customerOf(db: Db, organizationId: number): Promise<string> {
    const row = await db.selectFrom('billing_account').select('provider_customer_id').where('organization', '=', organizationId).executeTakeFirst();
    if (row?.provider_customer_id) return row.provider_customer_id;
    const customer = await this.client().customers.create({ metadata: { organization_id: String(organizationId) } }, { idempotencyKey: `flotilla-org-${organizationId}-customer` });
    await db
      .insertInto('billing_account')
      .values({ organization: organizationId, provider_customer_id: customer.id })
      .onConflict((oc) => oc.column('organization').doUpdateSet({ provider_customer_id: customer.id }))
      .execute();
    return customer.id;
  }

  async createSetupIntent(db: Db, organizationId: number): Promise<CreatedSetupIntent> {
    try {
      const customer = await this.customerOf(db, organizationId);
      const intent = await this.client().setupIntents.create({ customer, usage: 'off_session', automatic_payment_methods: { enabled: true } });
      if (!intent.client_secret) throw providerFailed();
      return { providerId: intent.id, clientSecret: intent.client_secret };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw providerFailed();
    }
  }

  async savedMethod(_db: Db, providerId: string): Promise<SavedPaymentMethod | null> {
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.client().setupIntents.retrieve(providerId, { expand: ['payment_method'] });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw providerFailed();
    }
    if (intent.status !== 'succeeded' || !intent.payment_method || typeof intent.payment_method === 'string') return null;
    return methodFromStripe(intent.payment_method);
  }

  async charge(db: Db, request: ChargeRequest): Promise<ChargeResult> {
    try {
      const customer = await this.customerOf(db, request.organizationId);
      const intent = await this.client().paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          customer,
          payment_method: request.paymentMethodToken,
          off_session: true,
          confirm: true,
          description: request.description,
          metadata: { invoice_number: request.idempotencyKey },
        },
        { idempotencyKey: `flotilla-invoice-${request.idempotencyKey}` },
      );
      // Bank debits settle later: "processing" is accepted as paid here (a webhook would correct a later failure).
      if (intent.status === 'succeeded' || intent.status === 'processing') return { ok: true, reference: intent.id };
      return { ok: false, message: intent.last_payment_error?.message ?? 'The payment was not completed.' };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof Stripe.errors.StripeCardError) return { ok: false, message: err.message };
      throw providerFailed();
    }
  }
}
