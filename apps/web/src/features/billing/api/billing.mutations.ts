import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingCycle } from '@flotilla/core/billing/prices';
import type { LocalPaymentMethod, UpdateBillingAccountBody } from '@flotilla/core/schemas/billing';
import { orgKeys } from '../../organizations/api/organizations.queries.ts';
import type { StripeSetupSession } from '../stripe/stripe-js.ts';
import { billingKeys } from './billing.queries.ts';
import { attachSetupIntent, changePlan, confirmSetupIntent, createSetupIntent, removeBillingInfo, updateBillingAccount } from './billing.requests.ts';

/**
 * The billing writes. Each hook owns what it refreshes; errors are shown where the action was
 * taken (the dialog, the section), so they are silent to the global toast (meta.silent).
 */

export function useUpdateBillingAccount(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBillingAccountBody) => updateBillingAccount(orgId, body),
    meta: { silent: true },
    onSuccess: (account) => queryClient.setQueryData(billingKeys.account(orgId), account),
  });
}

/**
 * The browser half of adding a payment method (accounts spec §4 "Payment method flow"): a setup
 * intent from the API, confirmed with the processor. Resolves with the intent's id, which the
 * page then stores through its return URL (useAttachSetupIntent). A refusal rejects with the
 * processor's message (PaymentMethodDeclinedError).
 */
export function useSetUpPaymentMethod(orgId: number) {
  return useMutation({
    mutationFn: async (method: LocalPaymentMethod) => {
      const intent = await createSetupIntent(orgId);
      await confirmSetupIntent(intent.id, intent.client_secret, method);
      return intent.id;
    },
    meta: { silent: true },
  });
}

/**
 * The same on a Stripe deployment: Stripe.js confirms the intent with the details its Payment
 * Element holds (they never pass through here). Resolves with the intent's id; a decline rejects
 * with Stripe's message.
 */
export function useConfirmStripeSetup() {
  return useMutation({
    mutationFn: async ({ session, returnUrl, declined }: { session: StripeSetupSession; returnUrl: string; declined: string }) => {
      const { error } = await session.stripe.confirmSetup({ elements: session.elements, redirect: 'if_required', confirmParams: { return_url: returnUrl } });
      if (error) throw new Error(error.message || declined);
      return session.intentId;
    },
    meta: { silent: true },
  });
}

export function useAttachSetupIntent(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setupIntentId: string) => attachSetupIntent(orgId, setupIntentId),
    meta: { silent: true },
    onSuccess: (info) => {
      queryClient.setQueryData(billingKeys.info(orgId), info);
      // Saving a method pays the past-due invoices with it (the server's renewal service): the
      // account's state, the invoices and the organization's past-due notice and freeze follow.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.account(orgId) }),
        queryClient.invalidateQueries({ queryKey: billingKeys.invoices(orgId) }),
        queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) }),
      ]);
    },
  });
}

export function useRemovePaymentMethod(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeBillingInfo(orgId),
    meta: { silent: true },
    onSuccess: () => queryClient.setQueryData(billingKeys.info(orgId), {}),
  });
}

/**
 * A plan change is immediate (accounts spec §4): the plan, its invoice, usage and the account
 * all change, and paying may unfreeze the organization, so its detail is read again too.
 */
export function useChangePlan(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { tier: string; cycle: BillingCycle; planChangeReason?: string }) => changePlan(orgId, change),
    meta: { silent: true },
    onSuccess: (plan) => {
      queryClient.setQueryData(billingKeys.plan(orgId), plan);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.org(orgId), predicate: (query) => query.queryKey[2] !== 'plan' }),
        queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) }),
      ]);
    },
  });
}
