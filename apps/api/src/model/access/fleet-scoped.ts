import type { PermissionRules } from '../types.ts';
import { byPrincipal, fleetPermission, inDeviceFleet, or, ownDevice, ownDeviceVia, type IdOf } from './rule-builders.ts';

/**
 * Permission rules for a resource that lives inside one fleet: `resin.<resource>.<verb>` for
 * users, read access for devices of that fleet, and (optionally) device-own writes.
 */
export interface FleetScopedOptions {
  /** Permission resource name, e.g. `device_environment_variable` → `resin.device_environment_variable.read`. */
  resource: string;
  /** SQL for the id of the row's fleet. */
  fleetOf: IdOf;
  /** Devices may read rows of their own fleet (default true). */
  deviceReadsFleet?: boolean;
  /** Column pointing at a device: device principals read (and, with deviceWrites, write) their own rows. */
  deviceColumn?: string;
  /** Instead of `deviceColumn`, SQL for the id of the row's device held by a parent row (a service install's). */
  deviceOf?: IdOf;
  /** Which verbs the owning device may perform on its own rows. */
  deviceWrites?: Array<'create' | 'update' | 'delete'>;
  /** Override the permission name for a verb (e.g. create → resin.application.create). */
  permissionFor?: Partial<Record<'read' | 'create' | 'update' | 'delete', string>>;
}

export function fleetScoped(o: FleetScopedOptions): PermissionRules {
  const perm = (verb: 'read' | 'create' | 'update' | 'delete') => o.permissionFor?.[verb] ?? `resin.${o.resource}.${verb}`;
  const deviceOwn = o.deviceColumn ? ownDevice(o.deviceColumn) : o.deviceOf ? ownDeviceVia(o.deviceOf) : undefined;
  const deviceRead = o.deviceReadsFleet === false ? undefined : inDeviceFleet(o.fleetOf);
  const verbRule = (verb: 'create' | 'update' | 'delete') =>
    byPrincipal({
      user: fleetPermission(perm(verb), o.fleetOf),
      device: deviceOwn && o.deviceWrites?.includes(verb) ? deviceOwn : undefined,
    });
  return {
    read: byPrincipal({
      user: fleetPermission(perm('read'), o.fleetOf),
      device: (alias, p) => or(deviceRead ? deviceRead(alias, p) : false, deviceOwn ? deviceOwn(alias, p) : false),
    }),
    create: verbRule('create'),
    update: verbRule('update'),
    delete: verbRule('delete'),
  };
}
