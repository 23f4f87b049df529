import type { BillingAccountInfo, BillingInfo, SetupIntentResponse, UpdateBillingAccountBody, UpdateBillingInfoBody } from '@flotilla/core/schemas/billing';
import { taxIdEntries } from '@flotilla/core/billing/tax-ids';
import { FREE_PLAN_CODE } from '@flotilla/core/billing/prices';
import type { Db } from '../db/database.ts';
import type { AppConfig } from '../lib/config.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { isCaptchaAccepted } from '../auth/captcha.ts';
import { claimAttempt } from '../auth/attempt-limits.ts';
import type { PaymentProvider } from './payment/provider.ts';
import { secretDigest } from './payment/secrets.ts';
import { BILLING_MESSAGES } from './billing-messages.ts';
import { currentPlan } from './plan-info.ts';
import {
  deleteBillingInfo,
  findAccount,
  findBillingInfo,
  findOrgSetupIntent,
  insertSetupIntent,
  markSetupIntentSucceeded,
  upsertAccount,
  upsertBillingInfo,
  type BillingAccountRow,
  type BillingInfoRow,
} from './billing.repository.ts';

/** Company info (accounts §3 "Billing account info", §5 "Company info") and the payment method on file. */

function toAccountInfo(row: BillingAccountRow): BillingAccountInfo {
  return {
    account_state: row.account_state as BillingAccountInfo['account_state'],
    email: row.email,
    company_name: row.company_name,
    address: { address1: row.address1, address2: row.address2, city: row.city, state: row.state, zip: row.zip, country: row.country, phone: row.phone },
    tax_id: row.tax_id_type && row.tax_id_value ? { type: row.tax_id_type, value: row.tax_id_value, country: row.tax_id_country } : null,
  };
}

export async function getAccountInfo(db: Db, organizationId: number): Promise<BillingAccountInfo | null> {
  const row = await findAccount(db, organizationId);
  // A row that only remembers the provider's customer (no email was ever saved) is no company info yet.
  return row?.email ? toAccountInfo(row) : null;
}

/** Saves company info, creating the account when missing. Omitted fields keep their value; `tax_id: null` clears it. */
export async function updateAccountInfo(db: Db, organizationId: number, body: UpdateBillingAccountBody): Promise<BillingAccountInfo> {
  const values: Parameters<typeof upsertAccount>[2] = { email: body.email.trim() };
  if (body.company_name !== undefined) values.company_name = body.company_name?.trim() || null;
  if (body.address !== undefined) {
    const a = body.address ?? {};
    const clean = (v: string | null | undefined) => v?.trim() || null;
    Object.assign(values, { address1: clean(a.address1), address2: clean(a.address2), city: clean(a.city), state: clean(a.state), zip: clean(a.zip), country: clean(a.country), phone: clean(a.phone) });
  }
  if (body.tax_id !== undefined) {
    const t = body.tax_id;
    if (t === null) Object.assign(values, { tax_id_type: null, tax_id_value: null, tax_id_country: null });
    else {
      const value = t.value.trim();
      // The schema checked the value against its type; an eu_vat without a country takes the matching member state's.
      const entry = taxIdEntries(t.type, t.country ?? null).find((x) => x.regex.test(value));
      Object.assign(values, { tax_id_type: t.type, tax_id_value: value, tax_id_country: t.country?.toUpperCase() ?? (t.type === 'eu_vat' ? (entry?.country ?? null) : null) });
    }
  }
  return toAccountInfo(await upsertAccount(db, organizationId, values));
}

function toBillingInfo(row: BillingInfoRow): BillingInfo {
  return {
    type: row.type as BillingInfo['type'],
    first_one: row.first_one,
    last_four: row.last_four,
    card_type: row.card_type as BillingInfo['card_type'],
    month: row.month,
    year: row.year,
    routing_number: row.routing_number,
    company: row.company,
  };
}

export async function getPaymentMethod(db: Db, organizationId: number): Promise<BillingInfo | Record<string, never>> {
  const row = await findBillingInfo(db, organizationId);
  return row ? toBillingInfo(row) : {};
}

/** Setup intents an organization may create per hour (each is a captcha-checked call to the processor). */
const SETUP_INTENTS_PER_HOUR = 30;

/** POST /setup-intent: captcha checked as on sign-up (dummy accepted without CAPTCHA_SECRET). */
export async function createSetupIntent(db: Db, config: AppConfig, provider: PaymentProvider, organizationId: number, captchaResponse: string | undefined): Promise<SetupIntentResponse> {
  if (!(await isCaptchaAccepted(captchaResponse, config.captchaSecret, fetch, config.captchaVerifyUrl))) throw badRequest(BILLING_MESSAGES.captchaFailed, 'recaptcha_not_verified');
  await claimAttempt(db, [{ bucket: `billing-setup-intent:o${organizationId}`, max: SETUP_INTENTS_PER_HOUR, windowMs: 60 * 60 * 1000 }]);
  const created = await provider.createSetupIntent(db, organizationId);
  await insertSetupIntent(db, organizationId, created.providerId, secretDigest(created.clientSecret));
  return { id: created.providerId, client_secret: created.clientSecret };
}

/** PATCH /info: saves the method a succeeded setup intent of this organization confirmed. */
export async function setPaymentMethod(db: Db, provider: PaymentProvider, organizationId: number, body: UpdateBillingInfoBody): Promise<BillingInfo> {
  const intent = await findOrgSetupIntent(db, organizationId, body.token_id);
  if (!intent) throw badRequest(BILLING_MESSAGES.invalidSetupIntent, 'invalid_setup_intent');
  // The provider says whether it succeeded (the local processor's own row, or Stripe's intent).
  const method = await provider.savedMethod(db, body.token_id);
  if (!method) throw badRequest(BILLING_MESSAGES.invalidSetupIntent, 'invalid_setup_intent');
  let address: string | null = null;
  if (body.setAsCompanyAddress) {
    const account = await findAccount(db, organizationId);
    if (account) address = JSON.stringify({ address1: account.address1, address2: account.address2, city: account.city, state: account.state, zip: account.zip, country: account.country, phone: account.phone });
  }
  const row = await upsertBillingInfo(db, organizationId, {
    type: method.type,
    first_one: method.first_one,
    last_four: method.last_four,
    card_type: method.card_type,
    month: method.month,
    year: method.year,
    routing_number: method.routing_number,
    company: method.company,
    token_id: method.token,
    address,
  });
  await markSetupIntentSucceeded(db, intent.id, method.token);
  return toBillingInfo(row);
}

/** DELETE /info: refused while on a paid plan (its renewals need the method). */
export async function removePaymentMethod(db: Db, organizationId: number): Promise<void> {
  const { plan } = await currentPlan(db, organizationId);
  if (plan.billing_code !== FREE_PLAN_CODE) throw conflict(BILLING_MESSAGES.paymentMethodRequiredToRemove, 'payment_method_required');
  await deleteBillingInfo(db, organizationId);
}
