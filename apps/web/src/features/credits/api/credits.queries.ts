import { queryOptions } from '@tanstack/react-query';
import { getCreditFeature, getCreditNotification, listCreditBundles } from './credits.requests.ts';

/**
 * The credits page's reads (accounts spec §2 Credits page, §7). The plan, the payment method
 * and the device count come from the billing feature's queries (same cache entries as the
 * billing page). The writes and what they refresh are in credits.mutations.ts.
 */
export const creditKeys = {
  all: ['credits'] as const,
  feature: () => [...creditKeys.all, 'feature'] as const,
  org: (orgId: number) => [...creditKeys.all, orgId] as const,
  bundles: (orgId: number) => [...creditKeys.org(orgId), 'bundles'] as const,
  notification: (orgId: number, featureId: number) => [...creditKeys.org(orgId), 'notification', featureId] as const,
};

/** getAllByOrg is refetched on an interval (accounts spec §7): a bundle may be settled elsewhere. */
export const CREDIT_BUNDLES_REFETCH_MS = 30_000;

/** The feature catalogue changes with releases, not while a page is open. */
export const creditFeatureQuery = () => queryOptions({ queryKey: creditKeys.feature(), queryFn: getCreditFeature, staleTime: 3_600_000 });

export const creditBundlesQuery = (orgId: number) =>
  queryOptions({ queryKey: creditKeys.bundles(orgId), queryFn: () => listCreditBundles(orgId), refetchInterval: CREDIT_BUNDLES_REFETCH_MS });

export const creditNotificationQuery = (orgId: number, featureId: number) =>
  queryOptions({ queryKey: creditKeys.notification(orgId, featureId), queryFn: () => getCreditNotification(orgId, featureId) });
