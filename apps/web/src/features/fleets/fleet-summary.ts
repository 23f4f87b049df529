import type { FleetWithSettings } from './api/fleets.queries.ts';

/**
 * The fleet's release targeting as the summary states it (fleets spec §4 "Fleet release
 * targeting"): following the latest successful release, pinned to one, or none at all.
 */
export type ReleaseTargeting =
  | { kind: 'latest'; release: { id: number; commit: string; raw_version: string } | null }
  | { kind: 'pinned'; release: { id: number; commit: string; raw_version: string } }
  | { kind: 'none' };

export function releaseTargeting(fleet: Pick<FleetWithSettings, 'should_track_latest_release' | 'should_be_running__release'>): ReleaseTargeting {
  const release = fleet.should_be_running__release[0] ?? null;
  if (fleet.should_track_latest_release) return { kind: 'latest', release };
  return release ? { kind: 'pinned', release } : { kind: 'none' };
}

/** A commit as the dashboard shows it beside a version: its first 7 characters. */
export const shortCommit = (commit: string): string => commit.slice(0, 7);

/** The CLI commands that put a release on an existing fleet (the "Deploy to existing fleet" dialog). */
export function deployCommands(slug: string): { push: string; deploy: string } {
  return { push: `balena push ${slug}`, deploy: `balena deploy ${slug}` };
}

/** The summary's release card refreshes this often (fleets spec §9 Timing "Releases and release card: 6 s"). */
export const RELEASE_CARD_POLL_MS = 6_000;
