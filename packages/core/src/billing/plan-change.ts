import { FREE_PLAN_CODE, type BillingCycle } from './prices.ts';

/**
 * Plan change rules (accounts spec §4 "Plan change"), shared by the billing page (which button
 * and dialog to show) and the billing engine (what a PATCH /plan may do).
 */

export interface PlanPosition {
  billing_code: string;
  cycle: BillingCycle;
  can_self_serve: boolean;
  tier_order: number;
  annual_price: number;
}

export const PLAN_CHANGE_KINDS = ['no-change', 'contact-sales', 'cycle-change', 'upgrade', 'downgrade'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

/** The confirm button is debounced this long (accounts §4). */
export const PLAN_CHANGE_CONFIRM_DEBOUNCE_MS = 500;

/**
 * What moving from `current` to `target` is: the same plan and cycle is no change; a plan that is
 * not self-serve on either side needs sales; the same plan on another cycle is a cycle change;
 * otherwise the tier order decides, and on equal tiers a lower annual price is a downgrade.
 */
export function classifyPlanChange(current: PlanPosition, target: PlanPosition): PlanChangeKind {
  if (current.billing_code === target.billing_code && current.cycle === target.cycle) return 'no-change';
  if (!current.can_self_serve || !target.can_self_serve) return 'contact-sales';
  if (current.billing_code === target.billing_code) return 'cycle-change';
  if (target.tier_order !== current.tier_order) return target.tier_order > current.tier_order ? 'upgrade' : 'downgrade';
  return target.annual_price < current.annual_price ? 'downgrade' : 'upgrade';
}

/** Whether a change offers the optional feedback text (a downgrade, accounts §4). */
export function asksForFeedback(kind: PlanChangeKind): boolean {
  return kind === 'downgrade';
}

export interface FreeMoveFacts {
  /** Active devices of the organization. */
  deviceCount: number;
  /** Devices frozen because they exceed the free allowance. */
  frozenFreeDevices: number;
  /** The free plan's included devices. */
  freeAllowance: number;
}

/** Moving to free is blocked (contact sales) with frozen free devices or more devices than the free allowance (accounts §4). */
export function canMoveToFree({ deviceCount, frozenFreeDevices, freeAllowance }: FreeMoveFacts): boolean {
  return frozenFreeDevices === 0 && deviceCount <= freeAllowance;
}

export function isFreePlan(billingCode: string): boolean {
  return billingCode === FREE_PLAN_CODE;
}

/** Payment method types that debit a bank account and need the recurring-debit terms (accounts §4). */
export const BANK_METHOD_TYPES = ['bank_account', 'us_bank_account', 'sepa_debit'] as const;

export function isBankMethod(type: string | null | undefined): boolean {
  return type != null && (BANK_METHOD_TYPES as readonly string[]).includes(type);
}

export type PlanChangeButton = 'pay-now' | 'confirm' | 'next';

/**
 * The plan change dialog's button (accounts §4): "Next" when the bank-debit terms still follow
 * (bank method, paid target, terms not yet accepted), "Pay now" for a paid target, else "Confirm".
 */
export function planChangeButton(input: { targetPriceCents: number; paymentMethodType: string | null | undefined; termsAccepted?: boolean }): PlanChangeButton {
  const paid = input.targetPriceCents > 0;
  if (paid && isBankMethod(input.paymentMethodType) && !input.termsAccepted) return 'next';
  return paid ? 'pay-now' : 'confirm';
}

/** Whether a change needs a payment method on file first: any paid target (accounts §4). */
export function needsPaymentMethod(targetPriceCents: number, hasPaymentMethod: boolean): boolean {
  return targetPriceCents > 0 && !hasPaymentMethod;
}
