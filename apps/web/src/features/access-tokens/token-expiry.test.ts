import { describe, expect, it } from 'vitest';
import { EXPIRY_CHOICES, dateTimeLocalValue, resolveExpiry } from './token-expiry.ts';

const NOW = Date.UTC(2026, 0, 10, 12, 0, 0);

describe('resolveExpiry', () => {
  it('offers the spec presets, custom and never', () => {
    expect(EXPIRY_CHOICES).toEqual(['1', '7', '30', '90', 'custom', 'never']);
  });

  it.each([
    ['1', '2026-01-11T12:00:00.000Z'],
    ['7', '2026-01-17T12:00:00.000Z'],
    ['30', '2026-02-09T12:00:00.000Z'],
    ['90', '2026-04-10T12:00:00.000Z'],
  ] as const)('a %s-day preset expires that many days from now', (choice, expected) => {
    expect(resolveExpiry(choice, '', NOW)).toEqual({ ok: true, expiryDate: expected });
  });

  it('never sends null', () => {
    expect(resolveExpiry('never', '', NOW)).toEqual({ ok: true, expiryDate: null });
  });

  it('a custom date-time must be given and not in the past', () => {
    expect(resolveExpiry('custom', '', NOW)).toEqual({ ok: false, error: 'customRequired' });
    expect(resolveExpiry('custom', 'not a date', NOW)).toEqual({ ok: false, error: 'customRequired' });
    expect(resolveExpiry('custom', '2026-01-10T11:59:00Z', NOW)).toEqual({ ok: false, error: 'customInPast' });
    expect(resolveExpiry('custom', '2026-03-01T08:30:00Z', NOW)).toEqual({ ok: true, expiryDate: '2026-03-01T08:30:00.000Z' });
  });

  it('formats the datetime-local minimum in local time', () => {
    const value = dateTimeLocalValue(NOW);
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(value).getTime()).toBe(NOW - (NOW % 60_000) - 0);
  });
});
