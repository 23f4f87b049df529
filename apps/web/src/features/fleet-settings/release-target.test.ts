import { describe, expect, it } from 'vitest';
import { releaseChoicesWithPin, releaseTargetMode, releaseText } from './release-target.ts';

const release = { id: 3, commit: 'abcdef1234567890', raw_version: '1.2.3' };

describe('fleet release targeting (fleets spec §4)', () => {
  it('tracks latest whenever the flag is set, even with a target release', () => {
    expect(releaseTargetMode({ should_track_latest_release: true, should_be_running__release: [release] })).toBe('latest');
    expect(releaseTargetMode({ should_track_latest_release: true, should_be_running__release: [] })).toBe('latest');
  });

  it('is pinned with a release and none ("No release") without', () => {
    expect(releaseTargetMode({ should_track_latest_release: false, should_be_running__release: [release] })).toBe('pinned');
    expect(releaseTargetMode({ should_track_latest_release: false, should_be_running__release: [] })).toBe('none');
  });

  it('labels a release by version and short commit', () => {
    expect(releaseText(release)).toBe('1.2.3 (abcdef1)');
    expect(releaseText({ commit: 'abcdef1234567890', raw_version: '' })).toBe('abcdef1');
  });

  it('offers a pin outside the list once, after the listed releases', () => {
    const older = { id: 1, commit: '1111111aaaa', raw_version: '0.1.0' };
    expect(releaseChoicesWithPin([release], older)).toEqual([release, older]);
    expect(releaseChoicesWithPin([release, older], older)).toEqual([release, older]);
    expect(releaseChoicesWithPin([release], null)).toEqual([release]);
    expect(releaseChoicesWithPin([], older)).toEqual([older]);
  });
});
