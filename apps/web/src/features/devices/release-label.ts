import type { ReleaseRef } from './api/devices.queries.ts';

/** A release as "1.2.3 (abcdef1)": version with the short commit. */
export function releaseLabel(release: ReleaseRef | undefined): string | null {
  if (!release) return null;
  const commit = release.commit.slice(0, 7);
  return release.raw_version ? `${release.raw_version} (${commit})` : commit;
}
