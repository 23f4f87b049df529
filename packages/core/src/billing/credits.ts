import { dynamicDeviceUnitCents } from './prices.ts';

/**
 * Prepaid credits (accounts spec §3 "Credit bundle", §4 "Credit bundle payment_status",
 * "Add credits steps", §5 Credits, §9 Credits): one credit is one device-month. Shared by the
 * billing engine (apps/api/src/billing/credits.service.ts) and the credits page.
 */

/** Most credits one purchase, a notification threshold and a projection may hold (accounts §5, §9). */
export const CREDITS_MAX = 1_500_000;
/** A purchase of at least this total goes to sales instead (accounts §4, §9): $1,000,000. */
export const CREDITS_CONTACT_SALES_CENTS = 100_000_000;
/** The runway calculator projects at most this many months (accounts §9). */
export const CREDIT_PROJECTION_MONTHS_MAX = 120;
/** Purchase history rows per page (accounts §9). */
export const CREDIT_HISTORY_PAGE_SIZE = 5;
/** Credits expire this many years after purchase (accounts §9; credit_bundle.expires_on__date). */
export const CREDIT_EXPIRY_YEARS = 10;
/**
 * The feature credits are bought for: devices (a credit is a device-month, and the runway
 * counts devices past the plan's included `device:any`).
 */
export const CREDIT_FEATURE_SLUG = 'device:any';

export const CREDIT_PAYMENT_STATUSES = ['processing', 'paid', 'complimentary', 'manually invoiced', 'failed'] as const;
export type CreditPaymentStatus = (typeof CREDIT_PAYMENT_STATUSES)[number];

/** Statuses whose credits count toward the balance (accounts §4); failed and processing do not. */
export const COUNTED_PAYMENT_STATUSES: readonly string[] = ['paid', 'complimentary', 'manually invoiced'];

export function isCountedPaymentStatus(status: string): boolean {
  return COUNTED_PAYMENT_STATUSES.includes(status);
}

export interface BundleBalance {
  payment_status: string;
  total_balance: number;
  /** ISO date-time; a bundle past it no longer counts. Absent: never expires. */
  expires_on__date?: string | null;
}

/** The balance: the remaining credits of paid, complimentary and manually invoiced bundles not yet expired. */
export function creditBalance(bundles: readonly BundleBalance[], now: Date = new Date()): number {
  let total = 0;
  for (const b of bundles) {
    if (!isCountedPaymentStatus(b.payment_status)) continue;
    if (b.expires_on__date && new Date(b.expires_on__date).getTime() <= now.getTime()) continue;
    total += Math.max(0, b.total_balance);
  }
  return total;
}

/**
 * The price of one credit in cents: the plan's per-device dynamic price (accounts §9: 200 cents,
 * reduced by the subscription's discount percentage), since a credit pays for one device-month.
 */
export function creditUnitCents(discountPercentage: number): number {
  return dynamicDeviceUnitCents(discountPercentage);
}

export function creditTotalCents(quantity: number, unitCents: number): number {
  return quantity * unitCents;
}

/** At 1e8 cents or more the purchase is not self-serve: Pay now becomes Contact sales (accounts §4). */
export function needsContactSales(totalCents: number): boolean {
  return totalCents >= CREDITS_CONTACT_SALES_CENTS;
}

/** A whole number in [min, max]; anything not finite is `min`. */
export function clampInt(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/**
 * What a credits field holds after typing (accounts §5: digits only, 0 to 1,500,000, clamped):
 * every non-digit is dropped, an empty field is 0, and a larger number becomes `max`.
 */
export function parseDigitsClamped(text: string, max: number = CREDITS_MAX): number {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digits === '') return 0;
  // More digits than the max has can only be above it (and may not parse exactly).
  if (digits.length > String(max).length) return max;
  return clampInt(Number(digits), 0, max);
}

export interface RunwayInput {
  /** Active devices now. */
  devicesNow: number;
  /** Devices the organization expects to add. */
  estimatedDevices: number;
  /** Devices the plan includes (they use no credits). */
  includedDevices: number;
  months: number;
  balance: number;
}

/**
 * Credits to buy to cover a projection (accounts §9):
 * max(0, ceil((devices now + estimated − included devices) × months / 2) − balance).
 */
export function creditRunway({ devicesNow, estimatedDevices, includedDevices, months, balance }: RunwayInput): number {
  return Math.max(0, Math.ceil(((devicesNow + estimatedDevices - includedDevices) * months) / 2) - balance);
}

/** The low-credit notification's default threshold: twice the device count (accounts §9), within the bounds. */
export function defaultNotificationThreshold(deviceCount: number): number {
  return clampInt(deviceCount * 2, 0, CREDITS_MAX);
}
