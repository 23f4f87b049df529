/**
 * The free plan's device allowance (accounts spec §9 "Free plan: first 10 devices free"; fleets
 * spec §5 "Add device": blocked when the free device allowance is reached or exceeded). An
 * organization without an active paid subscription (billing code `free`, or no subscription at
 * all) may have this many active devices; adding one more is refused until it upgrades.
 */

/** Active devices an organization on the free plan may have. */
export const FREE_DEVICE_ALLOWANCE = 10;

/** The billing code of the free plan (accounts spec §9 "Billing code free"). */
export const FREE_BILLING_CODE = 'free';

export interface DeviceAllowanceInput {
  /** The billing code of the organization's active subscription's plan; null when it has none. */
  billingCode: string | null;
  /** The organization's active devices (`is_active`), across all its fleets. */
  activeDeviceCount: number;
}

/** No active subscription counts as free, like a subscription to the free plan. */
export function isFreePlan(billingCode: string | null): boolean {
  return billingCode === null || billingCode === FREE_BILLING_CODE;
}

/** True when adding a device is blocked: a free organization with the allowance used up (or over it). */
export function isDeviceAllowanceReached({ billingCode, activeDeviceCount }: DeviceAllowanceInput): boolean {
  return isFreePlan(billingCode) && activeDeviceCount >= FREE_DEVICE_ALLOWANCE;
}
