/**
 * The fleet's release targeting as the settings show it (fleets spec §4 "Fleet release
 * targeting"): track latest, none ("No release") or pinned to a release. Tracking latest wins
 * over whatever release the fleet points at (that is the latest); otherwise a release means a pin.
 */
export type ReleaseTargetMode = 'latest' | 'none' | 'pinned';

export interface ReleaseRefLike {
  id: number;
  commit: string;
  raw_version: string;
}

export function releaseTargetMode(fleet: { should_track_latest_release: boolean; should_be_running__release: readonly ReleaseRefLike[] }): ReleaseTargetMode {
  if (fleet.should_track_latest_release) return 'latest';
  return fleet.should_be_running__release.length > 0 ? 'pinned' : 'none';
}

/** A release as "1.2.3 (abcdef1)": version with the short commit; the commit alone without a version. */
export function releaseText(release: { commit: string; raw_version: string | null }): string {
  const commit = release.commit.slice(0, 7);
  return release.raw_version ? `${release.raw_version} (${commit})` : commit;
}

/**
 * The releases a pin picker offers: `releases`, plus the current pin when it is not among them
 * (older than the newest the list reads, or invalidated), so a pin stays selectable as it is.
 */
export function releaseChoicesWithPin(releases: readonly ReleaseRefLike[], pinned: ReleaseRefLike | null | undefined): ReleaseRefLike[] {
  const choices = releases.map(({ id, commit, raw_version }) => ({ id, commit, raw_version }));
  if (pinned && !choices.some((r) => r.id === pinned.id)) choices.push({ id: pinned.id, commit: pinned.commit, raw_version: pinned.raw_version });
  return choices;
}
