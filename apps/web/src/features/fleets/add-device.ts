import type { z } from 'zod';
import { isEsrVersion } from '@flotilla/core/os-releases';
import type { downloadConfigBody } from '@flotilla/core/schemas/download-config';

/**
 * The rules of the "Add device" dialog (fleets spec §2 "Add-device dialog", §8 Warnings): its
 * form, what it checks before asking for a configuration, the request body of
 * `POST /download-config`, the file it saves and the command that starts the device agent with it.
 */

/** Configuration changes settle this long before the summary follows them (fleets spec §2). */
export const ADD_DEVICE_DEBOUNCE_MS = 300;

/** The poll interval the dialog starts with, and its bounds (those of the download-config body). */
export const DEFAULT_POLL_MINUTES = 10;
export const MIN_POLL_MINUTES = 1;
export const MAX_POLL_MINUTES = 1440;

/** The lengths a WiFi network name and passphrase may have (the download-config body's). */
export const MAX_WIFI_SSID = 32;
export const MAX_WIFI_KEY = 63;

export type OsVariant = 'prod' | 'dev';
export type NetworkKind = 'ethernet' | 'wifi';
export type DownloadKind = 'image' | 'config';

export interface AddDeviceForm {
  /** The device type's slug. */
  deviceType: string;
  /** The OS line (a release phase) whose versions the version select offers; '' when there is none. */
  osLine: string;
  /** The OS version (a host OS release's raw version); '' when none is available. */
  osVersion: string;
  osVariant: OsVariant;
  network: NetworkKind;
  wifiSsid: string;
  wifiKey: string;
  /** Minutes, as typed. */
  pollMinutes: string;
  download: DownloadKind;
}

export function initialAddDeviceForm(deviceType: string): AddDeviceForm {
  return {
    deviceType,
    osLine: '',
    osVersion: '',
    osVariant: 'prod',
    network: 'ethernet',
    wifiSsid: '',
    wifiKey: '',
    pollMinutes: String(DEFAULT_POLL_MINUTES),
    download: 'config',
  };
}

/** What keeps the form from being sent: wifi without its fields (§8 "All fields must be filled in"), a bad interval. */
export type AddDeviceProblem = 'fieldsMissing' | 'wifiTooLong' | 'pollInterval';

/** The poll interval in whole minutes, or null when it is not one the server accepts. */
export function parsePollMinutes(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const minutes = Number(text.trim());
  return minutes >= MIN_POLL_MINUTES && minutes <= MAX_POLL_MINUTES ? minutes : null;
}

export function addDeviceProblem(form: AddDeviceForm): AddDeviceProblem | null {
  if (form.network === 'wifi') {
    if (form.wifiSsid.trim() === '' || form.wifiKey === '') return 'fieldsMissing';
    if (form.wifiSsid.length > MAX_WIFI_SSID || form.wifiKey.length > MAX_WIFI_KEY) return 'wifiTooLong';
  }
  if (parsePollMinutes(form.pollMinutes) === null) return 'pollInterval';
  return null;
}

/** A provisioning key for the dialog: named after its purpose and the day, so the keys page tells them apart. */
export function addDeviceKeyName(now: Date): string {
  return `add-device-${now.toISOString().slice(0, 10)}`;
}

export type DownloadConfigRequest = z.input<typeof downloadConfigBody>;

/**
 * The `POST /download-config` body for a valid form: the WiFi fields only on WiFi, the version
 * only when one is chosen, development mode for the dev variant, and a named key.
 */
export function downloadConfigRequest(form: AddDeviceForm, fleetId: number, now: Date, keyDescription: string): DownloadConfigRequest {
  return {
    appId: fleetId,
    deviceType: form.deviceType,
    ...(form.osVersion === '' ? {} : { version: form.osVersion }),
    network: form.network,
    ...(form.network === 'wifi' ? { wifiSsid: form.wifiSsid.trim(), wifiKey: form.wifiKey } : {}),
    appUpdatePollInterval: parsePollMinutes(form.pollMinutes) ?? DEFAULT_POLL_MINUTES,
    developmentMode: form.osVariant === 'dev',
    provisioningKeyName: addDeviceKeyName(now),
    provisioningKeyDescription: keyDescription,
  };
}

/** The saved file: the fleet's slug ("org/fleet") made a file name, then `-config.json`. */
export function configFileName(fleetSlug: string): string {
  return `${fleetSlug.replace(/\//g, '-')}-config.json`;
}

/** The command that starts Flotilla's device agent (apps/device) from the saved config.json. */
export function agentCommand(fileName: string): string {
  return `npx tsx apps/device/src/cli.ts --config ${fileName}`;
}

/** A host OS release offered for a device type: its version and its line (release phase). */
export interface HostOsVersion {
  rawVersion: string;
  line: string;
}

/**
 * The lines in the order they are offered: the current one first; ESR (extended support, the
 * "ESR" OS type of fleets §9, production and enterprise plan only per §5 "Forms") last, so the
 * dialog never starts on an ESR version.
 */
const LINE_ORDER = ['current', 'next', 'sunset', 'end-of-life', 'esr'];

/** An ESR version (major above 2000) is on the ESR line; a release without a phase on the current one. */
export function osLineOf(phase: string | null, rawVersion: string): string {
  if (isEsrVersion(rawVersion)) return 'esr';
  return phase ?? 'current';
}

/** The OS lines that have versions, current first. */
export function osLines(versions: readonly HostOsVersion[]): string[] {
  const lines = [...new Set(versions.map((v) => v.line))];
  const rank = (line: string) => (LINE_ORDER.includes(line) ? LINE_ORDER.indexOf(line) : LINE_ORDER.length);
  return lines.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Why "Download image" cannot be chosen: no OS version for the device type (§8 "No versions
 * available"), or, with versions, because this server does not serve OS images. Null would mean
 * it can; no server build does yet, so the answer is never null today.
 */
export type ImageUnavailableReason = 'noVersions' | 'notServed';

export function imageUnavailableReason(versions: readonly HostOsVersion[]): ImageUnavailableReason {
  return versions.length === 0 ? 'noVersions' : 'notServed';
}
