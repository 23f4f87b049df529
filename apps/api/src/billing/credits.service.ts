import { CREDIT_FEATURE_SLUG, creditTotalCents, creditUnitCents, needsContactSales } from '@flotilla/core/billing/credits';
import { creditQuantity, creditThreshold } from '@flotilla/core/schemas/credits';
import type { Principal } from '../auth/principal.ts';
import type { Db } from '../db/database.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import type { Values } from '../model/types.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { findBillingInfo, insertInvoice } from './billing.repository.ts';
import { findFeatureSlug } from './credits.repository.ts';
import { CHARGING_COLUMNS, chargeClaimedInvoice } from './invoice-charge.ts';
import { withOrgBillingLock } from './org-billing-lock.ts';
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
 *   3. recordPurchaseInvoice (afterCreate): the credits' invoice, committed with the bundle as
 *      `processing`;
 *   4. chargePurchase (afterCommit, outside the transaction): the invoice is charged through the
 *      payment provider; the bundle becomes `paid` with its credits, or `failed` with the
 *      provider's message and no credits (the POST still answers 201 with the row as it is
 *      then: the row is the record of the attempt).
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

/**
 * In the purchase's transaction, after the engine's post-check of the inserted bundle: its
 * invoice, committed with the bundle as `processing` with its first attempt and the method it
 * charges (nothing is charged inside the transaction, which could still roll back).
 */
export async function recordPurchaseInvoice(db: Db, bundle: Values & { id: number }, now = new Date()): Promise<void> {
  const organizationId = bundle.belongs_to__organization as number;
  const quantity = bundle.original_quantity as number;
  const totalCents = bundle.total_cost as number;
  const method = await findBillingInfo(db, organizationId);
  // preparePurchase found it in this same transaction; its absence now is a fault, not a refusal.
  if (!method?.token_id) throw new AppError(500, BILLING_MESSAGES.paymentMethodRequired);
  await insertInvoice(db, {
    organizationId,
    state: 'processing',
    description: `${quantity} prepaid device credits`,
    totalCents,
    periodStart: now,
    periodEnd: now,
    failureMessage: null,
    lines: [{ description: 'Prepaid device credit (one device-month)', featureSlug: CREDIT_FEATURE_SLUG, quantity, unitCents: Math.round(totalCents / quantity) }],
    attemptCount: 1,
    lastAttemptAt: now,
    paymentMethodToken: method.token_id,
    creditBundleId: bundle.id,
  });
}

/**
 * After the purchase has committed: its invoice is charged under the organization's billing lock
 * (invoice-charge.ts), and the outcome settles invoice and bundle together (`paid` with its
 * credits, or `failed` with the provider's message). If the provider cannot be reached, both
 * stay `processing` and the renewal job resumes the charge with the same idempotency key within
 * the hour; the POST still answers the committed row, never a 5xx that invites buying twice.
 */
export async function chargePurchase(db: Db, provider: PaymentProvider, bundleId: number, now = new Date()): Promise<void> {
  const invoice = await db.selectFrom('invoice').select(['id', 'organization']).where('credit_bundle', '=', bundleId).executeTakeFirst();
  if (!invoice) return;
  try {
    await withOrgBillingLock(db, invoice.organization, async (conn) => {
      // Read again under the lock: the renewal job may have finished it meanwhile.
      const claimed = await conn.selectFrom('invoice').select(CHARGING_COLUMNS).where('id', '=', invoice.id).where('state', '=', 'processing').executeTakeFirst();
      if (claimed) await chargeClaimedInvoice(conn, provider, claimed, now);
    });
  } catch {
    // Left `processing`: resumed by the renewal job (renewal.service.ts), which logs its failures.
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
