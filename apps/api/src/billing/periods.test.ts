import { describe, expect, it } from 'vitest';
import { addMonths, currentPeriodStart, nextPeriodStart } from './periods.ts';

describe('next bill date', () => {
  it('is the first period boundary after now', () => {
    const start = new Date('2026-01-31T12:00:00Z');
    expect(nextPeriodStart(start, 1, new Date('2026-02-15T00:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(nextPeriodStart(start, 12, new Date('2026-02-15T00:00:00Z')).toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(nextPeriodStart(start, 1, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 2).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(nextPeriodStart(start, 1, new Date('2026-05-01T00:00:00Z')).getTime()).toBeGreaterThan(new Date('2026-05-01T00:00:00Z').getTime());
  });
});

describe('current period start', () => {
  it('is the last period boundary at or before now, the start itself in the first period', () => {
    const start = new Date('2026-01-31T12:00:00Z');
    expect(currentPeriodStart(start, 1, new Date('2026-02-15T00:00:00Z')).toISOString()).toBe('2026-01-31T12:00:00.000Z');
    expect(currentPeriodStart(start, 1, new Date('2026-02-28T12:00:00Z')).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(currentPeriodStart(start, 1, new Date('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(currentPeriodStart(start, 12, new Date('2027-06-01T00:00:00Z')).toISOString()).toBe('2027-01-31T12:00:00.000Z');
    const now = new Date('2026-09-10T00:00:00Z');
    expect(nextPeriodStart(start, 1, now).getTime()).toBe(addMonths(start, 8).getTime());
    expect(currentPeriodStart(start, 1, now).getTime()).toBe(addMonths(start, 7).getTime());
  });
});
