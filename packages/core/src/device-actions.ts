/**
 * Which device actions may run, and why not (fleets spec §5 "Device actions: availability", §8
 * "Device action errors", §6 "Device actions"). Written once for the dashboard's actions menu,
 * action pages, settings and batch actions; the API checks permissions on its own (compiled into
 * the /supervisor device query) and the device answers the rest (423 for an update lock).
 */
import { compareOsVersions, parseOsVersion } from './os-version.ts';

/** The actions that go to the device's supervisor over its link (compat §4.1). */
export const SUPERVISOR_ACTIONS = ['restart', 'identify', 'reboot', 'purge', 'shutdown'] as const;
export type SupervisorAction = (typeof SUPERVISOR_ACTIONS)[number];

/** Every action the availability rules speak about. */
export type DeviceAction = SupervisorAction | 'localMode' | 'supervisorUpdate' | 'deactivate';

/** Why an action is not available: keys of the dashboard's `deviceActions.unavailable.*` words (§8). */
export type UnavailableReason =
  | 'notOnline'
  | 'notFullyProvisioned'
  | 'localMode'
  | 'noBlink'
  | 'localModeUnsupported'
  | 'esrSupervisor'
  | 'upgradePlan'
  | 'alreadyInactive'
  | 'mustBeOffline'
  | 'noPermission';

/** What the rules read of a device (device fields as the API serves them). */
export interface DeviceForActions {
  /** Cloudlink: the device's link to the API is up (`is_connected_to_vpn`). */
  is_connected_to_vpn: boolean;
  is_active: boolean;
  supervisor_version: string | null;
  os_version: string | null;
  os_variant: string | null;
  last_connectivity_event: string | null;
  /** Local mode is on (the device config variable equals 1; fleets spec §4 "Device toggles"). */
  isInLocalMode: boolean;
  /** The device type's contract says it has a LED to blink (`data.led`). */
  supportsBlink: boolean;
}

export interface ActionContext {
  /** The caller holds the action's permission (§6 "Device actions"). */
  isPermitted: boolean;
  /** The organization is on a paid plan (deactivation needs one). */
  isPaidPlan?: boolean;
}

export type Availability = { isAvailable: true } | { isAvailable: false; reason: UnavailableReason };

const available: Availability = { isAvailable: true };
const unavailable = (reason: UnavailableReason): Availability => ({ isAvailable: false, reason });

/** Reboot, shutdown and purge are dangerous: confirmed first (fleets spec §2 "Confirmation dialogs"). */
export const DANGEROUS_SUPERVISOR_ACTIONS: ReadonlySet<SupervisorAction> = new Set(['reboot', 'shutdown', 'purge']);

/** The device configuration variables that turn local mode on (either name). */
export const LOCAL_MODE_VARIABLES = ['BALENA_SUPERVISOR_LOCAL_MODE', 'RESIN_SUPERVISOR_LOCAL_MODE'] as const;

/** Local mode is on when one of its variables equals "1" (fleets spec §4 "Device toggles"). */
export function isLocalModeOn(variables: ReadonlyArray<{ name: string; value: string }>): boolean {
  return variables.some((v) => (LOCAL_MODE_VARIABLES as readonly string[]).includes(v.name) && v.value.trim() === '1');
}

/** The device type's contract says it has a LED to blink (`data.led === true`, migration 0082); anything else is no. */
export function contractSupportsBlink(contract: unknown): boolean {
  if (typeof contract !== 'object' || contract === null) return false;
  const data = (contract as { data?: unknown }).data;
  return typeof data === 'object' && data !== null && (data as { led?: unknown }).led === true;
}

/** Fully provisioned: a supervisor version is known and the device has been heard from. */
export function isFullyProvisioned(device: Pick<DeviceForActions, 'supervisor_version' | 'last_connectivity_event'>): boolean {
  return Boolean(device.supervisor_version) && device.last_connectivity_event !== null;
}

/** The supervisor version's major, or null when unknown. */
export function supervisorMajor(version: string | null): number | null {
  const m = version ? /^v?(\d+)\./.exec(version) : null;
  return m ? Number(m[1]) : null;
}

/** Per-container controls need supervisor 7 or above (fleets spec §2 container table, §9). */
export function supportsContainerControls(supervisorVersion: string | null): boolean {
  return (supervisorMajor(supervisorVersion) ?? 0) >= 7;
}

/** ESR OS versions have a year as their major (e.g. 2024.10.1): above 2000. */
export function isEsrOsVersion(osVersion: string | null): boolean {
  const parsed = parseOsVersion(osVersion);
  return parsed !== null && parsed.major > 2000;
}

/** Local mode needs OS not 1.x, supervisor at least 4, the development variant, and a provisioned device. */
export function supportsLocalMode(device: DeviceForActions): boolean {
  const os = parseOsVersion(device.os_version);
  return (
    os !== null &&
    os.major !== 1 &&
    (supervisorMajor(device.supervisor_version) ?? 0) >= 4 &&
    device.os_variant === 'dev' &&
    isFullyProvisioned(device)
  );
}

/** Whether `action` may run on `device` now, or the first reason it may not, in the spec's order. */
export function actionAvailability(action: DeviceAction, device: DeviceForActions, context: ActionContext): Availability {
  if (!context.isPermitted) return unavailable('noPermission');
  switch (action) {
    case 'identify':
      return device.supportsBlink ? available : unavailable('noBlink');
    case 'restart':
      if (!device.is_connected_to_vpn) return unavailable('notOnline');
      return device.isInLocalMode ? unavailable('localMode') : available;
    case 'purge':
    case 'reboot':
    case 'shutdown':
      if (!device.is_connected_to_vpn) return unavailable('notOnline');
      if (!isFullyProvisioned(device)) return unavailable('notFullyProvisioned');
      if (action === 'purge' && device.isInLocalMode) return unavailable('localMode');
      return available;
    case 'localMode':
      return supportsLocalMode(device) ? available : unavailable('localModeUnsupported');
    case 'supervisorUpdate':
      return isEsrOsVersion(device.os_version) ? unavailable('esrSupervisor') : available;
    case 'deactivate':
      if (!context.isPaidPlan) return unavailable('upgradePlan');
      if (!device.is_active) return unavailable('alreadyInactive');
      return device.is_connected_to_vpn ? unavailable('mustBeOffline') : available;
  }
}

/** Newer than or equal to `minimum` (e.g. health checks from OS 2.11.0, data kept on move from 2.12.0). */
export function osVersionAtLeast(osVersion: string | null, minimum: string): boolean {
  const a = parseOsVersion(osVersion);
  const b = parseOsVersion(minimum);
  return a !== null && b !== null && compareOsVersions(a, b) >= 0;
}

/** The permission each supervisor action needs (§6 "Device actions"). */
export const SUPERVISOR_ACTION_PERMISSION = 'resin.device.supervisor-proxy-write';

/** The /supervisor path and body of each action (compat §4.1), as the SDK sends them. */
export function supervisorActionRequest(action: SupervisorAction, device: { id: number; appId: number }, force = false): { path: string; body: Record<string, unknown> } {
  switch (action) {
    case 'identify':
      return { path: '/v1/blink', body: { deviceId: device.id } };
    case 'reboot':
      return { path: '/v1/reboot', body: { deviceId: device.id, data: { force } } };
    case 'shutdown':
      return { path: '/v1/shutdown', body: { deviceId: device.id, appId: device.appId, data: { force } } };
    case 'restart':
      return { path: '/v1/restart', body: { deviceId: device.id, appId: device.appId, data: { appId: device.appId, force } } };
    case 'purge':
      return { path: '/v1/purge', body: { deviceId: device.id, appId: device.appId, data: { appId: device.appId, force } } };
  }
}
