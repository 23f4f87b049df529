import { describe, expect, it } from 'vitest';
import { createBuildTimeWatcher } from './build-time.ts';

describe('createBuildTimeWatcher', () => {
  it('is up to date while the build time stays the first one seen', () => {
    const check = createBuildTimeWatcher();
    expect(check('2026-11-25T07:00:00.000Z\n')).toEqual({ firstSeen: '2026-11-25T07:00:00.000Z', latest: '2026-11-25T07:00:00.000Z', isOutOfDate: false });
    expect(check('2026-11-25T07:00:00.000Z').isOutOfDate).toBe(false);
  });

  it('is out of date once another build time is served, and stays compared with the first', () => {
    const check = createBuildTimeWatcher();
    check('A');
    expect(check('B')).toEqual({ firstSeen: 'A', latest: 'B', isOutOfDate: true });
    expect(check('A').isOutOfDate).toBe(false);
  });

  it('ignores an empty answer, also as the first one', () => {
    const check = createBuildTimeWatcher();
    expect(check('').isOutOfDate).toBe(false);
    check('A');
    expect(check('  ').isOutOfDate).toBe(false);
    expect(check('A').isOutOfDate).toBe(false);
  });
});
