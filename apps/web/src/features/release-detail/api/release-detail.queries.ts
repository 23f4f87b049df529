import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as image from '@flotilla/core/schemas/odata/image';
import * as release from '@flotilla/core/schemas/odata/release';
import * as releaseAsset from '@flotilla/core/schemas/odata/release-asset';
import * as releaseImage from '@flotilla/core/schemas/odata/release-image';
import * as releaseTag from '@flotilla/core/schemas/odata/release-tag';
import * as service from '@flotilla/core/schemas/odata/service';
import * as user from '@flotilla/core/schemas/odata/user';
import { odataList } from '../../../lib/odata.ts';

/** Releases and the release card refresh every 6 s (fleets spec §9 Timing). */
export const RELEASE_POLL_MS = 6_000;

/**
 * Query keys of one release's reads, all under `detail(releaseId)`: a write to the release
 * invalidates that, and every part of the page refreshes.
 */
export const releaseDetailKeys = {
  all: ['release-detail'] as const,
  detail: (releaseId: number) => [...releaseDetailKeys.all, releaseId] as const,
  summary: (fleetId: number, releaseId: number) => [...releaseDetailKeys.detail(releaseId), 'summary', fleetId] as const,
  build: (releaseId: number) => [...releaseDetailKeys.detail(releaseId), 'build'] as const,
  images: (releaseId: number) => [...releaseDetailKeys.detail(releaseId), 'images'] as const,
  tags: (releaseId: number) => [...releaseDetailKeys.detail(releaseId), 'tags'] as const,
};

const releaseSummaryRow = release.row
  .pick({
    id: true,
    commit: true,
    raw_version: true,
    semver: true,
    status: true,
    source: true,
    is_final: true,
    is_invalidated: true,
    created_at: true,
    start_timestamp: true,
    update_timestamp: true,
    end_timestamp: true,
    known_issue_list: true,
    note: true,
  })
  .extend({
    is_created_by__user: expanded(user.row.pick({ id: true, username: true })),
    release_asset: z.array(releaseAsset.row.pick({ id: true, asset_key: true, asset: true })),
    // `$count` expands: devices pinned to it, and whether it is its fleet's target (§4 "Release rules").
    is_pinned_to__device: z.number().int(),
    should_be_running_on__application: z.number().int(),
  });
export type ReleaseSummary = z.output<typeof releaseSummaryRow>;

/**
 * The release's header, notes and assets, and what the settings need (pins, target): what every
 * reader of the fleet sees, observers included (fleets spec §2 "Release detail"). Filtered by
 * its fleet too, so a release of another fleet under this fleet's URL is "not found". Null when
 * it does not exist or is not visible.
 */
export function releaseSummaryQuery(fleetId: number, releaseId: number) {
  return queryOptions({
    queryKey: releaseDetailKeys.summary(fleetId, releaseId),
    queryFn: async (): Promise<ReleaseSummary | null> => {
      const rows = await odataList(releaseSummaryRow, {
        resource: release.resource,
        options: {
          $select: ['id', 'commit', 'raw_version', 'semver', 'status', 'source', 'is_final', 'is_invalidated', 'created_at', 'start_timestamp', 'update_timestamp', 'end_timestamp', 'known_issue_list', 'note'],
          $filter: { id: releaseId, belongs_to__application: fleetId },
          $expand: {
            is_created_by__user: { $select: ['id', 'username'] },
            release_asset: { $select: ['id', 'asset_key', 'asset'], $orderby: { asset_key: 'asc' } },
            is_pinned_to__device: { $count: {} },
            should_be_running_on__application: { $count: {} },
          },
        },
      });
      return rows[0] ?? null;
    },
    refetchInterval: RELEASE_POLL_MS,
  });
}

const releaseBuildRow = release.row.pick({ id: true, composition: true, build_log: true });
export type ReleaseBuild = z.output<typeof releaseBuildRow>;

/** The composition and build log (large texts), read only for those who see them (not observers). */
export function releaseBuildQuery(releaseId: number) {
  return queryOptions({
    queryKey: releaseDetailKeys.build(releaseId),
    queryFn: async (): Promise<ReleaseBuild | null> => {
      const rows = await odataList(releaseBuildRow, { resource: release.resource, options: { $select: ['id', 'composition', 'build_log'], $filter: { id: releaseId } } });
      return rows[0] ?? null;
    },
    refetchInterval: RELEASE_POLL_MS,
  });
}

const releaseImageRow = releaseImage.row.pick({ id: true }).extend({
  image: expanded(
    image.row
      .pick({ id: true, status: true, image_size: true, push_timestamp: true, is_stored_at__image_location: true, dockerfile: true, error_message: true })
      .extend({ is_a_build_of__service: expanded(service.row.pick({ id: true, service_name: true })) }),
  ),
});

/** One row of the image table (fleets spec §3 release_image). */
export interface ReleaseImageItem {
  id: number;
  serviceName: string;
  status: string;
  size: number | null;
  pushedAt: string | null;
  location: string;
  dockerfile: string | null;
  errorMessage: string | null;
}

function toImageItem(row: z.output<typeof releaseImageRow>): ReleaseImageItem | null {
  const img = row.image[0];
  if (!img) return null;
  return {
    id: row.id,
    serviceName: img.is_a_build_of__service[0]?.service_name ?? '',
    status: img.status,
    size: img.image_size,
    pushedAt: img.push_timestamp,
    location: img.is_stored_at__image_location,
    dockerfile: img.dockerfile,
    errorMessage: img.error_message,
  };
}

/** The release's images with their service, by service name. */
export function releaseImagesQuery(releaseId: number) {
  return queryOptions({
    queryKey: releaseDetailKeys.images(releaseId),
    queryFn: async (): Promise<ReleaseImageItem[]> => {
      const rows = await odataList(releaseImageRow, {
        resource: releaseImage.resource,
        options: {
          $select: ['id'],
          $filter: { is_part_of__release: releaseId },
          $expand: {
            image: {
              $select: ['id', 'status', 'image_size', 'push_timestamp', 'is_stored_at__image_location', 'dockerfile', 'error_message'],
              $expand: { is_a_build_of__service: { $select: ['id', 'service_name'] } },
            },
          },
        },
      });
      return rows
        .map(toImageItem)
        .filter((item): item is ReleaseImageItem => item !== null)
        .sort((a, b) => a.serviceName.localeCompare(b.serviceName));
    },
    refetchInterval: RELEASE_POLL_MS,
  });
}

const releaseTagRow = releaseTag.row.pick({ id: true, tag_key: true, value: true });

/** The release's tags (release_tag), by key. */
export function releaseTagsQuery(releaseId: number) {
  return queryOptions({
    queryKey: releaseDetailKeys.tags(releaseId),
    queryFn: () =>
      odataList(releaseTagRow, {
        resource: releaseTag.resource,
        options: { $select: ['id', 'tag_key', 'value'], $filter: { release: releaseId }, $orderby: [{ tag_key: 'asc' }, { id: 'asc' }] },
      }),
    refetchInterval: RELEASE_POLL_MS,
  });
}

/** Reads the composition and build log on demand (a download), from the cache when it has them. */
export function useReadReleaseBuild(releaseId: number): () => Promise<ReleaseBuild | null> {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery(releaseBuildQuery(releaseId));
}
