import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import * as applicationConfigVariable from '@flotilla/core/schemas/odata/application-config-variable';
import * as device from '@flotilla/core/schemas/odata/device';
import * as deviceConfigVariable from '@flotilla/core/schemas/odata/device-config-variable';
import { apiRequest } from '../../../lib/http.ts';
import { odataList } from '../../../lib/odata.ts';
import { parseResponse } from '../../../lib/parse-response.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';

/** Query keys of the configuration pages: everything under `all`; a write invalidates `all`. */
export const configurationKeys = {
  all: ['configuration'] as const,
  schema: (deviceType: string) => ['configuration-schema', deviceType] as const,
  fleet: (fleetId: number) => [...configurationKeys.all, 'fleet', fleetId] as const,
  fleetOverrides: (fleetId: number) => [...configurationKeys.all, 'fleet-overrides', fleetId] as const,
  device: (deviceId: number) => [...configurationKeys.all, 'device', deviceId] as const,
};

const schemaProperty = z.object({
  type: z.enum(['string', 'integer', 'number', 'boolean']).optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  enum: z.array(z.string()).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  will_reboot: z.boolean().optional(),
});
const configVarsBody = z.object({ configVarSchema: z.object({ properties: z.record(z.string(), schemaProperty).optional() }) });

/**
 * The configuration schema of a device type (`GET /config/vars?deviceType=<slug>`, compat §4):
 * each known variable with its description, default, allowed values and whether changing it
 * reboots the device. Public and unchanging for a deployment: read once per session.
 */
export function configSchemaQuery(deviceType: string) {
  return queryOptions({
    queryKey: configurationKeys.schema(deviceType),
    queryFn: async () => {
      const path = `/config/vars?deviceType=${encodeURIComponent(deviceType)}`;
      return parseResponse(configVarsBody, '/config/vars', await apiRequest(path)).configVarSchema;
    },
    staleTime: Infinity,
  });
}

const configVariableRow = applicationConfigVariable.row.pick({ id: true, name: true, value: true });

/** The fleet's configuration variables (`application_config_variable`). */
export function fleetConfigQuery(fleetId: number) {
  return queryOptions({
    queryKey: configurationKeys.fleet(fleetId),
    queryFn: () =>
      odataList(configVariableRow, {
        resource: applicationConfigVariable.resource,
        options: { $select: ['id', 'name', 'value'], $filter: { application: fleetId }, $orderby: { name: 'asc' } },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}

const deviceWithOverrides = device.row
  .pick({ id: true, uuid: true, device_name: true })
  .extend({ device_config_variable: z.array(deviceConfigVariable.row.pick({ id: true, name: true, value: true })) });

/** A device's override of one fleet configuration value. */
export interface DeviceOverrideRow {
  id: number;
  name: string;
  value: string;
  device: { id: number; uuid: string; device_name: string };
}

/**
 * Every device configuration variable of the fleet's devices, with its device: the device
 * configuration table and the overrides dialog. Read from the devices' side (a filter cannot
 * start with a path through the variable's single-valued `device`).
 */
export function fleetDeviceOverridesQuery(fleetId: number) {
  return queryOptions({
    queryKey: configurationKeys.fleetOverrides(fleetId),
    queryFn: async (): Promise<DeviceOverrideRow[]> => {
      const devices = await odataList(deviceWithOverrides, {
        resource: device.resource,
        options: {
          $select: ['id', 'uuid', 'device_name'],
          $filter: { belongs_to__application: fleetId, device_config_variable: { $any: { $alias: 'v', $expr: { v: { id: { $gt: 0 } } } } } },
          $expand: { device_config_variable: { $select: ['id', 'name', 'value'] } },
          $orderby: { device_name: 'asc' },
        },
      });
      return devices
        .flatMap(({ device_config_variable, ...d }) => device_config_variable.map((v) => ({ ...v, device: d })))
        .sort((a, b) => a.name.localeCompare(b.name) || a.device.device_name.localeCompare(b.device.device_name));
    },
    refetchInterval: DEFAULT_POLL_MS,
  });
}

/** One device's configuration variables (its overrides). */
export function deviceConfigQuery(deviceId: number) {
  return queryOptions({
    queryKey: configurationKeys.device(deviceId),
    queryFn: () =>
      odataList(configVariableRow, {
        resource: deviceConfigVariable.resource,
        options: { $select: ['id', 'name', 'value'], $filter: { device: deviceId }, $orderby: { name: 'asc' } },
      }),
    refetchInterval: DEFAULT_POLL_MS,
  });
}
