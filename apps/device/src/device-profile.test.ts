import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE, profileFor, VARIED_PROFILES } from './device-profile.ts';

describe('device profiles', () => {
  it('keeps every device on the default unless the fleet is varied, then cycles through the mix', () => {
    expect(profileFor(3, false)).toEqual(DEFAULT_PROFILE);
    expect([0, 1, 2, 3, 4, 5].map((i) => profileFor(i, true).osVersion)).toEqual([
      'balenaOS 6.0.0',
      'balenaOS 6.0.0',
      'balenaOS 5.3.21',
      'balenaOS 2.115.1',
      'balenaOS 2024.10.1',
      'balenaOS 6.0.0',
    ]);
    expect(VARIED_PROFILES.some((p) => p.osVariant === 'dev')).toBe(true);
  });
});
