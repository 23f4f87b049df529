/**
 * The out-of-date check (accounts spec §7 "/buildtime.txt … polled every 600000 ms", §8
 * "Dashboard out of date alert with refresh link when build time differs from the first
 * seen"). The first build time this page read is the one it runs; any later different one
 * means a newer dashboard was deployed.
 */
export const BUILD_TIME_POLL_MS = 600_000;

export interface BuildTimeCheck {
  firstSeen: string;
  latest: string;
  isOutOfDate: boolean;
}

/** Remembers the first build time it is shown and compares each later one with it. */
export function createBuildTimeWatcher(): (buildTime: string) => BuildTimeCheck {
  let firstSeen: string | null = null;
  return (buildTime) => {
    const latest = buildTime.trim();
    if (latest !== '') firstSeen ??= latest;
    return { firstSeen: firstSeen ?? '', latest, isOutOfDate: latest !== '' && firstSeen !== null && latest !== firstSeen };
  };
}
