import { describe, expect, it } from 'vitest';
import {
  CREDITS_MAX,
  clampInt,
  creditBalance,
  creditRunway,
  creditTotalCents,
  creditUnitCents,
  defaultNotificationThreshold,
  isCountedPaymentStatus,
  needsContactSales,
  parseDigitsClamped,
} from './credits.ts';

describe('credit balance (accounts §4 "Credit bundle payment_status")', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('counts paid, complimentary and manually invoiced bundles only', () => {
    expect(isCountedPaymentStatus('paid')).toBe(true);
    expect(isCountedPaymentStatus('complimentary')).toBe(true);
    expect(isCountedPaymentStatus('manually invoiced')).toBe(true);
    expect(isCountedPaymentStatus('failed')).toBe(false);
    expect(isCountedPaymentStatus('processing')).toBe(false);
    expect(
      creditBalance(
        [
          { payment_status: 'paid', total_balance: 10 },
          { payment_status: 'complimentary', total_balance: 5 },
          { payment_status: 'manually invoiced', total_balance: 2 },
          { payment_status: 'failed', total_balance: 100 },
          { payment_status: 'processing', total_balance: 1000 },
        ],
        now,
      ),
    ).toBe(17);
  });

  it('leaves out expired bundles and is 0 for none', () => {
    expect(creditBalance([], now)).toBe(0);
    expect(
      creditBalance(
        [
          { payment_status: 'paid', total_balance: 10, expires_on__date: '2026-05-31T23:59:59Z' },
          { payment_status: 'paid', total_balance: 7, expires_on__date: '2036-06-01T00:00:00Z' },
        ],
        now,
      ),
    ).toBe(7);
  });
});

describe('credit prices (accounts §9)', () => {
  it('prices a credit as the per-device dynamic price less the discount', () => {
    expect(creditUnitCents(0)).toBe(200);
    expect(creditUnitCents(25)).toBe(150);
    expect(creditTotalCents(10, 200)).toBe(2000);
  });

  it('sends totals of 1e8 cents and more to sales', () => {
    expect(needsContactSales(99_999_999)).toBe(false);
    expect(needsContactSales(100_000_000)).toBe(true);
    expect(needsContactSales(creditTotalCents(499_999, 200))).toBe(false);
    expect(needsContactSales(creditTotalCents(500_000, 200))).toBe(true);
  });
});

describe('credit quantity input (accounts §5: digits only, 0 to 1,500,000 clamped)', () => {
  it('keeps digits only and clamps', () => {
    expect(parseDigitsClamped('')).toBe(0);
    expect(parseDigitsClamped('12a3')).toBe(123);
    expect(parseDigitsClamped('-5')).toBe(5);
    expect(parseDigitsClamped('1.5')).toBe(15);
    expect(parseDigitsClamped('007')).toBe(7);
    expect(parseDigitsClamped('1500001')).toBe(CREDITS_MAX);
    expect(parseDigitsClamped('99999999999999999999999')).toBe(CREDITS_MAX);
    expect(parseDigitsClamped('200', 120)).toBe(120);
  });

  it('clampInt truncates and bounds', () => {
    expect(clampInt(3.9, 0, 10)).toBe(3);
    expect(clampInt(-1, 0, 10)).toBe(0);
    expect(clampInt(Number.NaN, 0, 10)).toBe(0);
    expect(clampInt(11, 0, 10)).toBe(10);
  });
});

describe('runway (accounts §9)', () => {
  it('is max(0, ceil((now + estimated − included) × months / 2) − balance)', () => {
    expect(creditRunway({ devicesNow: 60, estimatedDevices: 10, includedDevices: 50, months: 3, balance: 0 })).toBe(30);
    // (60 + 11 − 50) × 3 / 2 = 31.5 → 32
    expect(creditRunway({ devicesNow: 60, estimatedDevices: 11, includedDevices: 50, months: 3, balance: 0 })).toBe(32);
    expect(creditRunway({ devicesNow: 60, estimatedDevices: 11, includedDevices: 50, months: 3, balance: 12 })).toBe(20);
    expect(creditRunway({ devicesNow: 60, estimatedDevices: 11, includedDevices: 50, months: 3, balance: 40 })).toBe(0);
    expect(creditRunway({ devicesNow: 5, estimatedDevices: 0, includedDevices: 50, months: 12, balance: 0 })).toBe(0);
    expect(creditRunway({ devicesNow: 100, estimatedDevices: 0, includedDevices: 50, months: 0, balance: 0 })).toBe(0);
  });
});

describe('notification threshold default (accounts §9)', () => {
  it('is twice the device count, within bounds', () => {
    expect(defaultNotificationThreshold(0)).toBe(0);
    expect(defaultNotificationThreshold(21)).toBe(42);
    expect(defaultNotificationThreshold(1_000_000)).toBe(CREDITS_MAX);
  });
});
