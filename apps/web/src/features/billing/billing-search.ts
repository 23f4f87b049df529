import type { BillingCycle } from '@flotilla/core/billing/prices';

/**
 * The billing page's query parameters (accounts spec §2): `plan` and `cycle` preselect a plan
 * change (its confirmation opens); `setup-intent`, `then-propose-plan-tier` and
 * `then-propose-plan-cycle` resume a payment setup (accounts spec §4 "Payment method flow").
 * Anything else, or a value of the wrong shape, is dropped rather than acted on. Kept small: the
 * route table, and so this file, is part of every first load (plan-proposal.ts reads them).
 */
export interface BillingSearch {
  plan?: string;
  cycle?: BillingCycle;
  'setup-intent'?: string;
  'then-propose-plan-tier'?: string;
  'then-propose-plan-cycle'?: BillingCycle;
}

/** A billing code or a setup intent id: letters, digits, `_` and `-`, at most 100 characters. */
const TOKEN = /^[\w-]{1,100}$/;
const CYCLE = /^(monthly|annual)$/;
const SHAPES = { plan: TOKEN, cycle: CYCLE, 'setup-intent': TOKEN, 'then-propose-plan-tier': TOKEN, 'then-propose-plan-cycle': CYCLE };

export function validateBillingSearch(search: Record<string, unknown>): BillingSearch {
  const out: Record<string, string> = {};
  for (const [key, shape] of Object.entries(SHAPES)) {
    const value = search[key];
    if (typeof value === 'string' && shape.test(value)) out[key] = value;
  }
  return out as BillingSearch;
}
