import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as image from '@flotilla/core/schemas/odata/image';
import * as imageInstall from '@flotilla/core/schemas/odata/image-install';
import * as release from '@flotilla/core/schemas/odata/release';
import * as service from '@flotilla/core/schemas/odata/service';
import { expanded } from '@flotilla/core/schemas/odata/common';
import { odataList } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of a device's services: everything under `all`. */
export const deviceServiceKeys = {
  all: ['device-services'] as const,
  list: (deviceId: number) => [...deviceServiceKeys.all, 'list', deviceId] as const,
};

/**
 * One current service of the device (fleets spec §3 current_services): its image_install with
 * the service's name (installs__image → is_a_build_of__service) and the release that provides it.
 */
const deviceServiceRow = imageInstall.row.pick({ id: true, status: true, download_progress: true }).extend({
  installs__image: expanded(image.row.pick({ id: true }).extend({ is_a_build_of__service: expanded(service.row.pick({ service_name: true })) })),
  is_provided_by__release: expanded(release.row.pick({ id: true, commit: true, raw_version: true })),
});
export type DeviceServiceRow = z.output<typeof deviceServiceRow>;

/**
 * The device's image installs that are not deleted (the filter `getWithServiceDetails` uses,
 * compat §6.1), in one statement: the expansions are sub-selects. Polled like the device.
 */
export function deviceServicesQuery(deviceId: number) {
  return queryOptions({
    queryKey: deviceServiceKeys.list(deviceId),
    queryFn: () =>
      odataList(deviceServiceRow, {
        resource: imageInstall.resource,
        options: {
          $select: ['id', 'status', 'download_progress'],
          $filter: { device: deviceId, status: { $ne: 'deleted' } },
          $expand: {
            installs__image: { $select: ['id'], $expand: { is_a_build_of__service: { $select: ['service_name'] } } },
            is_provided_by__release: { $select: ['id', 'commit', 'raw_version'] },
          },
          $orderby: { id: 'asc' },
        },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}
