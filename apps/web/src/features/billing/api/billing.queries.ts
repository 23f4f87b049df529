import { queryOptions } from '@tanstack/react-query';
import { getBillingAccount, getBillingInfo, getOrganizationDeviceFacts, getPlan, getUsage, listInvoices, listPlans } from './billing.requests.ts';

/**
 * The billing page's reads (accounts spec §2 Billing page, §7 "Billing: get account, plan,
 * billing info, invoices"). Each section asks for its own and shows its own loading, error with
 * Retry and empty states. The writes and what they refresh are in billing.mutations.ts.
 */

/** Query keys of the billing page: everything of one organization under `org(orgId)`. */
export const billingKeys = {
  all: ['billing'] as const,
  org: (orgId: number) => [...billingKeys.all, orgId] as const,
  account: (orgId: number) => [...billingKeys.org(orgId), 'account'] as const,
  plan: (orgId: number) => [...billingKeys.org(orgId), 'plan'] as const,
  plans: (orgId: number) => [...billingKeys.org(orgId), 'plans'] as const,
  info: (orgId: number) => [...billingKeys.org(orgId), 'info'] as const,
  invoices: (orgId: number) => [...billingKeys.org(orgId), 'invoices'] as const,
  usage: (orgId: number) => [...billingKeys.org(orgId), 'usage'] as const,
  deviceFacts: (orgId: number) => [...billingKeys.org(orgId), 'device-facts'] as const,
};

/** Company info; null before any was saved (accounts spec §8 "Billing account not found yields null"). */
export const billingAccountQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.account(orgId), queryFn: () => getBillingAccount(orgId) });

export const planQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.plan(orgId), queryFn: () => getPlan(orgId) });

/** The selectable plans change rarely (accounts spec §9: plans cached one hour). */
export const plansQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.plans(orgId), queryFn: () => listPlans(orgId), staleTime: 3_600_000 });

/** The payment method on file, `{}` when none. */
export const billingInfoQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.info(orgId), queryFn: () => getBillingInfo(orgId) });

export const invoicesQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.invoices(orgId), queryFn: () => listInvoices(orgId) });

export const usageQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.usage(orgId), queryFn: () => getUsage(orgId) });

/** Active and frozen devices: whether moving to free is possible (accounts spec §4). */
export const deviceFactsQuery = (orgId: number) => queryOptions({ queryKey: billingKeys.deviceFacts(orgId), queryFn: () => getOrganizationDeviceFacts(orgId) });
