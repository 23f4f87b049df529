import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { expanded } from '@flotilla/core/schemas/odata/common';
import * as application from '@flotilla/core/schemas/odata/application';
import * as device from '@flotilla/core/schemas/odata/device';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { odataOne } from '../../../lib/odata.ts';

export const deviceLocationKeys = {
  all: ['device-location'] as const,
  byUuid: (uuid: string) => [...deviceLocationKeys.all, uuid] as const,
};

const locationRow = device.row
  .pick({ id: true, uuid: true, device_name: true, latitude: true, longitude: true, custom_latitude: true, custom_longitude: true, location: true })
  .extend({ belongs_to__application: expanded(application.row.pick({ id: true, organization: true })) });
export type DeviceLocationRow = z.output<typeof locationRow>;

/** The device's reported and custom location (fleets spec §2 "Device location"), null when not visible. */
export function deviceLocationQuery(uuid: string) {
  return queryOptions({
    queryKey: deviceLocationKeys.byUuid(uuid),
    queryFn: () =>
      odataOne(locationRow, {
        resource: device.resource,
        id: { uuid },
        options: {
          $select: ['id', 'uuid', 'device_name', 'latitude', 'longitude', 'custom_latitude', 'custom_longitude', 'location'],
          $expand: { belongs_to__application: { $select: ['id', 'organization'] } },
        },
      }),
  });
}

/** The map tile template of the deployment (`MAP_TILE_URL`, from public /config). */
export const mapTileUrlQuery = queryOptions({ ...clientConfigQuery, select: (config) => config.mapTileUrl });
