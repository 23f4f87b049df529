import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as applicationEnvVar from '@flotilla/core/schemas/odata/application-environment-variable';
import * as deviceEnvVar from '@flotilla/core/schemas/odata/device-environment-variable';
import * as deviceServiceEnvVar from '@flotilla/core/schemas/odata/device-service-environment-variable';
import * as service from '@flotilla/core/schemas/odata/service';
import * as serviceEnvVar from '@flotilla/core/schemas/odata/service-environment-variable';
import * as serviceInstall from '@flotilla/core/schemas/odata/service-install';
import { odataList } from '../../../lib/odata.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { ALL_SERVICES, type SavedVariable } from '../variable-staging.ts';

/** Query keys of the variables tabs: everything under `all` (Apply all refreshes `all`). */
export const variableKeys = {
  all: ['variables'] as const,
  fleet: (fleetId: number) => [...variableKeys.all, 'fleet', fleetId] as const,
  device: (deviceId: number, fleetId: number | null) => [...variableKeys.all, 'device', deviceId, fleetId] as const,
};

export interface VariableService {
  id: number;
  name: string;
}

/** A fleet's variables: fleet-wide ones (service ALL_SERVICES) and per-service ones, with the fleet's services. */
export interface FleetVariables {
  services: VariableService[];
  saved: SavedVariable[];
}

/** A device's overrides (device and device-service variables) beside what its fleet sets. */
export interface DeviceVariables {
  services: VariableService[];
  fleetSaved: SavedVariable[];
  saved: SavedVariable[];
  /** The device's service install per fleet service id: device-service variables belong to it. */
  installByService: ReadonlyMap<number, number>;
}

const VALUE_SELECT = ['id', 'name', 'value'];
const fleetVarRow = applicationEnvVar.row.pick({ id: true, name: true, value: true });
const serviceWithVars = service.row.pick({ id: true, service_name: true }).extend({
  service_environment_variable: z.array(serviceEnvVar.row.pick({ id: true, name: true, value: true })),
});
const deviceVarRow = deviceEnvVar.row.pick({ id: true, name: true, value: true });
const installWithVars = serviceInstall.row.pick({ id: true, installs__service: true }).extend({
  device_service_environment_variable: z.array(deviceServiceEnvVar.row.pick({ id: true, name: true, value: true })),
});

/**
 * Reads a fleet's `application_environment_variable` rows and its services with their
 * `service_environment_variable` rows (fleets spec §7 Variables). Services are asked for with
 * their variables expanded, since a variable cannot be filtered through its service's fleet.
 */
async function readFleetVariables(fleetId: number): Promise<FleetVariables> {
  const [fleetVars, services] = await Promise.all([
    odataList(fleetVarRow, { resource: applicationEnvVar.resource, options: { $select: VALUE_SELECT, $filter: { application: fleetId } } }),
    odataList(serviceWithVars, {
      resource: service.resource,
      options: { $select: ['id', 'service_name'], $filter: { application: fleetId }, $orderby: { service_name: 'asc' }, $expand: { service_environment_variable: { $select: VALUE_SELECT } } },
    }),
  ]);
  return {
    services: services.map((s) => ({ id: s.id, name: s.service_name })),
    saved: [
      ...fleetVars.map((v) => ({ ...v, serviceId: ALL_SERVICES })),
      ...services.flatMap((s) => s.service_environment_variable.map((v) => ({ ...v, serviceId: s.id }))),
    ],
  };
}

export function fleetVariablesQuery(fleetId: number) {
  return queryOptions({ queryKey: variableKeys.fleet(fleetId), queryFn: () => readFleetVariables(fleetId), refetchInterval: DEFAULT_POLL_MS });
}

/**
 * A device's `device_environment_variable` rows and its service installs with their
 * `device_service_environment_variable` rows, beside its fleet's variables (the inherited values).
 */
export function deviceVariablesQuery(deviceId: number, fleetId: number | null) {
  return queryOptions({
    queryKey: variableKeys.device(deviceId, fleetId),
    queryFn: async (): Promise<DeviceVariables> => {
      const [fleet, deviceVars, installs] = await Promise.all([
        fleetId === null ? Promise.resolve<FleetVariables>({ services: [], saved: [] }) : readFleetVariables(fleetId),
        odataList(deviceVarRow, { resource: deviceEnvVar.resource, options: { $select: VALUE_SELECT, $filter: { device: deviceId } } }),
        odataList(installWithVars, {
          resource: serviceInstall.resource,
          options: { $select: ['id', 'installs__service'], $filter: { device: deviceId }, $expand: { device_service_environment_variable: { $select: VALUE_SELECT } } },
        }),
      ]);
      const installByService = new Map<number, number>();
      const saved: SavedVariable[] = deviceVars.map((v) => ({ ...v, serviceId: ALL_SERVICES }));
      for (const install of installs) {
        const serviceId = install.installs__service?.__id;
        if (serviceId === undefined) continue;
        installByService.set(serviceId, install.id);
        saved.push(...install.device_service_environment_variable.map((v) => ({ ...v, serviceId })));
      }
      return { services: fleet.services, fleetSaved: fleet.saved, saved, installByService };
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}
