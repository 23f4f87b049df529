import { describe, expect, it } from 'vitest';
import type { BillingPlanInfo, BillingPlanListItem } from '@flotilla/core/schemas/billing';
import { displayedMonthlyPrice, planChangeKind, targetCycle } from './plan-options.ts';

const listed = (billing_code: string, tier_order: number, monthly_price: number, annual_price: number, can_self_serve = true): BillingPlanListItem => ({
  title: billing_code,
  billing_code,
  tier_order,
  can_self_serve,
  is_legacy: false,
  monthly_price,
  annual_price,
  included_devices: 10,
  supports_credits: false,
  features: [],
});

const free = listed('free', 0, 0, 0);
const pilot = listed('pilot', 1, 9900, 99000);
const production = listed('production', 2, 29900, 299000);
const enterprise = listed('enterprise', 3, 0, 0, false);

const current = (plan: BillingPlanListItem, cycle: 'monthly' | 'annual'): BillingPlanInfo => ({
  ...plan,
  is_custom: false,
  cycle,
  intervalUnit: 'month',
  intervalLength: cycle === 'monthly' ? 1 : 12,
  starts_on: null,
  discount_percentage: 0,
  support: { slug: 'community', title: 'Community', includes_private_support: false, includes_SLA: false },
  addOns: [],
  nextBill: null,
});

describe('available plans (accounts spec §4 "Plan change")', () => {
  it('classifies each plan against the current one with the core rules', () => {
    const onPilot = current(pilot, 'monthly');
    expect(planChangeKind(onPilot, pilot, 'monthly', null)).toBe('no-change');
    expect(planChangeKind(onPilot, pilot, 'annual', null)).toBe('cycle-change');
    expect(planChangeKind(onPilot, production, 'monthly', null)).toBe('upgrade');
    expect(planChangeKind(onPilot, free, 'monthly', { deviceCount: 3, frozenDevices: 0 })).toBe('downgrade');
    expect(planChangeKind(onPilot, enterprise, 'monthly', null)).toBe('contact-sales');
  });

  it('turns a move to free into contact sales with too many devices or any frozen one', () => {
    const onPilot = current(pilot, 'annual');
    expect(planChangeKind(onPilot, free, 'annual', { deviceCount: 10, frozenDevices: 0 })).toBe('downgrade');
    expect(planChangeKind(onPilot, free, 'annual', { deviceCount: 11, frozenDevices: 0 })).toBe('contact-sales');
    expect(planChangeKind(onPilot, free, 'annual', { deviceCount: 2, frozenDevices: 1 })).toBe('contact-sales');
  });

  it('takes free on the monthly cycle whichever cycle is chosen', () => {
    expect(targetCycle(free, 'annual')).toBe('monthly');
    expect(targetCycle(pilot, 'annual')).toBe('annual');
    expect(planChangeKind(current(free, 'monthly'), free, 'annual', null)).toBe('no-change');
  });

  it('shows an annual price per month as annual / 12', () => {
    expect(displayedMonthlyPrice(pilot, 'monthly')).toBe(9900);
    expect(displayedMonthlyPrice(pilot, 'annual')).toBe(8250);
  });
});
