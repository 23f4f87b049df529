import { describe, expect, it } from 'vitest';
import {
  BUILD_TIMEOUT_MS,
  RELEASE_MESSAGES,
  RELEASE_STATUSES,
  canValidateRelease,
  effectiveReleaseStatus,
  releaseDisplayStatus,
  releaseSemverProblem,
  showsImageStatusIcon,
} from './release-status.ts';

describe('RELEASE_STATUSES', () => {
  it('lists the eight spec values', () => {
    expect([...RELEASE_STATUSES].sort()).toEqual(
      ['cancelled', 'error', 'failed', 'interrupted', 'local', 'running', 'success', 'timeout'],
    );
  });
});

describe('effectiveReleaseStatus', () => {
  const now = Date.parse('2026-01-01T00:10:00Z');
  it('treats a running build silent for over 120 s as timed out', () => {
    const stale = new Date(now - BUILD_TIMEOUT_MS - 1).toISOString();
    expect(effectiveReleaseStatus({ status: 'running', update_timestamp: stale }, now)).toBe('timeout');
  });
  it('keeps a running build that updated within 120 s running', () => {
    expect(effectiveReleaseStatus({ status: 'running', update_timestamp: new Date(now - BUILD_TIMEOUT_MS) }, now)).toBe(
      'running',
    );
  });
  it('leaves other statuses alone however old', () => {
    expect(effectiveReleaseStatus({ status: 'success', update_timestamp: '2000-01-01T00:00:00Z' }, now)).toBe('success');
    expect(effectiveReleaseStatus({ status: 'failed', update_timestamp: '2000-01-01T00:00:00Z' }, now)).toBe('failed');
  });
  it('reports an unknown stored status as error', () => {
    expect(effectiveReleaseStatus({ status: 'weird', update_timestamp: new Date(now) }, now)).toBe('error');
  });
});

describe('releaseDisplayStatus', () => {
  it('maps every status to its display', () => {
    expect(releaseDisplayStatus('success')).toBe('succeeded');
    expect(releaseDisplayStatus('running')).toBe('running');
    for (const s of ['error', 'failed', 'timeout', 'interrupted']) expect(releaseDisplayStatus(s)).toBe('failed');
    expect(releaseDisplayStatus('cancelled')).toBe('cancelled');
    expect(releaseDisplayStatus('local')).toBe('local');
  });
});

describe('showsImageStatusIcon', () => {
  it('hides the icon for running, cancelled and local only', () => {
    for (const s of ['running', 'cancelled', 'local']) expect(showsImageStatusIcon(s)).toBe(false);
    for (const s of ['success', 'failed', 'error', 'timeout', 'interrupted']) expect(showsImageStatusIcon(s)).toBe(true);
  });
});

describe('canValidateRelease', () => {
  it('refuses failed and cancelled statuses', () => {
    for (const s of ['failed', 'error', 'interrupted', 'cancelled', 'timeout']) expect(canValidateRelease(s)).toBe(false);
    for (const s of ['success', 'running', 'local']) expect(canValidateRelease(s)).toBe(true);
  });
});

describe('RELEASE_MESSAGES', () => {
  it('carries the spec wording', () => {
    expect(RELEASE_MESSAGES.alreadyFinalized).toContain('already finalized');
    expect(RELEASE_MESSAGES.willNotUnfinalize).toContain('will not be able to unfinalize');
    expect(RELEASE_MESSAGES.actionIrreversible).toContain('action cannot be reversed');
    expect(RELEASE_MESSAGES.cannotValidateFailed).toContain('Cannot validate failed releases');
    expect(RELEASE_MESSAGES.cannotDeletePinned).toContain('cannot delete pinned releases');
  });
});

describe('releaseSemverProblem', () => {
  it('accepts a three-part digits-only version', () => {
    expect(releaseSemverProblem('1.2.3')).toBeNull();
    expect(releaseSemverProblem('0.0.0')).toBeNull();
    expect(releaseSemverProblem(' 10.20.30 ')).toBeNull();
  });
  it('rejects anything else', () => {
    for (const v of ['', '1.2', '1.2.3.4', 'v1.2.3', '1.2.3-beta', '1.2.3+rev1', '01.2.3', 'a.b.c', '1..3']) {
      expect(releaseSemverProblem(v)).not.toBeNull();
    }
  });
});
