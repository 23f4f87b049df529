/**
 * Host OS and supervisor updates of a device (fleets spec §4 "OS update classification per
 * device", §5 "Device actions: availability" and "Forms", §8). Which updates are possible and
 * which are takeovers is decided by balena-hup-action-utils, the library balena-sdk and the
 * balena dashboard use (minimum source and target versions, no downgrades, no dev ↔ prod
 * switch), configured with the takeover threshold the device type's host application names.
 */
import { HUPActionHelper, actionsConfig, type ActionName, type ActionsConfig } from 'balena-hup-action-utils';
import * as bSemver from 'balena-semver';
import { deviceOsSemver, isEsrVersion, isSameOsVersion, type OsRelease } from './os-releases.ts';

export const OS_UPDATE_CLASSES = [
  'offline',
  'notSupported',
  'upToDate',
  'versionNotAvailable',
  'updatableSwitchToEsr',
  'downgradeCannotSwitchToEsr',
  'forbiddenSwitchToNonEsr',
  'updatable',
] as const;
export type OsUpdateClass = (typeof OS_UPDATE_CLASSES)[number];

/** Only these are updated (§4). */
export const UPDATABLE_CLASSES: ReadonlySet<OsUpdateClass> = new Set(['updatable', 'updatableSwitchToEsr']);

export function isUpdatableClass(c: OsUpdateClass): boolean {
  return UPDATABLE_CLASSES.has(c);
}

/** What the rules read of a device (fields as the API serves them, and its type's slug). */
export interface DeviceForOsUpdate {
  /** Cloudlink up: an update can be sent now. */
  is_connected_to_vpn: boolean;
  os_version: string | null;
  os_variant: string | null;
  deviceType: string;
}

/** The hup helper for a device type whose host application sets a takeover threshold. */
function hupHelper(deviceType: string, minTakeoverVersion?: string): HUPActionHelper {
  if (!minTakeoverVersion) return new HUPActionHelper();
  const config: ActionsConfig = {
    ...actionsConfig,
    deviceTypes: {
      ...actionsConfig.deviceTypes,
      [deviceType]: { ...actionsConfig.deviceTypes[deviceType], balenahup: { ...actionsConfig.deviceTypes[deviceType]?.balenahup, minTakeoverVersion } },
    },
  };
  return new HUPActionHelper(config);
}

/** The update kind from `current` to `target` (`balenahup` or `takeover`), or null when the update is not possible. */
export function osUpdateType(deviceType: string, current: string, target: string, minTakeoverVersion?: string): ActionName | null {
  try {
    return hupHelper(deviceType, minTakeoverVersion).getHUPActionType(deviceType, current, target);
  } catch {
    return null;
  }
}

/**
 * The class of updating `device` to `target` (null: the version is not one of the device type's
 * releases). In the spec's order: offline first, then an unreadable source version, then the
 * version itself.
 */
export function classifyOsUpdate(device: DeviceForOsUpdate, target: OsRelease | null, minTakeoverVersion?: string): OsUpdateClass {
  if (!device.is_connected_to_vpn) return 'offline';
  const current = deviceOsSemver(device.os_version, device.os_variant);
  if (current === null) return 'notSupported';
  if (target === null) return 'versionNotAvailable';
  if (isSameOsVersion(current, target.rawVersion) && (target.variant === '' || target.variant === device.os_variant)) return 'upToDate';
  const fromEsr = isEsrVersion(current);
  const toEsr = isEsrVersion(target.rawVersion);
  if (fromEsr && !toEsr) return 'forbiddenSwitchToNonEsr';
  const supported = osUpdateType(device.deviceType, current, target.rawVersion, minTakeoverVersion) !== null;
  if (!fromEsr && toEsr) {
    if (!supported) return 'notSupported';
    // An ESR release is based on a default-line version: going to it from a newer one is a downgrade.
    const base = target.basedOnVersion;
    if (base !== null && osUpdateType(device.deviceType, current, base, minTakeoverVersion) === null && !isSameOsVersion(current, base)) {
      return 'downgradeCannotSwitchToEsr';
    }
    return 'updatableSwitchToEsr';
  }
  return supported ? 'updatable' : 'notSupported';
}

/** A takeover wipes the device's data and cannot roll back: it needs the extra confirmation (§4). */
export function isTakeoverUpdate(device: Pick<DeviceForOsUpdate, 'os_version' | 'os_variant' | 'deviceType'>, target: OsRelease, minTakeoverVersion?: string): boolean {
  const current = deviceOsSemver(device.os_version, device.os_variant);
  return current !== null && osUpdateType(device.deviceType, current, target.rawVersion, minTakeoverVersion) === 'takeover';
}

export interface OsUpdateOption {
  release: OsRelease;
  updateClass: OsUpdateClass;
  /** The running version: shown, never selectable (§5 "Forms"). */
  isRunning: boolean;
  isSelectable: boolean;
  isTakeover: boolean;
}

/** Every release of the device's type with its class, newest first: what the OS update form offers. */
export function osUpdateOptions(device: DeviceForOsUpdate, releases: readonly OsRelease[], minTakeoverVersion?: string): OsUpdateOption[] {
  return releases.map((release) => {
    const updateClass = classifyOsUpdate(device, release, minTakeoverVersion);
    return {
      release,
      updateClass,
      isRunning: updateClass === 'upToDate',
      isSelectable: isUpdatableClass(updateClass),
      isTakeover: isUpdatableClass(updateClass) && isTakeoverUpdate(device, release, minTakeoverVersion),
    };
  });
}

/** Finds the release of `version` (variant as written, e.g. `2.115.1+rev1.prod`) among the type's releases. */
export function findOsRelease<T extends OsRelease>(releases: readonly T[], version: string): T | null {
  return releases.find((r) => bSemver.compare(r.rawVersion, version) === 0) ?? null;
}

/** Why the OS update form is disabled for one device, or null when some version can be chosen. */
export type OsUpdateBlock = 'offline' | 'notSupported' | 'noVersions';

export function osUpdateBlock(device: DeviceForOsUpdate, options: readonly OsUpdateOption[]): OsUpdateBlock | null {
  if (!device.is_connected_to_vpn) return 'offline';
  if (deviceOsSemver(device.os_version, device.os_variant) === null) return 'notSupported';
  return options.some((o) => o.isSelectable) ? null : 'noVersions';
}

/** A supervisor release offered for a device (the supervisor app of its CPU architecture). */
export interface SupervisorRelease {
  id: number;
  rawVersion: string;
}

export type SupervisorUpdateBlock = 'esrSupervisor' | 'noVersions' | 'onlyRunning';

/**
 * The supervisor versions a device may move to: none on an ESR OS (§5: "Supervisor update is
 * unavailable for ESR"), never the one it runs; newest first.
 */
export function supervisorVersionsOffered(device: { os_version: string | null; supervisor_version: string | null }, releases: readonly SupervisorRelease[]): SupervisorRelease[] {
  if (isEsrVersion(device.os_version)) return [];
  return releases
    .filter((r) => !(device.supervisor_version && bSemver.valid(r.rawVersion) && bSemver.compare(r.rawVersion, device.supervisor_version) === 0))
    .sort((a, b) => bSemver.rcompare(a.rawVersion, b.rawVersion));
}

/** Why the supervisor form is disabled (§5 "Forms", §8 "No versions available"), or null. */
export function supervisorUpdateBlock(device: { os_version: string | null; supervisor_version: string | null }, releases: readonly SupervisorRelease[]): SupervisorUpdateBlock | null {
  if (isEsrVersion(device.os_version)) return 'esrSupervisor';
  if (releases.length === 0) return 'noVersions';
  return supervisorVersionsOffered(device, releases).length === 0 ? 'onlyRunning' : null;
}

/** The §8 messages the API answers with. */
export const OS_UPDATE_MESSAGES = {
  notStarted: 'Cannot start the update process',
  notSupported: 'OS version not supported for device type',
  esrSupervisor: 'Cannot update the ESR supervisor',
  noVersions: 'No versions available',
  offline: 'Device is offline',
} as const;

/** The permissions of the two actions (fleets spec §6 "Device actions"). */
export const OS_UPDATE_PERMISSION = 'resin.device.actions-proxy-hup';
export const SUPERVISOR_UPDATE_PERMISSION = 'resin.device.actions-proxy-supervisorupgrade';
