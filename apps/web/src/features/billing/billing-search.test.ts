import { describe, expect, it } from 'vitest';
import { validateBillingSearch } from './billing-search.ts';
import { proposedPlanChange, setupReturnPath } from './plan-proposal.ts';

describe('billing page query parameters (accounts spec §2, §4)', () => {
  it('keeps plan, cycle and the payment setup parameters of the right shape, and drops the rest', () => {
    expect(
      validateBillingSearch({
        plan: 'pilot',
        cycle: 'annual',
        'setup-intent': 'seti_123',
        'then-propose-plan-tier': 'production',
        'then-propose-plan-cycle': 'monthly',
        other: 'x',
      }),
    ).toEqual({ plan: 'pilot', cycle: 'annual', 'setup-intent': 'seti_123', 'then-propose-plan-tier': 'production', 'then-propose-plan-cycle': 'monthly' });
    expect(validateBillingSearch({ plan: '<script>', cycle: 'weekly', 'setup-intent': 42, 'then-propose-plan-cycle': 'yearly' })).toEqual({});
  });

  it('proposes the plan asked for, else the one resumed after a payment setup', () => {
    expect(proposedPlanChange({ plan: 'pilot', cycle: 'annual', 'then-propose-plan-tier': 'production' })).toEqual({ tier: 'pilot', cycle: 'annual' });
    expect(proposedPlanChange({ 'then-propose-plan-tier': 'production', 'then-propose-plan-cycle': 'monthly' })).toEqual({ tier: 'production', cycle: 'monthly' });
    expect(proposedPlanChange({ plan: 'pilot' })).toEqual({ tier: 'pilot', cycle: undefined });
    expect(proposedPlanChange({})).toBeNull();
  });

  it('builds the return URL with the setup intent and the plan change to propose after it', () => {
    expect(setupReturnPath(7, 'seti_1')).toBe('/orgs/7/billing?setup-intent=seti_1');
    expect(setupReturnPath(7, 'seti_1', { tier: 'pilot', cycle: 'annual' })).toBe(
      '/orgs/7/billing?setup-intent=seti_1&then-propose-plan-tier=pilot&then-propose-plan-cycle=annual',
    );
    // What the page reads back is what it wrote.
    const url = new URL(setupReturnPath(7, 'seti_1', { tier: 'pilot', cycle: 'annual' }), 'http://x');
    expect(validateBillingSearch(Object.fromEntries(url.searchParams))).toEqual({ 'setup-intent': 'seti_1', 'then-propose-plan-tier': 'pilot', 'then-propose-plan-cycle': 'annual' });
  });
});
