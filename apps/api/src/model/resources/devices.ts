import { sql } from 'kysely';
import type { ReferenceRule, ResourceDef } from '../types.ts';
import { deviceHooks } from './device.hooks.ts';
import { hasBeenHeardFrom } from '../../devices/heard-from.ts';
import { fleetScoped } from '../access/fleet-scoped.ts';
import { byPrincipal, col, column, fleetPermission, fleetVia, nobody, or, userFleetPermission } from '../access/rule-builders.ts';
import {
  deviceArchRunsTargetFleet,
  hostOsReleaseOfDeviceType,
  imageOfReleaseFleet,
  permissionOnRowFleet,
  permissionOnTargetFleet,
  releaseOfRowFleet,
  successfulRelease,
  supervisorNotOnEsrOs,
  supervisorReleaseOfDeviceArch,
  targetTypeRunsDeviceFleet,
} from '../access/reference-rules.ts';
import { OS_UPDATE_PERMISSION, SUPERVISOR_UPDATE_PERMISSION } from '@flotilla/core/os-update';
import { deviceTargetRelease, overallProgress, overallStatus } from './device-status.ts';
import { createdAt, field, fk, hidden, id, reverse, through, writable } from './field-helpers.ts';

const deviceFleet = column('belongs_to__application');
const viaDevice = fleetVia('device', 'device', deviceFleet);

/** Fields a device reports about itself (state PATCH / supervisor): only its own key sets them. */
const reported = { writable: ['device'], nullable: true } as const;
/**
 * The address the device's requests come from, as the server sees it (devices/device-state.service.ts):
 * not the device's to say, or each change it wrote would send the server's GeoIP lookup
 * (device-geolocation.ts) wherever it liked. Its place (latitude, longitude, location) stays the
 * device's to report, as the demo's devices do (scripts/demo-places.ts).
 */
const observed = { nullable: true } as const;
/** Fields both users (through the update rule) and the device itself set (compat §5.2: name, preload pin). */
const userOrDevice = ['user', 'device'] as const;
const sameFleetRelease = { rules: [releaseOfRowFleet('belongs_to__application')] };

export const device: ResourceDef = {
  name: 'device',
  table: 'device',
  fields: [
    id,
    createdAt,
    field('modified_at', 'Date Time'),
    fk('actor', 'actor'),
    // Set at registration (or creation) and never after: the device's key, its state reports and
    // its link name it by its uuid, and a changed one stranded it.
    writable('uuid', 'Short Text', { changeRule: nobody }),
    writable('device_name', 'Short Text', { writable: userOrDevice }),
    writable('note', 'Text', { nullable: true }),
    field('local_id', 'Short Text', reported),
    field('status', 'Short Text', reported),
    fk('belongs_to__application', 'application', {
      writable: true,
      nullable: true,
      // Moving needs resin.device.move on both fleets and an architecture the device can run.
      changeRule: byPrincipal({ user: fleetPermission('resin.device.move', deviceFleet) }),
      reference: {
        rules: [permissionOnTargetFleet('resin.device.move', 'You may not move devices to this fleet', 'update'), deviceArchRunsTargetFleet],
      },
    }),
    fk('belongs_to__user', 'user', { nullable: true }),
    fk('is_of__device_type', 'device_type', { writable: true, required: true, reference: { rules: [targetTypeRunsDeviceFleet] } }),
    fk('is_running__release', 'release', { ...reported, reference: sameFleetRelease }),
    // A pin: a successful release of the device's own fleet (open-balena's rule; compat §6.1).
    fk('is_pinned_on__release', 'release', { writable: userOrDevice, nullable: true, reference: { rules: [...sameFleetRelease.rules, successfulRelease] } }),
    fk('should_be_running__release', 'release', { nullable: true, computed: deviceTargetRelease }),
    // The host OS target starts an OS update: the OS update's permission (§6 "Device actions"), as on the actions route.
    fk('should_be_operated_by__release', 'release', {
      writable: true,
      nullable: true,
      changeRule: byPrincipal({ user: fleetPermission(OS_UPDATE_PERMISSION, deviceFleet) }),
      reference: { rules: [hostOsReleaseOfDeviceType, permissionOnRowFleet(OS_UPDATE_PERMISSION, 'belongs_to__application', 'create')] },
    }),
    // The supervisor update (§6 "Device actions"): its own permission, never on an ESR host OS.
    fk('should_be_managed_by__release', 'release', {
      writable: true,
      nullable: true,
      changeRule: byPrincipal({ user: fleetPermission(SUPERVISOR_UPDATE_PERMISSION, deviceFleet) }),
      reference: { rules: [supervisorReleaseOfDeviceArch, supervisorNotOnEsrOs, permissionOnRowFleet(SUPERVISOR_UPDATE_PERMISSION, 'belongs_to__application', 'create')] },
    }),
    fk('is_managed_by__service_instance', 'service_instance', { nullable: true }),
    field('is_online', 'Boolean'),
    // Deactivating (or reactivating) needs resin.application.deactivate-device (fleets spec §6
    // "Device actions"): a limited operator may update the device but not this.
    writable('is_active', 'Boolean', { changeRule: byPrincipal({ user: fleetPermission('resin.application.deactivate-device', deviceFleet) }) }),
    field('is_frozen', 'Boolean'),
    writable('is_web_accessible', 'Boolean'),
    field('is_in_local_mode', 'Boolean'),
    field('is_connected_to_vpn', 'Boolean'),
    field('last_vpn_event', 'Date Time', { nullable: true }),
    field('last_connectivity_event', 'Date Time', { nullable: true }),
    field('api_heartbeat_state', 'Short Text'),
    field('changed_api_heartbeat_state_on__date', 'Date Time', { nullable: true }),
    writable('is_locked_until__date', 'Date Time', { nullable: true }),
    field('public_address', 'Short Text', observed),
    field('ip_address', 'Short Text', reported),
    field('mac_address', 'Short Text', reported),
    field('os_version', 'Short Text', { ...reported, sortsAsVersion: true }),
    field('os_line', 'Short Text', { nullable: true }),
    field('os_variant', 'Short Text', reported),
    field('supervisor_version', 'Short Text', { ...reported, sortsAsVersion: true }),
    field('download_progress', 'Integer', reported),
    field('provisioning_progress', 'Integer', reported),
    field('provisioning_state', 'Short Text', reported),
    field('overall_status', 'Short Text', { computed: overallStatus }),
    field('overall_progress', 'Integer', { nullable: true, computed: overallProgress }),
    field('update_status', 'Short Text', reported),
    field('last_update_status_event', 'Date Time', { nullable: true }),
    field('memory_usage', 'Integer', reported),
    field('memory_total', 'Integer', reported),
    field('storage_block_device', 'Short Text', reported),
    field('storage_usage', 'Integer', reported),
    field('storage_total', 'Integer', reported),
    field('cpu_usage', 'Integer', reported),
    field('cpu_temp', 'Integer', reported),
    field('cpu_id', 'Short Text', reported),
    field('is_undervolted', 'Boolean', { writable: ['device'] }),
    field('latitude', 'Short Text', reported),
    field('longitude', 'Short Text', reported),
    writable('custom_latitude', 'Short Text', { nullable: true }),
    writable('custom_longitude', 'Short Text', { nullable: true }),
    field('location', 'Short Text', reported),
    writable('is_accessible_by_support_until__date', 'Date Time', { nullable: true }),
    field('api_port', 'Integer', { hidden: true }),
    hidden('api_secret'),
    hidden('vpn_address'),
  ],
  navs: [
    reverse('device_environment_variable', 'device_environment_variable', 'device', ['device__has__env_var_name']),
    reverse('device_config_variable', 'device_config_variable', 'device', ['device__has__config_var_name']),
    reverse('device_tag', 'device_tag', 'device', ['device__has__tag_key']),
    reverse('service_install', 'service_install', 'device', ['device__installs__application__has__service_name']),
    reverse('image_install', 'image_install', 'device', ['device__installs__image']),
    reverse('device_history', 'device_history', 'tracks__device'),
    through('installs__image', 'image', 'image_install', 'device', 'installs__image'),
    through('installs__service', 'service', 'service_install', 'device', 'installs__service'),
  ],
  naturalKeys: [['uuid']],
  permissions: (() => {
    const base = fleetScoped({ resource: 'device', fleetOf: deviceFleet, deviceReadsFleet: false, deviceColumn: 'id', deviceWrites: ['update'] });
    // Support access granted on the device itself opens it to support agents (fleets §6).
    const support = (a: string, p: { isSupportAgent?: boolean }) =>
      p.isSupportAgent ? sql`${col(a, 'is_accessible_by_support_until__date')} > now()` : false;
    return {
      ...base,
      read: byPrincipal({
        user: (a, p) => or(userFleetPermission(p, 'resin.device.read', deviceFleet(a)), support(a, p)),
        device: (a, p) => sql`${col(a, 'id')} = ${p.deviceId}`,
        // A provisioning key (in every image of its fleet) finds only its fleet's devices never
        // heard from: the supervisor's key exchange looks up its own, registered ahead (compat
        // §5.2 step 3). Devices that run are not its business: their addresses, places and notes;
        // nor frozen ones (not served, so never heard from).
        application: (a, p) => sql`(${deviceFleet(a)} = ${p.applicationId} AND NOT ${hasBeenHeardFrom(a)} AND NOT ${col(a, 'is_frozen')})`,
      }),
    };
  })(),
  hooks: deviceHooks,
};

export const deviceHistory: ResourceDef = {
  name: 'device_history',
  table: 'device_history',
  fields: [
    id,
    createdAt,
    field('end_timestamp', 'Date Time', { nullable: true }),
    fk('tracks__device', 'device', { nullable: true }),
    field('uuid', 'Short Text'),
    fk('belongs_to__application', 'application', { nullable: true }),
    fk('is_of__device_type', 'device_type', { nullable: true }),
    fk('is_running__release', 'release', { nullable: true }),
    fk('should_be_running__release', 'release', { nullable: true }),
    field('os_version', 'Short Text', { nullable: true, sortsAsVersion: true }),
    field('os_variant', 'Short Text', { nullable: true }),
    field('supervisor_version', 'Short Text', { nullable: true, sortsAsVersion: true }),
    field('is_active', 'Boolean', { nullable: true }),
    fk('is_created_by__actor', 'actor', { nullable: true }),
    fk('is_ended_by__actor', 'actor', { nullable: true }),
  ],
  permissions: {
    ...fleetScoped({ resource: 'device_history', fleetOf: column('belongs_to__application'), deviceReadsFleet: false, deviceColumn: 'tracks__device' }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

export const serviceInstall: ResourceDef = {
  name: 'service_install',
  aliases: ['device__installs__application__has__service_name'],
  table: 'service_install',
  fields: [
    id,
    createdAt,
    fk('device', 'device'),
    fk('installs__service', 'service', { aliases: ['service', 'application__has__service_name', 'installs__application__has__service_name'] }),
  ],
  navs: [
    reverse('device_service_environment_variable', 'device_service_environment_variable', 'service_install', [
      'device__installs__application__has__service_name__has__name',
    ]),
  ],
  naturalKeys: [['device', 'installs__service']],
  // Rows are maintained by database triggers; clients only read them.
  permissions: {
    ...fleetScoped({ resource: 'service_install', fleetOf: viaDevice, deviceReadsFleet: false, deviceColumn: 'device' }),
    create: nobody,
    update: nobody,
    delete: nobody,
  },
};

/** An install's release is one of the device's fleet, or of a public fleet (host OS, supervisor). */
const installedReleaseOfDevice: ReferenceRule = {
  check: (row, target) =>
    sql`(${col(target, 'belongs_to__application')} = ${viaDevice(row)} OR EXISTS (SELECT 1 FROM application ipa WHERE ipa.id = ${col(target, 'belongs_to__application')} AND ipa.is_public))`,
  message: "The release does not belong to the device's fleet",
};

export const imageInstall: ResourceDef = {
  name: 'image_install',
  aliases: ['device__installs__image'],
  table: 'image_install',
  fields: [
    id,
    createdAt,
    fk('device', 'device', { writable: userOrDevice, required: true }),
    fk('installs__image', 'image', { writable: userOrDevice, required: true, aliases: ['image'], reference: { rules: [imageOfReleaseFleet((row) => col(row, 'is_provided_by__release'))] } }),
    fk('is_provided_by__release', 'release', { writable: userOrDevice, required: true, reference: { rules: [installedReleaseOfDevice] } }),
    writable('install_date', 'Date Time', { writable: userOrDevice }),
    writable('status', 'Short Text', { writable: userOrDevice, required: true }),
    writable('download_progress', 'Integer', { writable: userOrDevice, nullable: true }),
  ],
  naturalKeys: [['device', 'installs__image']],
  permissions: {
    ...fleetScoped({
      resource: 'image_install',
      fleetOf: viaDevice,
      deviceReadsFleet: false,
      deviceColumn: 'device',
      deviceWrites: ['create', 'update', 'delete'],
    }),
  },
};

export const serviceInstance: ResourceDef = {
  name: 'service_instance',
  table: 'service_instance',
  fields: [id, createdAt, field('ip_address', 'Short Text', { nullable: true }), field('last_heartbeat', 'Date Time', { nullable: true })],
  permissions: { read: nobody, create: nobody, update: nobody, delete: nobody },
};
