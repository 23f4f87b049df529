import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '../../billing/api/billing.queries.ts';
import { creditKeys } from './credits.queries.ts';
import { createCreditNotification, deleteCreditNotification, purchaseCredits, updateCreditNotification } from './credits.requests.ts';

/**
 * The credits writes. Errors are shown where the action was taken (the dialog, the card), so
 * they are silent to the global toast (meta.silent).
 */

/** A purchase adds a bundle (paid or failed) and an invoice. */
export function usePurchaseCredits(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ featureId, quantity }: { featureId: number; quantity: number }) => purchaseCredits(orgId, featureId, quantity),
    meta: { silent: true },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: creditKeys.bundles(orgId) }), queryClient.invalidateQueries({ queryKey: billingKeys.invoices(orgId) })]),
  });
}

/** Create, change or remove (threshold null) the organization's low-credit notification. */
export function useSaveCreditNotification(orgId: number, featureId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, threshold }: { id: number | null; threshold: number | null }) => {
      if (threshold === null) {
        if (id !== null) await deleteCreditNotification(id);
      } else if (id === null) await createCreditNotification(orgId, featureId, threshold);
      else await updateCreditNotification(id, threshold);
    },
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: creditKeys.notification(orgId, featureId) }),
  });
}
