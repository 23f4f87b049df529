import { CREDIT_FEATURE_SLUG, creditTotalCents, creditUnitCents, needsContactSales } from '@flotilla/core/billing/credits';
import { creditQuantity, creditThreshold } from '@flotilla/core/schemas/credits';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import type { Values } from '../model/types.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { findBillingInfo, insertInvoice, setInvoiceOutcome } from './billing.repository.ts';
import { findFeatureSlug, setBundleOutcome } from './credits.repository.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { currentPlan } from './plan-info.ts';

/**
 * Prepaid credits (accounts spec §3 Credit bundle, §4 "Credit bundle payment_status", §5
 * Credits, §9): a purchase is a POST /v7/credit_bundle (balena-sdk
 * `organization.creditBundle.create(orgId, featureId, quantity)`), run by the OData engine with
 * the hooks in credits.hooks.ts. The engine has already checked, on the candidate row, that the
 * caller holds resin.organization.access_billing on the organization; then:
 *   1. preparePurchase (beforeCreate): the quantity (1..1,500,000), the feature (device:any), a
 *      plan that supports credits, a payment method on file, and a total below 1e8 cents;
 *      the row is stored `processing`, priced per core/billing/credits.ts (the plan's per-device
 *      dynamic price less the subscription discount);
 *   2. the engine inserts it and checks the create rule on the inserted row;
 *   3. chargePurchase (afterCreate): an invoice for the credits is charged through the payment
 *      provider; the bundle becomes `paid` with its credits, or `failed` with the provider's
 *      message and no credits (the POST still answers 201: the row is the record of the attempt).
 */
export const CREDIT_MESSAGES = {
  quantity: 'original_quantity must be a whole number of credits from 1 to 1,500,000',
  feature: 'Credits can only be purchased for devices (device:any)',
  notSupported: 'The current plan does not support credits: upgrade to a plan with credits first.',
  paymentMethodRequired: 'The organization must have a payment method set up to purchase credits.',
  contactSales: 'A purchase of this size needs our sales team: please contact sales.',
  threshold: 'is_sent_when_below__threshold must be a whole number from 0 to 1,500,000',
  userOnly: 'Credits are purchased by a user',
} as const;

async function assertCreditFeature(db: Db, featureId: unknown): Promise<void> {
  const slug = typeof featureId === 'number' ? await findFeatureSlug(db, featureId) : null;
  if (slug !== CREDIT_FEATURE_SLUG) throw badRequest(CREDIT_MESSAGES.feature, 'invalid_credit_feature');
}

export async function preparePurchase(db: Db, principal: Principal, values: Values): Promise<Values> {
  if (principal.kind !== 'user') throw badRequest(CREDIT_MESSAGES.userOnly);
  const quantity = creditQuantity.safeParse(values.original_quantity);
  if (!quantity.success) throw badRequest(CREDIT_MESSAGES.quantity, 'invalid_credit_quantity');
  await assertCreditFeature(db, values.is_for__feature);
  const organizationId = values.belongs_to__organization as number;
  const current = await currentPlan(db, organizationId);
  if (!current.plan.supports_credits) throw conflict(CREDIT_MESSAGES.notSupported, 'credits_not_supported');
  const method = await findBillingInfo(db, organizationId);
  if (!method?.token_id) throw conflict(CREDIT_MESSAGES.paymentMethodRequired, 'payment_method_required');
  const totalCents = creditTotalCents(quantity.data, creditUnitCents(current.discountPercentage));
  if (needsContactSales(totalCents)) throw conflict(CREDIT_MESSAGES.contactSales, 'contact_sales');
  return {
    ...values,
    original_quantity: quantity.data,
    is_created_by__user: principal.userId,
    total_cost: totalCents,
    total_balance: 0,
    payment_status: 'processing',
    error_message: null,
  };
}

export async function chargePurchase(db: Db, provider: PaymentProvider, bundle: Values & { id: number }, now = new Date()): Promise<void> {
  const organizationId = bundle.belongs_to__organization as number;
  const quantity = bundle.original_quantity as number;
  const totalCents = bundle.total_cost as number;
  const method = await findBillingInfo(db, organizationId);
  // preparePurchase found it in this same transaction; its absence now is a fault, not a refusal.
  if (!method?.token_id) throw new AppError(500, BILLING_MESSAGES.paymentMethodRequired);
  const description = `${quantity} prepaid device credits`;
  const invoice = await insertInvoice(db, {
    organizationId,
    state: 'processing',
    description,
    totalCents,
    periodStart: now,
    periodEnd: now,
    failureMessage: null,
    lines: [{ description: 'Prepaid device credit (one device-month)', featureSlug: CREDIT_FEATURE_SLUG, quantity, unitCents: Math.round(totalCents / quantity) }],
  });
  const charge = await provider.charge(db, { organizationId, paymentMethodToken: method.token_id, amountCents: totalCents, currency: 'usd', description, idempotencyKey: invoice.invoice_number });
  if (charge.ok) {
    await setInvoiceOutcome(db, invoice.id, { state: 'paid' });
    await setBundleOutcome(db, bundle.id, { status: 'paid', credits: quantity });
  } else {
    await setInvoiceOutcome(db, invoice.id, { state: 'failed', message: charge.message });
    await setBundleOutcome(db, bundle.id, { status: 'failed', message: charge.message });
  }
}

/** A notification's threshold (accounts §5: 0 to 1,500,000) and feature (the credit feature). */
export async function prepareNotification(db: Db, values: Values): Promise<Values> {
  assertThreshold(values.is_sent_when_below__threshold);
  await assertCreditFeature(db, values.owns_credit_notification_for__feature);
  return values;
}

export function assertThreshold(value: unknown): void {
  if (!creditThreshold.safeParse(value).success) throw badRequest(CREDIT_MESSAGES.threshold, 'invalid_threshold');
}
