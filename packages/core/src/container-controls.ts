/**
 * The container table's per-container controls (fleets spec §2 Device summary "Container table:
 * start, stop, restart, show logs", §6 resin.device.supervisor-proxy-write, §9 "Supervisor major
 * 7 or above enables per-container controls"; compat §4.1 the SDK's startService, stopService,
 * restartService). Written once for the dashboard; the API checks the permission itself (the
 * /supervisor proxy) and the device answers the rest.
 */
import { supportsContainerControls } from './device-actions.ts';

export const CONTAINER_ACTIONS = ['start', 'stop', 'restart'] as const;
export type ContainerAction = (typeof CONTAINER_ACTIONS)[number];

/** The permission the controls need (fleets spec §6 "Permissions checked by screens"). */
export const CONTAINER_CONTROL_PERMISSION = 'resin.device.supervisor-proxy-write';

/** Why a control is unavailable: keys of the dashboard's `deviceServices.unavailable.*`. */
export type ContainerControlReason = 'noPermission' | 'supervisorTooOld' | 'notOnline' | 'notRunningRelease';

export type ContainerControlAvailability = { isAvailable: true } | { isAvailable: false; reason: ContainerControlReason };

export interface ContainerControlContext {
  isPermitted: boolean;
  supervisorVersion: string | null;
  /** Cloudlink up: the call reaches the device over its link. */
  isOnline: boolean;
}

/**
 * Whether `action` is offered for a container in `status`, or why not. A container of the
 * release being downloaded does not run yet: no control (`notRunningRelease`). Starting a
 * running container and stopping a stopped one do nothing, so they are not offered either.
 */
export function containerControlAvailability(action: ContainerAction, status: string, context: ContainerControlContext): ContainerControlAvailability {
  if (!context.isPermitted) return { isAvailable: false, reason: 'noPermission' };
  if (!supportsContainerControls(context.supervisorVersion)) return { isAvailable: false, reason: 'supervisorTooOld' };
  if (!context.isOnline) return { isAvailable: false, reason: 'notOnline' };
  const s = status.toLowerCase();
  const isStopped = s === 'stopped' || s === 'exited';
  const isRunning = s === 'running' || s === 'idle';
  if (!isStopped && !isRunning) return { isAvailable: false, reason: 'notRunningRelease' };
  if (action === 'start' && isRunning) return { isAvailable: false, reason: 'notRunningRelease' };
  if (action === 'stop' && isStopped) return { isAvailable: false, reason: 'notRunningRelease' };
  return { isAvailable: true };
}

/** Stopping a container is confirmed first (its service goes down until started again). */
export function containerActionNeedsConfirmation(action: ContainerAction): boolean {
  return action === 'stop';
}

/** The `/supervisor` path and body balena-sdk sends for startService, stopService and restartService (compat §4.1). */
export function containerActionRequest(action: ContainerAction, target: { deviceId: number; appId: number; imageId: number }): { path: string; body: Record<string, unknown> } {
  return {
    path: `/v2/applications/${target.appId}/${action}-service`,
    body: { deviceId: target.deviceId, appId: target.appId, data: { appId: target.appId, imageId: target.imageId } },
  };
}

/** The container status the device reports once `action` took effect (what the table waits for). */
export function statusAfterContainerAction(action: ContainerAction): 'Running' | 'Stopped' {
  return action === 'stop' ? 'Stopped' : 'Running';
}
