import { describe, expect, it } from 'vitest';
import { defaultSupportAccessUntil, isSupportAccessActive, supportAccessDateProblem, supportAccessMinimum, toDateTimeLocal } from './support-access.ts';

const now = new Date('2026-11-25T10:00:00.000Z');

describe('support access date (fleets spec §5, §9)', () => {
  it('defaults to now plus 5 minutes', () => {
    expect(defaultSupportAccessUntil(now).toISOString()).toBe('2026-11-25T10:05:00.000Z');
  });

  it('has now as its minimum', () => {
    expect(supportAccessMinimum(now).getTime()).toBe(now.getTime());
    expect(supportAccessDateProblem(new Date(now.getTime() - 60_000).toISOString(), now)).toBe('past');
    expect(supportAccessDateProblem(now.toISOString(), now)).toBeNull();
    expect(supportAccessDateProblem(defaultSupportAccessUntil(now).toISOString(), now)).toBeNull();
  });

  it('needs a valid date', () => {
    expect(supportAccessDateProblem('', now)).toBe('required');
    expect(supportAccessDateProblem(null, now)).toBe('required');
    expect(supportAccessDateProblem('next tuesday-ish', now)).toBe('invalid');
  });

  it('is active only while the date is in the future', () => {
    expect(isSupportAccessActive(null, now)).toBe(false);
    expect(isSupportAccessActive('2026-11-25T09:59:59.000Z', now)).toBe(false);
    expect(isSupportAccessActive('2026-11-25T10:00:01.000Z', now)).toBe(true);
  });

  it('writes a date-time-local value from local parts, which reads back as the same minute', () => {
    const local = toDateTimeLocal(new Date(2026, 0, 2, 3, 4, 59));
    expect(local).toBe('2026-01-02T03:04');
    expect(new Date(local).getTime()).toBe(new Date(2026, 0, 2, 3, 4).getTime());
  });
});
