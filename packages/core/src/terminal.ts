/**
 * The web terminal (fleets spec §2 "Device summary", §3 "Terminal session", §4 "Terminal
 * session", §5 "Terminal start", §7 "Terminal", §8 "Terminal and release messages"): its targets,
 * the rules that say whether a session may start, and the timings of the dashboard's retries.
 * Written once for the API (apps/api/src/terminal), which refuses a session the rules forbid, and
 * the dashboard (apps/web/src/features/device-terminal), which shows the reason on the tab.
 */
import { z } from 'zod';
import { osVersionAtLeast } from './device-actions.ts';

/** On ssh disconnect the dashboard retries this many times, this far apart, then fails (§4, §9). */
export const TERMINAL_RECONNECT_ATTEMPTS = 5;
export const TERMINAL_RECONNECT_DELAY_MS = 2000;
/** While the device is offline, the session is re-created this often (§4, §9). */
export const TERMINAL_OFFLINE_RETRY_MS = 1000;

/**
 * Host OS access needs a host OS that runs the device link's terminal: balenaOS 2.7.5 is where
 * the host's ssh server became reachable through the cloud (the balena dashboard's host OS tab
 * names the same boundary). Older devices get only their services' terminals (§5, §8).
 */
export const HOST_OS_TERMINAL_MIN_VERSION = '2.7.5';

/** Terminal size bounds: enough for a 4K screen in a small font; more is a broken client. */
export const TERMINAL_MAX_COLS = 500;
export const TERMINAL_MAX_ROWS = 200;
/** The largest piece of input or output in one message (characters); a paste is split by the sender. */
export const TERMINAL_MAX_DATA = 16 * 1024;

const serviceName = z.string().min(1).max(255).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);

/** Whom the terminal talks to: the host OS, or one service's running container (§3 "Terminal session"). */
export const terminalTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('host') }),
  z.object({ kind: z.literal('service'), serviceName }),
]);
export type TerminalTarget = z.infer<typeof terminalTarget>;

export const terminalSize = z.object({
  cols: z.number().int().min(1).max(TERMINAL_MAX_COLS),
  rows: z.number().int().min(1).max(TERMINAL_MAX_ROWS),
});
export type TerminalSize = z.infer<typeof terminalSize>;

export const terminalData = z.string().max(TERMINAL_MAX_DATA);

/** The permission a session to `target` needs on the device (§6: ssh for a service, ssh-host for the host OS). */
export function terminalPermission(target: TerminalTarget): 'resin.device.ssh' | 'resin.device.ssh-host' {
  return target.kind === 'host' ? 'resin.device.ssh-host' : 'resin.device.ssh';
}

/** A stable key of a target: `host`, or `service:<name>` (the dashboard's tab value, the agent's prompt). */
export function terminalTargetKey(target: TerminalTarget): string {
  return target.kind === 'host' ? 'host' : `service:${target.serviceName}`;
}

/** Why a session may not start: keys of the dashboard's `deviceTerminal.unavailable.*` words (§5, §8). */
export type TerminalUnavailableReason = 'noPermission' | 'oldOs' | 'localMode' | 'notRunning' | 'notLinked';

/** What the rules read of the device and the target. */
export interface TerminalStartFacts {
  /** The caller holds terminalPermission(target) on the device's fleet. */
  isPermitted: boolean;
  os_version: string | null;
  /** Local mode is on (device-actions.ts isLocalModeOn). */
  isInLocalMode: boolean;
  /** The device's link is up (`is_connected_to_vpn`). */
  is_connected_to_vpn: boolean;
  /** For a service: the status of its current container (image install), null when it has none. */
  containerStatus?: string | null;
}

/** A container a terminal can enter: running, or idle (a one-shot service that finished but is kept). */
export function isContainerEnterable(status: string | null | undefined): boolean {
  const s = status?.toLowerCase();
  return s === 'running' || s === 'idle';
}

export type TerminalAvailability = { isAvailable: true } | { isAvailable: false; reason: TerminalUnavailableReason };

/**
 * Whether a session to `target` may start, or the first reason it may not, in the spec's order
 * (§5 "Terminal start": permission, old host OS, local mode, container not running), then the
 * link (§8 "unavailable if cloudlink is not connected"). An unlinked device is the one reason
 * that passes by itself: the dashboard keeps re-creating the session meanwhile (§4).
 */
export function terminalAvailability(target: TerminalTarget, facts: TerminalStartFacts): TerminalAvailability {
  if (!facts.isPermitted) return { isAvailable: false, reason: 'noPermission' };
  if (target.kind === 'host' && !osVersionAtLeast(facts.os_version, HOST_OS_TERMINAL_MIN_VERSION)) return { isAvailable: false, reason: 'oldOs' };
  if (target.kind === 'service') {
    if (facts.isInLocalMode) return { isAvailable: false, reason: 'localMode' };
    if (!isContainerEnterable(facts.containerStatus)) return { isAvailable: false, reason: 'notRunning' };
  }
  if (!facts.is_connected_to_vpn) return { isAvailable: false, reason: 'notLinked' };
  return { isAvailable: true };
}

/** The dashboard's session state machine (§4): what to do after a session ended. */
export type TerminalRetry = { action: 'retry'; delayMs: number; attempt: number } | { action: 'fail' };

/**
 * After a session ended with `ending`, having retried `attempts` times already: an ssh
 * disconnect is retried up to 5 times 2 s apart; an unlinked device is re-created every second
 * without counting; unauthorized or anything else fails (§4 "Terminal session").
 */
export function terminalRetry(ending: TerminalEnding, attempts: number): TerminalRetry {
  if (ending === 'notLinked') return { action: 'retry', delayMs: TERMINAL_OFFLINE_RETRY_MS, attempt: attempts };
  if (ending === 'sshDisconnected' && attempts < TERMINAL_RECONNECT_ATTEMPTS) return { action: 'retry', delayMs: TERMINAL_RECONNECT_DELAY_MS, attempt: attempts + 1 };
  return { action: 'fail' };
}

/** How a session ended, as the dashboard classifies it. */
export type TerminalEnding = 'sshDisconnected' | 'notLinked' | 'unauthorized' | 'unavailable';
