import type { ResourceHooks } from '../model/types.ts';
import { rejectChanged } from '../organizations/member-lookup.ts';
import { paymentProviderFor } from './payment/select-provider.ts';
import { assertThreshold, chargePurchase, preparePurchase, prepareNotification, recordPurchaseInvoice } from './credits.service.ts';

/**
 * OData hooks of `credit_bundle` and `organization_credit_notification` (model/resources/billing.ts).
 * The engine runs them after its pre-check of the candidate row (the caller holds
 * resin.organization.access_billing on the organization; anyone else, a member without it, an
 * outsider or a device or provisioning key, is refused before any of this looks at another row),
 * and checks the row again after the write.
 */
export const creditBundleHooks: ResourceHooks = {
  beforeCreate: (values, ctx) => preparePurchase(ctx.db, ctx.principal, values),
  // After the engine's post-check of the inserted row, in its transaction: the invoice, `processing`.
  afterCreate: (row, ctx) => recordPurchaseInvoice(ctx.db, row),
  // Once both are committed: the charge (a rollback can no longer undo a charge it made).
  afterCommit: (row, ctx) => chargePurchase(ctx.db, paymentProviderFor(ctx.config), row.id),
};

export const creditNotificationHooks: ResourceHooks = {
  beforeCreate: (values, ctx) => prepareNotification(ctx.db, values),
  beforeUpdate(patch) {
    rejectChanged(patch, ['organization', 'owns_credit_notification_for__feature'], 'organization_credit_notification');
    if ('is_sent_when_below__threshold' in patch) assertThreshold(patch.is_sent_when_below__threshold);
    return patch;
  },
};
