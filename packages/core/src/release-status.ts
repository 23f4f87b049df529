/**
 * Release status vocabulary, its display mapping and the status-based release rules
 * (fleets spec §4 "Release status and display", "Release rules"; §8 release messages).
 * Shared by the API's release hooks and the dashboard's release screens.
 */

export const RELEASE_STATUSES = [
  'cancelled',
  'interrupted',
  'error',
  'timeout',
  'failed',
  'local',
  'running',
  'success',
] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

/** A running build with no update for longer than this is treated as timed out. */
export const BUILD_TIMEOUT_MS = 120_000;

export function isReleaseStatus(value: unknown): value is ReleaseStatus {
  return typeof value === 'string' && (RELEASE_STATUSES as readonly string[]).includes(value);
}

/**
 * The status to show and act on: a `running` release whose update_timestamp is older than
 * BUILD_TIMEOUT_MS is `timeout` (the builder died without saying so). Unknown stored values
 * are reported as `error` so callers never see an out-of-vocabulary status.
 */
export function effectiveReleaseStatus(
  r: { status: string; update_timestamp: string | Date },
  now: number = Date.now(),
): ReleaseStatus {
  if (!isReleaseStatus(r.status)) return 'error';
  if (r.status !== 'running') return r.status;
  const updated = new Date(r.update_timestamp).getTime();
  if (Number.isFinite(updated) && now - updated > BUILD_TIMEOUT_MS) return 'timeout';
  return 'running';
}

export type ReleaseDisplayStatus = 'succeeded' | 'running' | 'failed' | 'cancelled' | 'local';

/** success → succeeded; error, failed, timeout, interrupted → failed; others as themselves. */
export function releaseDisplayStatus(status: string): ReleaseDisplayStatus {
  switch (status) {
    case 'success':
      return 'succeeded';
    case 'running':
      return 'running';
    case 'cancelled':
      return 'cancelled';
    case 'local':
      return 'local';
    default:
      return 'failed';
  }
}

/** Running, cancelled and local releases show no per-image status icon. */
export function showsImageStatusIcon(status: string): boolean {
  return status !== 'running' && status !== 'cancelled' && status !== 'local';
}

const UNVALIDATABLE: readonly string[] = ['failed', 'error', 'interrupted', 'cancelled', 'timeout'];

/** Failed or cancelled releases cannot be validated (is_invalidated back to false). */
export function canValidateRelease(status: string): boolean {
  return !UNVALIDATABLE.includes(status);
}

export const RELEASE_MESSAGES = {
  alreadyFinalized: 'This release is already finalized and cannot be made a draft again.',
  willNotUnfinalize: 'You will not be able to unfinalize this release.',
  actionIrreversible: 'This action cannot be reversed.',
  cannotValidateFailed: 'Cannot validate failed releases.',
  cannotDeletePinned: 'You cannot delete pinned releases. Unpin it from the fleet and its devices first.',
} as const;

const THREE_PART_SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/** The release version edit accepts only a plain x.y.z of digits. Returns a message or null. */
export function releaseSemverProblem(value: string): string | null {
  const v = value.trim();
  if (v === '') return 'Enter a version.';
  if (!THREE_PART_SEMVER.test(v)) return 'Use a version of the form x.y.z with digits only, for example 1.2.3.';
  const parts = v.split('.').map(Number);
  if (parts.some((n) => !Number.isSafeInteger(n))) return 'Each part of the version must be a whole number.';
  return null;
}
