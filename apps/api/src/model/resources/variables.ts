import type { ResourceDef } from '../types.ts';
import { fleetScoped, type FleetScopedOptions } from '../access/fleet-scoped.ts';
import { column, fleetVia } from '../access/rule-builders.ts';
import { withPublicFleetRead } from '../access/public-fleet.ts';
import { configVarHooks, envVarHooks, tagHooks } from '../../fleets/variable.hooks.ts';
import { deviceTagHooks } from '../../devices/device-tag.hooks.ts';
import { deviceConfigVarHooks } from '../../devices/device-config-variable.hooks.ts';
import { withDeviceRowCap } from '../../devices/device-row-caps.ts';
import type { ResourceHooks } from '../types.ts';
import { createdAt, fk, id, writable } from './field-helpers.ts';

/** Variables and tags (compat §6.2): owner FK + name/tag_key + value, natural key (owner, key). */
const appFleet = column('application');
const deviceFleet = fleetVia('device', 'device', column('belongs_to__application'));
const serviceFleet = fleetVia('service', 'service', column('application'));
const serviceInstallFleet = fleetVia('service_install', 'service_install', fleetVia('device', 'device', column('belongs_to__application')));
const serviceInstallDevice = fleetVia('service_install', 'service_install', column('device'));

interface VarSpec {
  name: string;
  alias: string;
  owner: string;
  ownerTarget: string;
  key: 'name' | 'tag_key';
  ownerAliases?: string[];
  access: Omit<FleetScopedOptions, 'resource'>;
  hooks: ResourceHooks;
}

function variableResource(s: VarSpec): ResourceDef {
  // A device key writes the rows of its own device that its rules allow (supervisor config defaults, tags).
  const writers = s.access.deviceWrites?.length ? (['user', 'device'] as const) : true;
  return {
    name: s.name,
    aliases: [s.alias],
    table: s.name,
    fields: [
      id,
      createdAt,
      fk(s.owner, s.ownerTarget, { writable: writers, required: true, aliases: s.ownerAliases }),
      writable(s.key, 'Short Text', { writable: writers, required: true }),
      writable('value', 'Text', { writable: writers }),
    ],
    naturalKeys: [[s.owner, s.key]],
    permissions: fleetScoped({ resource: s.name, ...s.access }),
    hooks: s.hooks,
  };
}

export const applicationEnvironmentVariable = variableResource({
  name: 'application_environment_variable', alias: 'application__has__env_var_name',
  owner: 'application', ownerTarget: 'application', key: 'name', access: { fleetOf: appFleet }, hooks: envVarHooks,
});
export const applicationConfigVariable = variableResource({
  name: 'application_config_variable', alias: 'application__has__config_var_name',
  owner: 'application', ownerTarget: 'application', key: 'name', access: { fleetOf: appFleet }, hooks: configVarHooks,
});
export const buildEnvironmentVariable = variableResource({
  name: 'build_environment_variable', alias: 'application__has__build_var_name',
  owner: 'application', ownerTarget: 'application', key: 'name', access: { fleetOf: appFleet, deviceReadsFleet: false }, hooks: envVarHooks,
});
export const serviceEnvironmentVariable = variableResource({
  name: 'service_environment_variable', alias: 'application__has__service_name__has__name',
  owner: 'service', ownerTarget: 'service', key: 'name', ownerAliases: ['application__has__service_name'],
  access: { fleetOf: serviceFleet }, hooks: envVarHooks,
});
export const deviceEnvironmentVariable = variableResource({
  name: 'device_environment_variable', alias: 'device__has__env_var_name',
  owner: 'device', ownerTarget: 'device', key: 'name',
  access: { fleetOf: deviceFleet, deviceReadsFleet: false, deviceColumn: 'device' }, hooks: withDeviceRowCap('device_environment_variable', envVarHooks),
});
// The supervisor POSTs its RESIN_* defaults here and updates them (compat §6.2).
export const deviceConfigVariable = variableResource({
  name: 'device_config_variable', alias: 'device__has__config_var_name',
  owner: 'device', ownerTarget: 'device', key: 'name',
  access: { fleetOf: deviceFleet, deviceReadsFleet: false, deviceColumn: 'device', deviceWrites: ['create', 'update'] },
  // Local mode on needs a device that supports it (fleets spec §5).
  hooks: withDeviceRowCap('device_config_variable', deviceConfigVarHooks),
});
export const deviceServiceEnvironmentVariable = variableResource({
    name: 'device_service_environment_variable', alias: 'device__installs__application__has__service_name__has__name',
    owner: 'service_install', ownerTarget: 'service_install', key: 'name',
    ownerAliases: ['device__installs__service', 'device__installs__application__has__service_name'],
    // A device key reads its own device's service variables (as its other variables), never its neighbours'.
    access: { fleetOf: serviceInstallFleet, deviceReadsFleet: false, deviceOf: serviceInstallDevice }, hooks: envVarHooks,
});
const applicationTagBase = variableResource({
  name: 'application_tag', alias: 'application__has__tag_key',
  owner: 'application', ownerTarget: 'application', key: 'tag_key', access: { fleetOf: appFleet }, hooks: tagHooks,
});
// Host OS fleets publish their release policy as fleet tags (compat §6.4).
export const applicationTag: ResourceDef = { ...applicationTagBase, permissions: withPublicFleetRead(applicationTagBase.permissions, appFleet) };
export const deviceTag = variableResource({
  name: 'device_tag', alias: 'device__has__tag_key',
  owner: 'device', ownerTarget: 'device', key: 'tag_key',
  access: { fleetOf: deviceFleet, deviceReadsFleet: false, deviceColumn: 'device', deviceWrites: ['create', 'update', 'delete'] },
  hooks: withDeviceRowCap('device_tag', deviceTagHooks),
});
