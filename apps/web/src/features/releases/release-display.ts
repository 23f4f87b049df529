import type { StatusColor } from '@flotilla/core/device-status';
import { effectiveReleaseStatus, releaseDisplayStatus, type ReleaseDisplayStatus } from '@flotilla/core/release-status';
import { releaseTargetMode, type ReleaseRefLike } from '../fleet-settings/release-target.ts';

/** Dot colours of the displayed release statuses (fleets spec §4 "Release status and display"). */
export const RELEASE_STATUS_COLOR: Record<ReleaseDisplayStatus, StatusColor> = {
  succeeded: 'success',
  running: 'info',
  failed: 'error',
  cancelled: 'neutral',
  local: 'neutral',
};

export interface ReleaseRowStatus {
  display: ReleaseDisplayStatus;
  color: StatusColor;
  /** A build still running (updated within the build timeout): the row shows it in progress. */
  isBuilding: boolean;
}

/**
 * How a release's status reads in a list row: a running build not updated for longer than the
 * build timeout is timed out, so failed (packages/core release-status.ts); one still running
 * shows the build-in-progress indicator.
 */
export function releaseRowStatus(release: { status: string; update_timestamp: string }, now: number = Date.now()): ReleaseRowStatus {
  const effective = effectiveReleaseStatus(release, now);
  const display = releaseDisplayStatus(effective);
  return { display, color: RELEASE_STATUS_COLOR[display], isBuilding: effective === 'running' };
}

/**
 * The fleet's target marker on a release row (fleets spec §4 "Fleet release targeting"): the
 * release the fleet runs shows "track latest" when the fleet follows its newest release,
 * "pinned" when it was chosen; every other release shows none.
 */
export function releaseTargetMarker(
  fleet: { should_track_latest_release: boolean; should_be_running__release: readonly ReleaseRefLike[] },
  releaseId: number,
): 'latest' | 'pinned' | null {
  if (fleet.should_be_running__release[0]?.id !== releaseId) return null;
  const mode = releaseTargetMode(fleet);
  return mode === 'none' ? null : mode;
}
