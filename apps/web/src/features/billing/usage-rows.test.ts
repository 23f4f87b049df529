import { describe, expect, it } from 'vitest';
import { usageLabelKey, usageRows } from './usage-rows.ts';

describe('usage rows', () => {
  it('lists every key of either count, member roles in the cost order, then devices; a missing count is 0', () => {
    const rows = usageRows({
      currentUsage: { 'device:any': 12, 'member:observer': 3, 'member:administrator': 1 },
      peakUsage: { 'member:developer': 2, 'device:any': 15, 'member:administrator': 2 },
    });
    expect(rows).toEqual([
      { key: 'member:administrator', current: 1, peak: 2 },
      { key: 'member:developer', current: 0, peak: 2 },
      { key: 'member:observer', current: 3, peak: 0 },
      { key: 'device:any', current: 12, peak: 15 },
    ]);
  });

  it('keys labels without a colon, which i18next would read as a namespace', () => {
    expect(usageLabelKey('member:safe-operator')).toBe('usageKeys.member.safe-operator');
  });
});
