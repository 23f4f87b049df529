import { describe, expect, it } from 'vitest';
import { deployCommands, releaseTargeting, shortCommit } from './fleet-summary.ts';

const release = { id: 3, commit: 'abcdef0123456789', raw_version: '1.2.0' };

describe('releaseTargeting', () => {
  it('tells tracking the latest release, with the release it resolved to when there is one', () => {
    expect(releaseTargeting({ should_track_latest_release: true, should_be_running__release: [release] })).toEqual({ kind: 'latest', release });
    expect(releaseTargeting({ should_track_latest_release: true, should_be_running__release: [] })).toEqual({ kind: 'latest', release: null });
  });

  it('tells a pin from no target at all', () => {
    expect(releaseTargeting({ should_track_latest_release: false, should_be_running__release: [release] })).toEqual({ kind: 'pinned', release });
    expect(releaseTargeting({ should_track_latest_release: false, should_be_running__release: [] })).toEqual({ kind: 'none' });
  });
});

describe('summary text', () => {
  it('shortens commits and builds the deploy commands from the slug', () => {
    expect(shortCommit(release.commit)).toBe('abcdef0');
    expect(deployCommands('acme/greenhouse')).toEqual({ push: 'balena push acme/greenhouse', deploy: 'balena deploy acme/greenhouse' });
  });
});
