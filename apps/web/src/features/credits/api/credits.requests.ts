import { z } from 'zod';
import { CREDIT_FEATURE_SLUG } from '@flotilla/core/billing/credits';
import * as creditBundle from '@flotilla/core/schemas/odata/credit-bundle';
import * as feature from '@flotilla/core/schemas/odata/feature';
import * as notification from '@flotilla/core/schemas/odata/organization-credit-notification';
import { odataList, ResponseShapeError } from '../../../lib/odata.ts';
import { pine } from '../../../lib/pine.ts';

/**
 * The credits page's OData calls (accounts spec §7): the credit feature by slug, balena-sdk's
 * creditBundle getAllByOrg and create, and the organization's low-credit notification
 * (POST/PATCH/DELETE organization_credit_notification). Answers are checked against the row
 * schemas of @flotilla/core.
 */

const featureRow = feature.row.pick({ id: true, slug: true });

/** The feature credits are bought for (device:any); null if the catalogue lacks it. */
export async function getCreditFeature(): Promise<{ id: number } | null> {
  const rows = await odataList(featureRow, { resource: feature.resource, options: { $select: ['id', 'slug'], $filter: { slug: CREDIT_FEATURE_SLUG } } });
  return rows[0] ?? null;
}

export const bundleRow = creditBundle.row.pick({
  id: true,
  created_at: true,
  original_quantity: true,
  total_balance: true,
  total_cost: true,
  payment_status: true,
  error_message: true,
  expires_on__date: true,
});
export type CreditBundle = z.output<typeof bundleRow>;

/** balena-sdk organization.creditBundle.getAllByOrg: newest first. */
export function listCreditBundles(orgId: number): Promise<CreditBundle[]> {
  return odataList(bundleRow, {
    resource: creditBundle.resource,
    options: { $select: Object.keys(bundleRow.shape), $filter: { belongs_to__organization: orgId }, $orderby: { created_at: 'desc' } },
  });
}

/**
 * balena-sdk organization.creditBundle.create(orgId, featureId, quantity). The server charges
 * the payment method at once: the bundle comes back `paid`, or `failed` with the processor's
 * message in error_message.
 */
export async function purchaseCredits(orgId: number, featureId: number, quantity: number): Promise<CreditBundle> {
  const created: unknown = await pine.post({
    resource: creditBundle.resource,
    body: { belongs_to__organization: orgId, is_for__feature: featureId, original_quantity: quantity },
  });
  const parsed = bundleRow.safeParse(created);
  if (!parsed.success) throw new ResponseShapeError(creditBundle.resource, parsed.error.issues);
  return parsed.data;
}

const notificationRow = notification.row.pick({ id: true, is_sent_when_below__threshold: true });
export type CreditNotification = z.output<typeof notificationRow>;

export async function getCreditNotification(orgId: number, featureId: number): Promise<CreditNotification | null> {
  const rows = await odataList(notificationRow, {
    resource: notification.resource,
    options: { $select: ['id', 'is_sent_when_below__threshold'], $filter: { organization: orgId, owns_credit_notification_for__feature: featureId } },
  });
  return rows[0] ?? null;
}

export async function createCreditNotification(orgId: number, featureId: number, threshold: number): Promise<void> {
  await pine.post({
    resource: notification.resource,
    body: { organization: orgId, owns_credit_notification_for__feature: featureId, is_sent_when_below__threshold: threshold },
  });
}

export async function updateCreditNotification(id: number, threshold: number): Promise<void> {
  await pine.patch({ resource: notification.resource, id, body: { is_sent_when_below__threshold: threshold } });
}

export async function deleteCreditNotification(id: number): Promise<void> {
  await pine.delete({ resource: notification.resource, id });
}
