import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { createBuildTimeWatcher, BUILD_TIME_POLL_MS } from '../build-time.ts';
import { parseChangelog } from '../changelog.ts';

/** Reads of the signed-in shell: the changelog, the build time (header links: `headerLinksQuery`). */
export const shellKeys = {
  all: ['shell'] as const,
  changelog: () => [...shellKeys.all, 'changelog'] as const,
  buildTime: () => [...shellKeys.all, 'build-time'] as const,
};

/**
 * The header's links from public `GET /config` (accounts spec §2 Header); unset ones are null.
 * The same query as the user menu's and the avatar's (`clientConfigQuery`), so the shell asks
 * for /config once; the header simply shows no links when it fails.
 */
export const headerLinksQuery = queryOptions({
  ...clientConfigQuery,
  select: (config) => config.headerLinks,
});

/** `/CHANGELOG.md` shipped with the build (accounts spec §7: no token), parsed into versions. */
export const changelogQuery = queryOptions({
  queryKey: shellKeys.changelog(),
  queryFn: async () => parseChangelog(z.string().parse(await apiRequest('/CHANGELOG.md', { auth: false }))),
  staleTime: Infinity,
  meta: { silent: true },
});

const watchBuildTime = createBuildTimeWatcher();

/**
 * `/buildtime.txt` polled every 600000 ms (accounts spec §7), compared with the first value this
 * page read: `isOutOfDate` once a newer dashboard has been deployed (§8).
 */
export const buildTimeQuery = queryOptions({
  queryKey: shellKeys.buildTime(),
  queryFn: async () => watchBuildTime(z.string().parse(await apiRequest('/buildtime.txt', { auth: false }))),
  refetchInterval: BUILD_TIME_POLL_MS,
  retry: false,
  meta: { silent: true },
});
