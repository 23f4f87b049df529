import { z } from 'zod';
import { validateTaxId } from '../billing/tax-ids.ts';
import { BILLING_CYCLES } from '../billing/prices.ts';
import { CARD_BRANDS } from '../billing/test-cards.ts';
import { INVOICE_STATES } from '../billing/invoice-states.ts';
import { emailAddress, idParam, safeString, strictObjectBody } from './primitives.ts';

/**
 * The billing HTTP contract (`/billing/v1/account/:orgId/*` and the local test processor),
 * shared by the billing routes in apps/api and the billing page in apps/web.
 * Errors are `{error, code?}`; the codes are BILLING_ERROR_CODES.
 */

export const BILLING_ERROR_CODES = [
  'invalid_tax_id',
  'payment_method_required',
  'contact_sales',
  'invalid_setup_intent',
  'invoice_not_ready',
  'payment_failed',
  'unknown_plan',
] as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];

export const billingErrorResponse = z.object({ error: z.string(), code: z.string().optional() });
export type BillingErrorResponse = z.output<typeof billingErrorResponse>;

// ---- params -------------------------------------------------------------------------------

export const billingOrgParams = z.object({ orgId: idParam });
export type BillingOrgParams = z.output<typeof billingOrgParams>;

/** Invoice numbers are ours (`FLT-000123`); anything else cannot exist, so it is refused early. */
export const invoiceNumber = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an invoice number');
export const billingInvoiceParams = z.object({ orgId: idParam, invoiceNumber });

export const setupIntentIdParams = z.object({ id: z.string().min(1).max(100).regex(/^[A-Za-z0-9_]+$/, 'must be a setup intent id') });

// ---- account info (company info) -----------------------------------------------------------

export const BILLING_ACCOUNT_STATES = ['active', 'closed', 'past_due'] as const;
export type BillingAccountState = (typeof BILLING_ACCOUNT_STATES)[number];

const addressField = safeString(200).nullable();
export const billingAddress = z.object({
  address1: addressField,
  address2: addressField,
  city: addressField,
  state: addressField,
  zip: addressField,
  country: addressField,
  phone: addressField,
});
export type BillingAddress = z.output<typeof billingAddress>;

export const taxId = z.object({ type: z.string(), value: z.string(), country: z.string().nullable() });
export type TaxId = z.output<typeof taxId>;

export const billingAccountInfo = z.object({
  account_state: z.enum(BILLING_ACCOUNT_STATES),
  email: z.string().nullable(),
  company_name: z.string().nullable(),
  address: billingAddress,
  tax_id: taxId.nullable(),
});
export type BillingAccountInfo = z.output<typeof billingAccountInfo>;

/** GET /billing/v1/account/:orgId: null before any company info was saved. */
export const billingAccountResponse = billingAccountInfo.nullable();
export type BillingAccountResponse = z.output<typeof billingAccountResponse>;

/** Address fields may be omitted in a request (left as null). */
const addressInput = z.object({
  address1: addressField.optional(),
  address2: addressField.optional(),
  city: addressField.optional(),
  state: addressField.optional(),
  zip: addressField.optional(),
  country: addressField.optional(),
  phone: addressField.optional(),
});

export const taxIdInput = z
  .object({
    type: z.string().min(1).max(40),
    value: z.string().trim().min(1).max(64),
    country: z.string().regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code').nullish(),
  })
  .refine((v) => validateTaxId(v.type, v.value, v.country ?? null), {
    message: 'The tax id does not match the format of its type',
    params: { code: 'invalid_tax_id' },
  });
export type TaxIdInput = z.input<typeof taxIdInput>;

/** PATCH /billing/v1/account/:orgId. */
export const updateBillingAccountBody = strictObjectBody({
  email: emailAddress,
  company_name: safeString(200).nullish(),
  address: addressInput.nullish(),
  tax_id: taxIdInput.nullish(),
});
export type UpdateBillingAccountBody = z.output<typeof updateBillingAccountBody>;

// ---- plans ----------------------------------------------------------------------------------

export const billingCycle = z.enum(BILLING_CYCLES);

export const planSupport = z.object({
  slug: z.string(),
  title: z.string(),
  includes_private_support: z.boolean(),
  includes_SLA: z.boolean(),
});

export const planAddOn = z.object({
  feature_slug: z.string(),
  title: z.string(),
  base_price: z.number().int(),
  bills_dynamically: z.boolean(),
  can_self_serve: z.boolean(),
  quantity: z.number().int(),
});
export type PlanAddOn = z.output<typeof planAddOn>;

/** GET and PATCH /billing/v1/account/:orgId/plan. An organization without a subscription is on free, monthly. */
export const billingPlanInfo = z.object({
  title: z.string(),
  billing_code: z.string(),
  tier_order: z.number().int(),
  can_self_serve: z.boolean(),
  is_custom: z.boolean(),
  cycle: billingCycle,
  intervalUnit: z.literal('month'),
  intervalLength: z.union([z.literal(1), z.literal(12)]),
  monthly_price: z.number().int(),
  annual_price: z.number().int(),
  included_devices: z.number().int(),
  supports_credits: z.boolean(),
  /** ISO date-time the current subscription started; null on the implicit free plan. */
  starts_on: z.string().nullable(),
  discount_percentage: z.number().int(),
  support: planSupport,
  addOns: z.array(planAddOn),
  nextBill: z.object({ date: z.string(), totalCents: z.number().int() }).nullable(),
});
export type BillingPlanInfo = z.output<typeof billingPlanInfo>;

export const planFeature = z.object({ slug: z.string(), title: z.string(), quantity: z.number().int() });

export const billingPlanListItem = z.object({
  title: z.string(),
  billing_code: z.string(),
  tier_order: z.number().int(),
  can_self_serve: z.boolean(),
  is_legacy: z.boolean(),
  monthly_price: z.number().int(),
  annual_price: z.number().int(),
  included_devices: z.number().int(),
  supports_credits: z.boolean(),
  features: z.array(planFeature),
});
export type BillingPlanListItem = z.output<typeof billingPlanListItem>;

/** GET /billing/v1/account/:orgId/plans: selectable non-legacy plans by monthly price. */
export const billingPlansResponse = z.array(billingPlanListItem);

/**
 * PATCH /billing/v1/account/:orgId/plan. balena-sdk's `billing.changePlan` sends the cycle as
 * `{annual: boolean}` (compat §4 "`PATCH /plan` `{annual, tier?, …}`"): read as `cycle` when no
 * `cycle` is given; a non-boolean `annual`, or both, stays an unknown key and is refused.
 */
export const changePlanBody = z.preprocess((value) => {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || 'cycle' in value) return value;
  const { annual, ...rest } = value as Record<string, unknown>;
  return typeof annual === 'boolean' ? { ...rest, cycle: annual ? 'annual' : 'monthly' } : value;
}, strictObjectBody({
  tier: z.string().min(1).max(64).regex(/^[A-Za-z0-9:_.-]+$/, 'must be a plan billing code'),
  cycle: billingCycle,
  planChangeReason: safeString(2000).optional(),
}));
export type ChangePlanBody = z.output<typeof changePlanBody>;

// ---- payment method -------------------------------------------------------------------------

export const BILLING_INFO_TYPES = ['credit_card', 'card', 'bank_account', 'us_bank_account', 'sepa_debit', 'paypal', 'cashapp', 'link'] as const;
export type BillingInfoType = (typeof BILLING_INFO_TYPES)[number];

export const billingInfo = z.object({
  type: z.enum(BILLING_INFO_TYPES),
  first_one: z.string().nullable(),
  last_four: z.string().nullable(),
  card_type: z.enum(CARD_BRANDS).nullable(),
  month: z.number().int().nullable(),
  year: z.number().int().nullable(),
  routing_number: z.string().nullable(),
  company: z.string().nullable(),
});
export type BillingInfo = z.output<typeof billingInfo>;

/** GET /billing/v1/account/:orgId/info: the method on file, or `{}` when none. */
export const billingInfoResponse = z.union([billingInfo, z.strictObject({})]);
export type BillingInfoResponse = z.output<typeof billingInfoResponse>;

/** True when a GET /info answer carries a payment method. */
export function hasBillingInfo(value: BillingInfoResponse): value is BillingInfo {
  return 'type' in value;
}

/** POST /billing/v1/account/:orgId/setup-intent. */
export const createSetupIntentBody = strictObjectBody({
  'g-recaptcha-response': z.string().max(4096).optional(),
});
export const setupIntentResponse = z.object({ id: z.string(), client_secret: z.string() });
export type SetupIntentResponse = z.output<typeof setupIntentResponse>;

/** PATCH /billing/v1/account/:orgId/info. */
export const updateBillingInfoBody = strictObjectBody({
  token_id: z.string().min(1).max(100).regex(/^[A-Za-z0-9_]+$/, 'must be a setup intent id'),
  type: z.literal('setup_intent').optional(),
  setAsCompanyAddress: z.boolean().optional(),
});
export type UpdateBillingInfoBody = z.output<typeof updateBillingInfoBody>;

// ---- invoices, usage, support ---------------------------------------------------------------

export const invoiceSummary = z.object({
  uuid: z.string(),
  created_at: z.string(),
  total_in_cents: z.number().int(),
  state: z.enum(INVOICE_STATES),
  due_on: z.string().nullable(),
  invoice_number: z.string(),
});
export type InvoiceSummary = z.output<typeof invoiceSummary>;
export const invoicesResponse = z.array(invoiceSummary);

const usageCounts = z.record(z.string(), z.number().int());
export const usageCharge = z.object({
  code: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
});
export type UsageCharge = z.output<typeof usageCharge>;

/**
 * GET /billing/v1/account/:orgId/usage: keys like `member:administrator`, `device:any`.
 * `creditConsumption`: prepaid credits the current period's renewal consumed, by feature.
 */
export const billingUsageResponse = z.object({
  currentUsage: usageCounts,
  peakUsage: usageCounts,
  overage: usageCounts,
  charges: z.array(usageCharge),
  creditConsumption: usageCounts,
});
export type BillingUsageResponse = z.output<typeof billingUsageResponse>;

/** GET /billing/v1/account/:orgId/can-access-support. */
export const canAccessSupportResponse = z.boolean();

// ---- local test processor -------------------------------------------------------------------

export const localPaymentMethod = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('card'),
    number: z.string().min(12).max(23).regex(/^[\d -]+$/, 'must be a card number'),
    exp_month: z.number().int().min(1).max(12),
    exp_year: z.number().int().min(2000).max(2200),
    cvc: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  }),
  z.strictObject({ type: z.literal('sepa_debit'), iban: z.string().min(15).max(42).regex(/^[A-Za-z0-9 ]+$/, 'must be an IBAN') }),
  z.strictObject({
    type: z.literal('us_bank_account'),
    routing_number: z.string().regex(/^\d{9}$/, 'must be 9 digits'),
    account_number: z.string().regex(/^\d{4,17}$/, 'must be 4 to 17 digits'),
  }),
]);
export type LocalPaymentMethod = z.output<typeof localPaymentMethod>;

/** POST /billing/v1/local-processor/setup-intents/:id/confirm (no token: the client_secret is the credential). */
export const localConfirmBody = strictObjectBody({
  client_secret: z.string().min(1).max(200),
  method: localPaymentMethod,
});
export type LocalConfirmBody = z.output<typeof localConfirmBody>;

export const localConfirmResponse = z.union([
  z.object({ id: z.string(), status: z.literal('succeeded') }),
  z.object({ id: z.string(), status: z.literal('requires_payment_method'), error: z.object({ message: z.string() }) }),
]);
export type LocalConfirmResponse = z.output<typeof localConfirmResponse>;

/** `GET /config`'s `billing` member (its own module: config.ts imports it alone). */
export { PAYMENT_PROVIDERS, billingConfig, type PaymentProviderName } from './billing-config.ts';
