import { describe, expect, it } from 'vitest';
import {
  MEMBER_PRICES,
  chargeableSeats,
  cycleOfIntervalLength,
  devicePriceFor,
  dynamicDeviceUnitCents,
  formatCents,
  intervalLengthOfCycle,
  isPrototypeCode,
  monthlyOfAnnual,
  priceForCycle,
} from './prices.ts';

describe('prices (accounts §6, §9)', () => {
  it('shows an annual price per month as annual / 12', () => {
    expect(monthlyOfAnnual(106920)).toBe(8910);
    expect(monthlyOfAnnual(100)).toBe(8);
  });
  it('has the member prices of the spec', () => {
    expect(MEMBER_PRICES.observer).toBe(0);
    expect(MEMBER_PRICES.operator).toBe(2900);
    expect(MEMBER_PRICES['safe-operator']).toBe(2900);
    expect(MEMBER_PRICES.developer).toBe(4900);
    expect(MEMBER_PRICES['safe-developer']).toBe(4900);
    expect(MEMBER_PRICES.administrator).toBe(4900);
  });
  it('maps cycles and interval lengths', () => {
    expect(cycleOfIntervalLength(1)).toBe('monthly');
    expect(cycleOfIntervalLength(12)).toBe('annual');
    expect(intervalLengthOfCycle('annual')).toBe(12);
    expect(priceForCycle({ monthly_price: 9900, annual_price: 106920 }, 'annual')).toBe(106920);
  });
  it('prices devices by plan family and kind', () => {
    expect(isPrototypeCode('75m')).toBe(true);
    expect(isPrototypeCode('prototype-v2')).toBe(true);
    expect(isPrototypeCode('pilot-v2')).toBe(false);
    expect(devicePriceFor('prototype-v2', 'legacy')).toBe(200);
    expect(devicePriceFor('prototype-v2', 'microservices')).toBe(300);
    expect(devicePriceFor('pilot-v2', 'legacy')).toBe(150);
    expect(devicePriceFor('production-v2', 'microservices')).toBe(200);
  });
  it('reduces the dynamic unit price by the discount', () => {
    expect(dynamicDeviceUnitCents(0)).toBe(200);
    expect(dynamicDeviceUnitCents(25)).toBe(150);
    expect(dynamicDeviceUnitCents(150)).toBe(0);
  });
  it('consumes included seats from the most privileged role down', () => {
    expect(chargeableSeats({ administrator: 2, operator: 3, observer: 4 }, 3)).toMatchObject({ administrator: 0, operator: 2, observer: 4 });
    expect(chargeableSeats({ developer: 1 }, 0)).toMatchObject({ developer: 1, administrator: 0 });
  });
  it('formats cents as dollars with two decimals', () => {
    expect(formatCents(4900)).toBe('$49.00');
    expect(formatCents(106920)).toBe('$1,069.20');
    expect(formatCents(-150)).toBe('-$1.50');
  });
});
