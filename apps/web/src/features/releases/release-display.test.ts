import { describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS } from '@flotilla/core/release-status';
import { releaseRowStatus, releaseTargetMarker } from './release-display.ts';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('release row status', () => {
  it('shows success as succeeded, green', () => {
    expect(releaseRowStatus({ status: 'success', update_timestamp: ago(10 * BUILD_TIMEOUT_MS) }, NOW)).toEqual({ display: 'succeeded', color: 'success', isBuilding: false });
  });

  it('shows a running build as in progress until it is silent for longer than the build timeout, then failed', () => {
    expect(releaseRowStatus({ status: 'running', update_timestamp: ago(BUILD_TIMEOUT_MS) }, NOW)).toEqual({ display: 'running', color: 'info', isBuilding: true });
    expect(releaseRowStatus({ status: 'running', update_timestamp: ago(BUILD_TIMEOUT_MS + 1000) }, NOW)).toEqual({ display: 'failed', color: 'error', isBuilding: false });
  });

  it('shows error, failed, timeout and interrupted as failed; cancelled and local as themselves', () => {
    for (const status of ['error', 'failed', 'timeout', 'interrupted']) expect(releaseRowStatus({ status, update_timestamp: ago(0) }, NOW).display).toBe('failed');
    expect(releaseRowStatus({ status: 'cancelled', update_timestamp: ago(0) }, NOW)).toMatchObject({ display: 'cancelled', color: 'neutral' });
    expect(releaseRowStatus({ status: 'local', update_timestamp: ago(0) }, NOW)).toMatchObject({ display: 'local', color: 'neutral' });
  });
});

describe('release target marker', () => {
  const target = [{ id: 5, commit: 'abc', raw_version: '1.0.0' }];
  it('marks the release the fleet runs: track latest, or pinned', () => {
    expect(releaseTargetMarker({ should_track_latest_release: true, should_be_running__release: target }, 5)).toBe('latest');
    expect(releaseTargetMarker({ should_track_latest_release: false, should_be_running__release: target }, 5)).toBe('pinned');
  });
  it('marks no other release, and none when the fleet runs no release', () => {
    expect(releaseTargetMarker({ should_track_latest_release: true, should_be_running__release: target }, 6)).toBeNull();
    expect(releaseTargetMarker({ should_track_latest_release: false, should_be_running__release: [] }, 5)).toBeNull();
  });
});
