import { describe, expect, it } from 'vitest';
import { resolveKeyExpiry, todayDateValue } from './key-expiry.ts';

const NOW = new Date(2026, 10, 25, 12, 0, 0).getTime();

describe('resolveKeyExpiry', () => {
  it('blank is a key that never expires', () => {
    expect(resolveKeyExpiry('', NOW)).toEqual({ ok: true, expiryDate: null });
    expect(resolveKeyExpiry('   ', NOW)).toEqual({ ok: true, expiryDate: null });
  });

  it('a day lasts until its end in local time, today included', () => {
    expect(resolveKeyExpiry('2026-11-25', NOW)).toEqual({ ok: true, expiryDate: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString() });
    expect(resolveKeyExpiry('2027-01-31', NOW)).toEqual({ ok: true, expiryDate: new Date(2027, 0, 31, 23, 59, 59, 999).toISOString() });
  });

  it('refuses a past day and days that do not exist', () => {
    expect(resolveKeyExpiry('2026-11-24', NOW)).toEqual({ ok: false, error: 'dateInPast' });
    expect(resolveKeyExpiry('2027-02-31', NOW)).toEqual({ ok: false, error: 'invalidDate' });
    expect(resolveKeyExpiry('tomorrow', NOW)).toEqual({ ok: false, error: 'invalidDate' });
  });

  it('today is the input minimum', () => {
    expect(todayDateValue(NOW)).toBe('2026-11-25');
  });
});
