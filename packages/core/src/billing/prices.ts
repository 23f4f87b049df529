import { ROLE_MONTHLY_PRICE_CENTS } from '../roles.ts';

/**
 * Prices the billing page and the billing engine share (accounts spec §6 member prices,
 * §9 "monthly shown as annual price divided by 12", per-device prices, member cost order).
 * Money is integer cents everywhere; formatting happens only at display time.
 */

export const FREE_PLAN_CODE = 'free';
export const CUSTOM_PLAN_CODE = 'custom';
/** The free plan includes the first 10 devices (accounts §1, §9). */
export const FREE_DEVICE_ALLOWANCE = 10;
/** A warning is shown on the free plan from this many devices (accounts §9). */
export const FREE_PLAN_DEVICE_WARNING = 4;
/** Invoices shown on the billing page before "View all" (accounts §2, §9). */
export const INVOICES_SHOWN = 6;

export const BILLING_CYCLES = ['monthly', 'annual'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** Seat roles that carry a price, most privileged first (accounts §9 "member role cost order"). */
export const MEMBER_COST_ORDER = ['administrator', 'developer', 'safe-developer', 'operator', 'safe-operator', 'observer', 'member'] as const;
export type SeatRole = (typeof MEMBER_COST_ORDER)[number];

/** Member prices per month in cents (accounts §6): observer and member free, operators $29, developers and administrators $49. */
export const MEMBER_PRICES: Readonly<Record<SeatRole, number>> = {
  administrator: ROLE_MONTHLY_PRICE_CENTS.administrator,
  developer: ROLE_MONTHLY_PRICE_CENTS.developer,
  'safe-developer': ROLE_MONTHLY_PRICE_CENTS['safe-developer'],
  operator: ROLE_MONTHLY_PRICE_CENTS.operator,
  'safe-operator': ROLE_MONTHLY_PRICE_CENTS['safe-operator'],
  observer: ROLE_MONTHLY_PRICE_CENTS.observer,
  member: ROLE_MONTHLY_PRICE_CENTS.member,
};

/** Per-device monthly prices in cents (accounts §9). */
export const DEVICE_PRICES = {
  prototypeLegacy: 200,
  prototypeMicroservices: 300,
  pilotProductionLegacy: 150,
  pilotProductionMicroservices: 200,
} as const;
/** The dynamic (usage-billed) device unit price before discount (accounts §9). */
export const DYNAMIC_DEVICE_UNIT_CENTS = 200;

/** The monthly figure shown for an annual price: annual / 12, rounded to the cent. */
export function monthlyOfAnnual(annualCents: number): number {
  return Math.round(annualCents / 12);
}

/** The price of a plan for a billing cycle (cents for one period). */
export function priceForCycle(plan: { monthly_price: number; annual_price: number }, cycle: BillingCycle): number {
  return cycle === 'annual' ? plan.annual_price : plan.monthly_price;
}

/** The cycle a subscription interval describes (accounts §9: monthly when intervalLength is 1, else annual). */
export function cycleOfIntervalLength(intervalLength: number): BillingCycle {
  return intervalLength === 1 ? 'monthly' : 'annual';
}

/** The interval length (in months) of a cycle. */
export function intervalLengthOfCycle(cycle: BillingCycle): 1 | 12 {
  return cycle === 'monthly' ? 1 : 12;
}

/** Prototype-capable billing codes (accounts §9): 25m, 75m, 150m, or starting with "prototype". */
export function isPrototypeCode(billingCode: string): boolean {
  return ['25m', '75m', '150m'].includes(billingCode) || billingCode.startsWith('prototype');
}

/** The per-device monthly price of a plan (accounts §9), by device kind. */
export function devicePriceFor(billingCode: string, kind: 'legacy' | 'microservices'): number {
  if (isPrototypeCode(billingCode)) return kind === 'legacy' ? DEVICE_PRICES.prototypeLegacy : DEVICE_PRICES.prototypeMicroservices;
  return kind === 'legacy' ? DEVICE_PRICES.pilotProductionLegacy : DEVICE_PRICES.pilotProductionMicroservices;
}

/** The dynamic device unit price reduced by a discount percentage (0–100), rounded to the cent. */
export function dynamicDeviceUnitCents(discountPercentage: number): number {
  const pct = Math.min(100, Math.max(0, discountPercentage));
  return Math.round((DYNAMIC_DEVICE_UNIT_CENTS * (100 - pct)) / 100);
}

/**
 * Seats left to pay for once `included` seats are consumed from the most privileged role down
 * (accounts §9). Counts of roles not listed are ignored.
 */
export function chargeableSeats(counts: Partial<Record<SeatRole, number>>, included: number): Record<SeatRole, number> {
  let left = Math.max(0, included);
  const out = {} as Record<SeatRole, number>;
  for (const role of MEMBER_COST_ORDER) {
    const n = Math.max(0, counts[role] ?? 0);
    const covered = Math.min(n, left);
    left -= covered;
    out[role] = n - covered;
  }
  return out;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as dollars with two decimals ("$49.00", "-$1.50"). */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
