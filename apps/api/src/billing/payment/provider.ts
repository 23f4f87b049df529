import type { PaymentProviderName, BillingInfoType } from '@flotilla/core/schemas/billing';
import type { CardBrand } from '@flotilla/core/billing/test-cards';
import type { Db } from '../../db/database.ts';

/**
 * The payment provider interface of the billing engine (DESIGN "Billing, payments, support").
 * The engine owns plans, subscriptions, invoices and the `setup_intent` rows; a provider only
 * creates setup intents (the browser confirms them with the provider, as with Stripe.js),
 * tells which payment method a succeeded intent saved, and charges a saved method.
 * `db` is the caller's handle (a transaction when the caller is in one).
 */
export interface CreatedSetupIntent {
  /** The provider's id of the intent (`seti_…`), returned to the browser as `id`. */
  providerId: string;
  /** Handed to the browser once; the engine stores only its SHA-256. */
  clientSecret: string;
}

/** A payment method a succeeded setup intent saved: the billing_info row's columns. */
export interface SavedPaymentMethod {
  /** The provider's token for later charges (`pm_…`), stored as billing_info.token_id. */
  token: string;
  type: BillingInfoType;
  card_type: CardBrand | null;
  first_one: string | null;
  last_four: string | null;
  month: number | null;
  year: number | null;
  routing_number: string | null;
  company: string | null;
}

export interface ChargeRequest {
  organizationId: number;
  paymentMethodToken: string;
  amountCents: number;
  currency: 'usd';
  /** What the charge is for (the invoice's description). */
  description: string;
  /**
   * One per charge attempt (billing/invoice-charge.ts chargeKey: the invoice number, `-r<n>` for
   * a retry): sent again after an interruption, the provider answers the first outcome and does
   * not charge twice (Stripe's Idempotency-Key; the local processor's local_payment_charge).
   */
  idempotencyKey: string;
}

export type ChargeResult = { ok: true; reference: string } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSetupIntent(db: Db, organizationId: number): Promise<CreatedSetupIntent>;
  /** The method the intent saved when it succeeded; null while it has not. */
  savedMethod(db: Db, providerId: string): Promise<SavedPaymentMethod | null>;
  /** Plan changes and renewals call it outside any transaction, their invoice committed `processing` first. */
  charge(db: Db, request: ChargeRequest): Promise<ChargeResult>;
}
