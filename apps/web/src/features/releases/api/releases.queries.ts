import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as release from '@flotilla/core/schemas/odata/release';
import * as releaseTag from '@flotilla/core/schemas/odata/release-tag';
import * as user from '@flotilla/core/schemas/odata/user';
import { odataPage } from '../../../lib/odata.ts';
import { RELEASE_LIST_POLL_MS, RELEASE_PAGE_SIZE, RELEASE_TAG_CHIPS, releaseListFilter, releaseListScope, type ReleaseListParams } from '../release-list.ts';

/** Query keys of the releases area, everything under `all`. */
export const releaseKeys = {
  all: ['releases'] as const,
  byFleet: (fleetId: number) => [...releaseKeys.all, 'fleet', fleetId] as const,
  /** One page of the fleet's release list: each page and search is its own entry. */
  page: (fleetId: number, params: ReleaseListParams) => [...releaseKeys.byFleet(fleetId), 'page', params] as const,
};

/**
 * A release as its list row shows it: status (with the update time the build timeout is read
 * from), version, commit, dates, whether final, its author, how many devices run it (counted by
 * the server, `is_running_on__device/$count`) and its first tags by key.
 */
const releaseRow = release.row
  .pick({ id: true, commit: true, raw_version: true, status: true, created_at: true, update_timestamp: true, is_final: true })
  .extend({
    is_created_by__user: expanded(user.row.pick({ username: true })),
    is_running_on__device: z.number().int().nonnegative(),
    release_tag: expanded(releaseTag.row.pick({ tag_key: true, value: true })),
  });
export type ReleaseRow = z.output<typeof releaseRow>;

/**
 * One page of the fleet's releases, newest first, with the total the search matches (fleets
 * spec §7: success and not invalidated, or running; paged 50; search on version or tag). The
 * page on screen polls every 6 s, so a running build turns into a success (or a failure) by
 * itself; the previous page stays on screen while the next loads.
 */
export function fleetReleasePageQuery(fleetId: number, params: ReleaseListParams) {
  return queryOptions({
    queryKey: releaseKeys.page(fleetId, params),
    queryFn: () =>
      odataPage(
        releaseRow,
        {
          resource: release.resource,
          options: {
            $select: ['id', 'commit', 'raw_version', 'status', 'created_at', 'update_timestamp', 'is_final'],
            $expand: {
              is_created_by__user: { $select: ['username'] },
              is_running_on__device: { $count: {} },
              release_tag: { $select: ['tag_key', 'value'], $orderby: { tag_key: 'asc' }, $top: RELEASE_TAG_CHIPS + 1 },
            },
            $filter: releaseListFilter(fleetId, params.q),
            $orderby: { created_at: 'desc' },
            $top: RELEASE_PAGE_SIZE,
            $skip: (params.page - 1) * RELEASE_PAGE_SIZE,
          },
        },
        releaseListScope(fleetId),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: RELEASE_LIST_POLL_MS,
  });
}
