import { describe, expect, it } from 'vitest';
import { FLEET_CHANGE_ERRORS, SUPPORT_ACCESS_CLOCK_LEEWAY_MS } from '@flotilla/core/fleet-change-messages';
import { checkSupportAccessDate } from './fleet-changes.ts';

describe('support access date (fleets spec §5: the minimum is now)', () => {
  const now = Date.parse('2026-11-25T12:00:00.000Z');
  const at = (ms: number) => ({ is_accessible_by_support_until__date: new Date(ms).toISOString() });

  it('accepts a future date, now, and no date (revoke or not sent)', () => {
    expect(() => checkSupportAccessDate(at(now + 5 * 60_000), now)).not.toThrow();
    expect(() => checkSupportAccessDate(at(now), now)).not.toThrow();
    expect(() => checkSupportAccessDate({ is_accessible_by_support_until__date: null }, now)).not.toThrow();
    expect(() => checkSupportAccessDate({}, now)).not.toThrow();
  });

  it('allows the clock leeway between client and server, and refuses anything earlier', () => {
    expect(() => checkSupportAccessDate(at(now - SUPPORT_ACCESS_CLOCK_LEEWAY_MS), now)).not.toThrow();
    expect(() => checkSupportAccessDate(at(now - SUPPORT_ACCESS_CLOCK_LEEWAY_MS - 1), now)).toThrow(FLEET_CHANGE_ERRORS.supportAccessPast.message);
    expect(() => checkSupportAccessDate(at(Date.parse('2001-01-01T00:00:00Z')), now)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
