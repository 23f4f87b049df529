import { queryOptions } from '@tanstack/react-query';
import { hostAppPolicy, osReleasesOf, type OsRelease } from '@flotilla/core/os-releases';
import type { SupervisorRelease } from '@flotilla/core/os-update';
import { deviceActionResponse } from '@flotilla/core/schemas/os-update';
import * as application from '@flotilla/core/schemas/odata/application';
import * as applicationTag from '@flotilla/core/schemas/odata/application-tag';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as cpuArchitecture from '@flotilla/core/schemas/odata/cpu-architecture';
import * as deviceType from '@flotilla/core/schemas/odata/device-type';
import * as release from '@flotilla/core/schemas/odata/release';
import * as releaseTag from '@flotilla/core/schemas/odata/release-tag';
import { apiRequest } from '../../../lib/http.ts';
import { odataList } from '../../../lib/odata.ts';

/** Query keys of the OS and supervisor updates, everything under `all`. */
export const osUpdateKeys = {
  all: ['os-update'] as const,
  hostReleases: (deviceTypeSlug: string) => [...osUpdateKeys.all, 'host', deviceTypeSlug] as const,
  supervisorReleases: (deviceTypeSlug: string) => [...osUpdateKeys.all, 'supervisor', deviceTypeSlug] as const,
  action: (uuid: string, actionId: string) => [...osUpdateKeys.all, 'action', uuid, actionId] as const,
};

/** The spec's OS version type cache (fleets spec §9 "OS version type cache: 10 minutes"). */
const OS_VERSIONS_STALE_MS = 10 * 60_000;

const released = { status: 'success', is_final: true, is_invalidated: false } as const;

const hostApp = application.row.pick({ id: true }).extend({
  application_tag: expanded(applicationTag.row.pick({ tag_key: true, value: true })),
  owns__release: expanded(
    release.row
      .pick({ id: true, raw_version: true, variant: true, phase: true, known_issue_list: true })
      .extend({ release_tag: expanded(releaseTag.row.pick({ tag_key: true, value: true })) }),
  ),
});

export interface HostOsReleases {
  /** Every host OS release of the type (default and ESR lines), newest first. */
  releases: OsRelease[];
  minTakeoverVersion: string | undefined;
  changelogUrl: string | undefined;
}

/**
 * The host OS releases of a device type, read as balena-sdk's os.getAvailableOsVersions reads
 * them (compat §2.11 #26): the public host applications of the type with their tags, and their
 * final, successful, valid releases with theirs.
 */
export function hostOsReleasesQuery(deviceTypeSlug: string) {
  return queryOptions({
    queryKey: osUpdateKeys.hostReleases(deviceTypeSlug),
    queryFn: async (): Promise<HostOsReleases> => {
      const apps = await odataList(hostApp, {
        resource: application.resource,
        options: {
          $select: ['id'],
          $filter: { is_host: true, is_for__device_type: { $any: { $alias: 'dt', $expr: { dt: { slug: deviceTypeSlug } } } } },
          $expand: {
            application_tag: { $select: ['tag_key', 'value'] },
            owns__release: {
              $select: ['id', 'raw_version', 'variant', 'phase', 'known_issue_list'],
              $filter: released,
              $expand: { release_tag: { $select: ['tag_key', 'value'] } },
            },
          },
        },
      });
      const policies = apps.map((a) => ({ app: a, policy: hostAppPolicy(a.application_tag) }));
      const releases = policies.flatMap(({ app, policy }) => osReleasesOf(app.owns__release, policy));
      return {
        // The default line first, then ESR; each newest first.
        releases: [...releases].sort((a, b) => (a.osType === b.osType ? 0 : a.osType === 'default' ? -1 : 1)),
        minTakeoverVersion: policies.find((p) => p.policy.minTakeoverVersion)?.policy.minTakeoverVersion,
        changelogUrl: policies.find((p) => p.policy.changelogUrl)?.policy.changelogUrl,
      };
    },
    staleTime: OS_VERSIONS_STALE_MS,
  });
}

const typeArchitecture = deviceType.row.pick({ id: true }).extend({ is_of__cpu_architecture: expanded(cpuArchitecture.row.pick({ slug: true })) });
const supervisorRow = release.row.pick({ id: true, raw_version: true });

/**
 * The supervisor releases for a device type's CPU architecture (fleets spec §7 "GET release
 * … public host-less supervisor apps"; the filter of balena-sdk's
 * getSupervisorReleasesForCpuArchitecture): final, successful, valid, not 0.x.
 */
export function supervisorReleasesQuery(deviceTypeSlug: string) {
  return queryOptions({
    queryKey: osUpdateKeys.supervisorReleases(deviceTypeSlug),
    queryFn: async (): Promise<SupervisorRelease[]> => {
      const [type] = await odataList(typeArchitecture, {
        resource: deviceType.resource,
        options: { $select: ['id'], $filter: { slug: deviceTypeSlug }, $expand: { is_of__cpu_architecture: { $select: ['slug'] } } },
      });
      const arch = type?.is_of__cpu_architecture[0]?.slug;
      if (!arch) return [];
      const rows = await odataList(supervisorRow, {
        resource: release.resource,
        options: {
          $select: ['id', 'raw_version'],
          $filter: {
            ...released,
            semver_major: { $gt: 0 },
            belongs_to__application: {
              $any: {
                $alias: 'a',
                $expr: {
                  $and: [{ a: { slug: { $startswith: 'balena_os/' } } }, { a: { slug: { $endswith: '-supervisor' } } }],
                  a: {
                    is_public: true,
                    is_host: false,
                    is_for__device_type: { $any: { $alias: 'dt', $expr: { dt: { is_of__cpu_architecture: { $any: { $alias: 'c', $expr: { c: { slug: arch } } } } } } } },
                  },
                },
              },
            },
          },
        },
      });
      return rows.map((r) => ({ id: r.id, rawVersion: r.raw_version }));
    },
    staleTime: OS_VERSIONS_STALE_MS,
  });
}

/** Where an OS update stands (`GET /actions/v1/<uuid>/<actionId>`), polled until it is done or failed. */
export function osUpdateActionQuery(uuid: string, actionId: string) {
  return queryOptions({
    queryKey: osUpdateKeys.action(uuid, actionId),
    queryFn: async () => deviceActionResponse.parse(await apiRequest(`/actions/v1/${uuid}/${actionId}`)),
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'error' ? false : 5_000),
  });
}
