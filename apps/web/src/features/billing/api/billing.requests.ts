import { z } from 'zod';
import {
  billingAccountResponse,
  billingInfo,
  billingInfoResponse,
  billingPlanInfo,
  billingPlansResponse,
  billingUsageResponse,
  invoicesResponse,
  localConfirmResponse,
  setupIntentResponse,
  billingAccountInfo,
  type LocalPaymentMethod,
  type UpdateBillingAccountBody,
} from '@flotilla/core/schemas/billing';
import type { BillingCycle } from '@flotilla/core/billing/prices';
import * as application from '@flotilla/core/schemas/odata/application';
import { captchaResponse } from '../../../lib/auth-api.ts';
import { apiHeaders } from '../../../lib/early-requests.ts';
import { ApiError, apiRequest, errorMessageFromBody } from '../../../lib/http.ts';
import { odataList } from '../../../lib/odata.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { downloadWithSession } from '../../release-detail/asset-download.ts';
import { invoiceFileName } from '../invoice-display.ts';

/**
 * The billing HTTP calls (`/billing/v1/account/:orgId/*`, shapes from
 * @flotilla/core/schemas/billing, checked on arrival) and the local test processor's confirm
 * call, which stands where Stripe.js would (DESIGN "Billing").
 */

const base = (orgId: number) => `/billing/v1/account/${orgId}`;

export async function getBillingAccount(orgId: number) {
  const path = base(orgId);
  return parseResponse(billingAccountResponse, path, await apiRequest(path));
}

export async function updateBillingAccount(orgId: number, body: UpdateBillingAccountBody) {
  const path = base(orgId);
  return parseResponse(billingAccountInfo, path, await apiRequest(path, { method: 'PATCH', body }));
}

export async function getPlan(orgId: number) {
  const path = `${base(orgId)}/plan`;
  return parseResponse(billingPlanInfo, path, await apiRequest(path));
}

export async function listPlans(orgId: number) {
  const path = `${base(orgId)}/plans`;
  return parseResponse(billingPlansResponse, path, await apiRequest(path));
}

export async function changePlan(orgId: number, body: { tier: string; cycle: BillingCycle; planChangeReason?: string }) {
  const path = `${base(orgId)}/plan`;
  return parseResponse(billingPlanInfo, path, await apiRequest(path, { method: 'PATCH', body }));
}

export async function getBillingInfo(orgId: number) {
  const path = `${base(orgId)}/info`;
  return parseResponse(billingInfoResponse, path, await apiRequest(path));
}

/** Stores a confirmed setup intent as the organization's payment method. */
export async function attachSetupIntent(orgId: number, setupIntentId: string) {
  const path = `${base(orgId)}/info`;
  return parseResponse(billingInfo, path, await apiRequest(path, { method: 'PATCH', body: { token_id: setupIntentId, type: 'setup_intent' } }));
}

export async function removeBillingInfo(orgId: number): Promise<void> {
  await apiRequest(`${base(orgId)}/info`, { method: 'DELETE' });
}

export async function listInvoices(orgId: number) {
  const path = `${base(orgId)}/invoices`;
  return parseResponse(invoicesResponse, path, await apiRequest(path));
}

export function downloadInvoice(orgId: number, invoiceNumber: string): Promise<void> {
  return downloadWithSession(`${base(orgId)}/invoices/${encodeURIComponent(invoiceNumber)}/download`, invoiceFileName(invoiceNumber));
}

export async function getUsage(orgId: number) {
  const path = `${base(orgId)}/usage`;
  return parseResponse(billingUsageResponse, path, await apiRequest(path));
}

/** A setup intent for the organization (accounts spec §4: captcha, a dummy without a captcha key, as sign-up's). */
export async function createSetupIntent(orgId: number) {
  const path = `${base(orgId)}/setup-intent`;
  return parseResponse(setupIntentResponse, path, await apiRequest(path, { method: 'POST', body: { 'g-recaptcha-response': captchaResponse() } }));
}

/** The processor refused the payment method; `message` is its words, shown as they are (accounts spec §8). */
export class PaymentMethodDeclinedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentMethodDeclinedError';
  }
}

/**
 * Confirms a setup intent with the local processor (no session token: the client secret is the
 * credential, as with Stripe). A 402 carries the processor's message in `error.message`, which
 * the generic client would not read, hence a request of its own.
 */
export async function confirmSetupIntent(setupIntentId: string, clientSecret: string, method: LocalPaymentMethod): Promise<void> {
  const path = `/billing/v1/local-processor/setup-intents/${encodeURIComponent(setupIntentId)}/confirm`;
  const response = await fetch(path, { method: 'POST', headers: apiHeaders(null, true), body: JSON.stringify({ client_secret: clientSecret, method }) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: the text itself
  }
  if (response.ok || response.status === 402) {
    const answer = localConfirmResponse.safeParse(body);
    if (answer.success) {
      if (answer.data.status === 'succeeded') return;
      throw new PaymentMethodDeclinedError(answer.data.error.message);
    }
  }
  throw new ApiError(errorMessageFromBody(body, response.statusText || 'Request error'), response.status);
}

/** Active and frozen device counts of the organization (accounts spec §4: moving to free needs both within the free allowance). */
const deviceCountRow = application.row.pick({ id: true }).extend({ owns__device: z.number().int() });

export async function getOrganizationDeviceFacts(orgId: number): Promise<{ deviceCount: number; frozenDevices: number }> {
  const count = (filter: Record<string, boolean>) =>
    odataList(deviceCountRow, {
      resource: application.resource,
      options: { $select: ['id'], $filter: { organization: orgId }, $expand: { owns__device: { $count: { $filter: filter } } } },
    }).then((rows) => rows.reduce((sum, row) => sum + row.owns__device, 0));
  const [deviceCount, frozenDevices] = await Promise.all([count({ is_active: true }), count({ is_frozen: true })]);
  return { deviceCount, frozenDevices };
}
