import { describe, expect, it } from 'vitest';
import { FREEZE_AFTER_PAST_DUE_DAYS, PAST_DUE_WARNING_BELOW_DAYS, freezeCutoff, pastDueStatus } from './past-due.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY - extraMs).toISOString();

describe('pastDueStatus (accounts §4, §9)', () => {
  it('is none without a past-due date', () => {
    expect(pastDueStatus(null, now)).toEqual({ level: 'none', daysPastDue: 0, daysUntilFreeze: 0 });
    expect(pastDueStatus(undefined, now).level).toBe('none');
  });

  it('warns below 30 days, errors from 30 to 59 with the days until freezing, freezes from 60', () => {
    expect(pastDueStatus(daysAgo(0), now)).toEqual({ level: 'warning', daysPastDue: 0, daysUntilFreeze: 60 });
    expect(pastDueStatus(daysAgo(29, DAY - 1), now)).toEqual({ level: 'warning', daysPastDue: 29, daysUntilFreeze: 31 });
    expect(pastDueStatus(daysAgo(30), now)).toEqual({ level: 'error', daysPastDue: 30, daysUntilFreeze: 30 });
    expect(pastDueStatus(daysAgo(59, DAY - 1), now)).toEqual({ level: 'error', daysPastDue: 59, daysUntilFreeze: 1 });
    expect(pastDueStatus(daysAgo(60), now)).toEqual({ level: 'frozen', daysPastDue: 60, daysUntilFreeze: 0 });
    expect(pastDueStatus(daysAgo(400), now).level).toBe('frozen');
    expect([PAST_DUE_WARNING_BELOW_DAYS, FREEZE_AFTER_PAST_DUE_DAYS]).toEqual([30, 60]);
  });

  it('counts a future or unreadable date as due today', () => {
    expect(pastDueStatus(new Date(now.getTime() + DAY), now)).toMatchObject({ level: 'warning', daysPastDue: 0 });
    expect(pastDueStatus('not a date', now)).toMatchObject({ level: 'warning', daysPastDue: 0 });
  });

  it('freezes exactly the dates the notice calls frozen', () => {
    const cutoff = freezeCutoff(now);
    expect(pastDueStatus(cutoff, now).level).toBe('frozen');
    expect(pastDueStatus(new Date(cutoff.getTime() + 1), now).level).toBe('error');
  });
});
