import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as device from '@flotilla/core/schemas/odata/device';
import * as image from '@flotilla/core/schemas/odata/image';
import * as imageInstall from '@flotilla/core/schemas/odata/image-install';
import * as release from '@flotilla/core/schemas/odata/release';
import * as service from '@flotilla/core/schemas/odata/service';
import { expanded } from '@flotilla/core/schemas/odata/common';
import { odataOne } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import type { DeviceReleaseState } from '../not-applied.ts';
import { variableKeys } from './variables.queries.ts';

const releaseRef = release.row.pick({ id: true, commit: true, raw_version: true });

/** The device's target release and, per image install not deleted, its service and providing release. */
const deviceReleasesRow = device.row.pick({ id: true }).extend({
  should_be_running__release: expanded(releaseRef).max(1),
  image_install: z.array(
    imageInstall.row.pick({ id: true, status: true }).extend({
      installs__image: expanded(image.row.pick({ id: true }).extend({ is_a_build_of__service: expanded(service.row.pick({ id: true, service_name: true })) })),
      is_provided_by__release: expanded(releaseRef),
    }),
  ),
});

/**
 * What the §8 "Not applied" warning needs, in one read of the device (any role that can read
 * it): its target release beside each installed image's service and release
 * (apps/api/src/variables-target/not-applied.int.test.ts). Under `variableKeys.all`, so Apply
 * all refreshes it; polled like the variables. Null when the device is not visible.
 */
export function deviceReleaseStateQuery(deviceId: number) {
  return queryOptions({
    queryKey: [...variableKeys.all, 'release-state', deviceId] as const,
    queryFn: async (): Promise<DeviceReleaseState | null> => {
      const row = await odataOne(deviceReleasesRow, {
        resource: device.resource,
        id: deviceId,
        options: {
          $select: ['id'],
          $expand: {
            should_be_running__release: { $select: ['id', 'commit', 'raw_version'] },
            image_install: {
              $select: ['id', 'status'],
              $filter: { status: { $ne: 'deleted' } },
              $expand: {
                installs__image: { $select: ['id'], $expand: { is_a_build_of__service: { $select: ['id', 'service_name'] } } },
                is_provided_by__release: { $select: ['id', 'commit', 'raw_version'] },
              },
            },
          },
        },
      });
      if (row === null) return null;
      return {
        targetReleaseId: row.should_be_running__release[0]?.id ?? null,
        installs: row.image_install.map((ii) => ({
          serviceId: ii.installs__image[0]?.is_a_build_of__service[0]?.id ?? null,
          releaseId: ii.is_provided_by__release[0]?.id ?? null,
        })),
      };
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
