import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { publicConfigResponse } from '@flotilla/core/schemas/config';
import { apiRequest } from '../../../lib/http.ts';
import { createBuildTimeWatcher, BUILD_TIME_POLL_MS } from '../build-time.ts';
import { parseChangelog } from '../changelog.ts';

/** Reads of the signed-in shell: header links, the changelog, the build time. */
export const shellKeys = {
  all: ['shell'] as const,
  headerLinks: () => [...shellKeys.all, 'header-links'] as const,
  changelog: () => [...shellKeys.all, 'changelog'] as const,
  buildTime: () => [...shellKeys.all, 'build-time'] as const,
};

const headerLinksAnswer = publicConfigResponse.pick({ headerLinks: true });

/** The header's links from public `GET /config` (accounts spec §2 Header); unset ones are null. */
export const headerLinksQuery = queryOptions({
  queryKey: shellKeys.headerLinks(),
  queryFn: async () => headerLinksAnswer.parse(await apiRequest('/config', { auth: false })).headerLinks,
  staleTime: Infinity,
  // The header simply shows no links when this fails.
  meta: { silent: true },
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
