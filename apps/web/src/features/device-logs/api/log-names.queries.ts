import { queryOptions } from '@tanstack/react-query';
import * as device from '@flotilla/core/schemas/odata/device';
import * as service from '@flotilla/core/schemas/odata/service';
import { odataList } from '../../../lib/odata.ts';

/** Query keys of the names a log view puts on its lines. */
export const logNameKeys = {
  all: ['device-logs'] as const,
  services: (fleetId: number) => [...logNameKeys.all, 'services', fleetId] as const,
  devices: (fleetId: number) => [...logNameKeys.all, 'devices', fleetId] as const,
};

const serviceName = service.row.pick({ id: true, service_name: true });

/** The fleet's services: a log line names its service by id (compat §5.5), the panel by name. */
export function fleetServicesQuery(fleetId: number) {
  return queryOptions({
    queryKey: logNameKeys.services(fleetId),
    queryFn: () =>
      odataList(serviceName, {
        resource: service.resource,
        options: { $select: ['id', 'service_name'], $filter: { application: fleetId }, $orderby: { service_name: 'asc' } },
      }),
    staleTime: 60_000,
  });
}

const deviceName = device.row.pick({ id: true, uuid: true, device_name: true });

/** How many of a fleet's devices the fleet tail names in its filter; the rest show their short uuid. */
export const FLEET_LOG_DEVICE_LIMIT = 1000;

/** The fleet's devices by name, for the fleet tail's device filter and its lines. */
export function fleetLogDevicesQuery(fleetId: number) {
  return queryOptions({
    queryKey: logNameKeys.devices(fleetId),
    queryFn: () =>
      odataList(deviceName, {
        resource: device.resource,
        options: { $select: ['id', 'uuid', 'device_name'], $filter: { belongs_to__application: fleetId }, $orderby: { device_name: 'asc' }, $top: FLEET_LOG_DEVICE_LIMIT },
      }),
    staleTime: 60_000,
  });
}
