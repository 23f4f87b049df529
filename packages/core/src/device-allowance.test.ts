import { describe, expect, it } from 'vitest';
import { FREE_DEVICE_ALLOWANCE, isDeviceAllowanceReached, isFreePlan } from './device-allowance.ts';

describe('free device allowance (fleets spec §5 "Add device", accounts spec §9)', () => {
  it('is ten devices', () => {
    expect(FREE_DEVICE_ALLOWANCE).toBe(10);
  });

  it('counts no subscription as the free plan, like billing code free', () => {
    expect(isFreePlan(null)).toBe(true);
    expect(isFreePlan('free')).toBe(true);
    expect(isFreePlan('prototype-v2')).toBe(false);
  });

  it('blocks a free organization at ten active devices and above, not below', () => {
    for (const billingCode of [null, 'free']) {
      expect(isDeviceAllowanceReached({ billingCode, activeDeviceCount: 0 })).toBe(false);
      expect(isDeviceAllowanceReached({ billingCode, activeDeviceCount: 9 })).toBe(false);
      expect(isDeviceAllowanceReached({ billingCode, activeDeviceCount: 10 })).toBe(true);
      expect(isDeviceAllowanceReached({ billingCode, activeDeviceCount: 25 })).toBe(true);
    }
  });

  it('never blocks an organization on a paid plan', () => {
    expect(isDeviceAllowanceReached({ billingCode: 'pilot', activeDeviceCount: 10 })).toBe(false);
    expect(isDeviceAllowanceReached({ billingCode: 'prototype-v2', activeDeviceCount: 500 })).toBe(false);
  });
});
