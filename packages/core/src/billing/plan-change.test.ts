import { describe, expect, it } from 'vitest';
import { asksForFeedback, canMoveToFree, classifyPlanChange, isBankMethod, needsPaymentMethod, planChangeButton, type PlanPosition } from './plan-change.ts';

const plan = (billing_code: string, tier_order: number, annual_price: number, cycle: 'monthly' | 'annual' = 'monthly', can_self_serve = true): PlanPosition => ({
  billing_code,
  tier_order,
  annual_price,
  cycle,
  can_self_serve,
});
const free = plan('free', 0, 0);
const prototype = plan('prototype-v2', 1, 106920);
const pilot = plan('pilot-v2', 2, 322920);
const enterprise = plan('enterprise-v2', 4, 3238920, 'monthly', false);

describe('classifyPlanChange (accounts §4 "Plan change")', () => {
  it('is no change for the same plan and cycle, even when not self-serve', () => {
    expect(classifyPlanChange(pilot, { ...pilot })).toBe('no-change');
    expect(classifyPlanChange(enterprise, { ...enterprise })).toBe('no-change');
  });
  it('needs sales when either side is not self-serve', () => {
    expect(classifyPlanChange(pilot, enterprise)).toBe('contact-sales');
    expect(classifyPlanChange(enterprise, pilot)).toBe('contact-sales');
    expect(classifyPlanChange(enterprise, { ...enterprise, cycle: 'annual' })).toBe('contact-sales');
  });
  it('is a cycle change for the same plan on another cycle', () => {
    expect(classifyPlanChange(pilot, { ...pilot, cycle: 'annual' })).toBe('cycle-change');
  });
  it('goes by tier order, and on equal tiers a lower annual price is a downgrade', () => {
    expect(classifyPlanChange(free, prototype)).toBe('upgrade');
    expect(classifyPlanChange(pilot, prototype)).toBe('downgrade');
    expect(classifyPlanChange(pilot, { ...pilot, billing_code: 'pilot-cheap', annual_price: 100 })).toBe('downgrade');
    expect(classifyPlanChange(pilot, { ...pilot, billing_code: 'pilot-dear', annual_price: 999999 })).toBe('upgrade');
  });
  it('asks for feedback only on a downgrade', () => {
    expect(asksForFeedback('downgrade')).toBe(true);
    expect(asksForFeedback('upgrade')).toBe(false);
  });
});

describe('canMoveToFree', () => {
  it('allows up to the free allowance and no frozen devices', () => {
    expect(canMoveToFree({ deviceCount: 10, frozenFreeDevices: 0, freeAllowance: 10 })).toBe(true);
    expect(canMoveToFree({ deviceCount: 11, frozenFreeDevices: 0, freeAllowance: 10 })).toBe(false);
    expect(canMoveToFree({ deviceCount: 2, frozenFreeDevices: 1, freeAllowance: 10 })).toBe(false);
  });
});

describe('payment method rules', () => {
  it('knows bank methods', () => {
    expect(['bank_account', 'us_bank_account', 'sepa_debit'].every(isBankMethod)).toBe(true);
    expect(isBankMethod('card')).toBe(false);
    expect(isBankMethod(null)).toBe(false);
  });
  it('picks the button: next before bank terms, pay now when paid, confirm when free', () => {
    expect(planChangeButton({ targetPriceCents: 9900, paymentMethodType: 'sepa_debit' })).toBe('next');
    expect(planChangeButton({ targetPriceCents: 9900, paymentMethodType: 'sepa_debit', termsAccepted: true })).toBe('pay-now');
    expect(planChangeButton({ targetPriceCents: 9900, paymentMethodType: 'card' })).toBe('pay-now');
    expect(planChangeButton({ targetPriceCents: 0, paymentMethodType: 'sepa_debit' })).toBe('confirm');
  });
  it('needs a payment method for a paid target only', () => {
    expect(needsPaymentMethod(9900, false)).toBe(true);
    expect(needsPaymentMethod(9900, true)).toBe(false);
    expect(needsPaymentMethod(0, false)).toBe(false);
  });
});
