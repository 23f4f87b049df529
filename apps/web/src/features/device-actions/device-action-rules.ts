/**
 * The device actions as the dashboard offers them (fleets spec §2 "Device summary" actions menu,
 * "Device action pages"; §5 "Device actions: availability"; §8 "Device action errors"). Which
 * action may run is decided once in packages/core (`actionAvailability`); this file reads a
 * device as the detail query serves it into what those rules need, and holds the screen's
 * choices: the menu's order, which actions are dangerous, what a failure says.
 */
import {
  actionAvailability,
  contractSupportsBlink,
  DANGEROUS_SUPERVISOR_ACTIONS,
  isLocalModeOn,
  SUPERVISOR_ACTIONS,
  type Availability,
  type DeviceForActions,
  type SupervisorAction,
} from '@flotilla/core/device-actions';
import { ApiError } from '../../lib/http.ts';
import { cleanErrorText } from '../../lib/notify.ts';
import type { DeviceDetail } from '../devices/api/devices.queries.ts';

/** Every action of the summary's menu, in the spec's order (§2 "Device summary"). */
export const MENU_ACTIONS = ['restart', 'identify', 'reboot', 'purge', 'shutdown', 'delete'] as const;
export type DeviceMenuAction = (typeof MENU_ACTIONS)[number];

/** The actions page's sections (§2 "Device action pages"): blink, restart, then the dangerous ones. */
export const PAGE_ACTIONS = ['identify', 'restart', 'purge', 'reboot', 'shutdown'] as const satisfies readonly SupervisorAction[];

/** Dangerous: asks for confirmation before it runs (purge, reboot, shutdown; delete with typing). */
export function isDangerous(action: DeviceMenuAction): boolean {
  return action === 'delete' || (isSupervisorAction(action) && DANGEROUS_SUPERVISOR_ACTIONS.has(action));
}

/** Cannot be undone: the confirmation asks for the device's name to be typed (delete, purge). */
export function isIrreversible(action: DeviceMenuAction): boolean {
  return action === 'delete' || action === 'purge';
}

export function isSupervisorAction(action: DeviceMenuAction): action is SupervisorAction {
  return (SUPERVISOR_ACTIONS as readonly string[]).includes(action);
}

/**
 * Actions after which the device drops its link and (for a reboot) comes back: the screen
 * watches the device closely for a while so the change shows without a reload.
 */
export function changesConnectivity(action: DeviceMenuAction): boolean {
  return action === 'reboot' || action === 'shutdown';
}

/** What the availability rules read of a device, from the detail query's answer. */
export function deviceForActions(device: DeviceDetail): DeviceForActions {
  return {
    is_connected_to_vpn: device.is_connected_to_vpn,
    is_active: device.is_active,
    supervisor_version: device.supervisor_version,
    os_version: device.os_version,
    os_variant: device.os_variant,
    last_connectivity_event: device.last_connectivity_event,
    isInLocalMode: isLocalModeOn(device.device_config_variable),
    supportsBlink: contractSupportsBlink(device.is_of__device_type[0]?.contract),
  };
}

export interface ActionPermissions {
  /** resin.device.supervisor-proxy-write (restart, identify, purge, reboot, shutdown). */
  canSupervise: boolean;
  /** resin.device.delete. */
  canDelete: boolean;
}

/** Each menu action's availability: the core rules for the supervisor actions, the permission for delete. */
export function menuAvailability(device: DeviceForActions, permissions: ActionPermissions): Record<DeviceMenuAction, Availability> {
  const supervised = (action: SupervisorAction) => actionAvailability(action, device, { isPermitted: permissions.canSupervise });
  return {
    restart: supervised('restart'),
    identify: supervised('identify'),
    reboot: supervised('reboot'),
    purge: supervised('purge'),
    shutdown: supervised('shutdown'),
    delete: permissions.canDelete ? { isAvailable: true } : { isAvailable: false, reason: 'noPermission' },
  };
}

/**
 * What a failed action says, or null when it says nothing (the request never reached the server:
 * the offline alert speaks for it). Unlike the generic toasts, a 404 is reported: for an action
 * it is the server's "No online device(s) found", which the user must see.
 */
export function actionFailureMessage(error: unknown, fallback: string): string | null {
  if (error instanceof TypeError) return null;
  if (error instanceof ApiError || error instanceof Error) return cleanErrorText(error.message) || fallback;
  return fallback;
}

/**
 * What an action's confirmation dialog says when the action failed: unlike the toast, it always
 * says something, and a request that never reached the server says that ("The action failed"
 * alone left the user guessing whether to retry or check the device).
 */
export function actionDialogFailureMessage(error: unknown, fallback: string, networkFailure: string): string {
  if (error instanceof TypeError) return networkFailure;
  return actionFailureMessage(error, fallback) ?? fallback;
}

/**
 * Where an action's "docs link" (fleets spec §2 "Device action pages") goes: the deployment's
 * documentation link as configured (`DOCS_URL`, GET /config `headerLinks.docs`, the header's
 * own link), or null (no link) when none is. No path is made up under it: a self-hosted
 * documentation site need not have balena's page layout, and a guessed page would be a dead link.
 */
export function actionDocsUrl(docsBase: string | null | undefined): string | null {
  return docsBase ? docsBase : null;
}
