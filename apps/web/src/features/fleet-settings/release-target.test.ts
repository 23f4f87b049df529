import { describe, expect, it } from 'vitest';
import { releaseTargetMode, releaseText } from './release-target.ts';

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
});
