/**
 * The fleet device list's batch actions (fleets spec §4 "Batch actions", §5 "Device actions:
 * availability", §8 "Batch failures"): which selected devices an action runs on and why the
 * others are skipped, what the typed confirmation asks for, and how a finished batch is told.
 * The availability rules themselves are packages/core device-actions.ts.
 */
import { summarizeBatch, type BatchResult, type BatchSummary } from '@flotilla/core/batch';
import { actionAvailability, type DeviceForActions, type SupervisorAction, type UnavailableReason } from '@flotilla/core/device-actions';

/** A selected device as the batch actions read it. */
export interface BatchDevice {
  id: number;
  uuid: string;
  name: string;
  forActions: DeviceForActions;
}

/** The confirmation names at most this many devices, then "and N more" (fleets spec §2). */
export const CONFIRM_NAMES_MAX = 10;

export interface BatchPlan {
  /** The devices the action runs on, in selection order. */
  runnable: BatchDevice[];
  /** How many selected devices are skipped, per reason, in the order the reasons first occur. */
  skipped: Array<{ reason: UnavailableReason; count: number }>;
  /** Every selected device. */
  total: number;
}

/**
 * Splits the selection into the devices `action` may run on and the skipped ones counted by
 * their first reason. Without the permission nothing runs (every device: noPermission).
 */
export function planBatch(action: SupervisorAction, devices: readonly BatchDevice[], isPermitted: boolean): BatchPlan {
  const runnable: BatchDevice[] = [];
  const counts = new Map<UnavailableReason, number>();
  for (const device of devices) {
    const availability = actionAvailability(action, device.forActions, { isPermitted });
    if (availability.isAvailable) runnable.push(device);
    else counts.set(availability.reason, (counts.get(availability.reason) ?? 0) + 1);
  }
  return { runnable, skipped: [...counts].map(([reason, count]) => ({ reason, count })), total: devices.length };
}

/** The names a confirmation lists: the first CONFIRM_NAMES_MAX, and how many more there are. */
export function confirmationNames(names: readonly string[], max = CONFIRM_NAMES_MAX): { shown: string[]; more: number } {
  return { shown: names.slice(0, max), more: Math.max(0, names.length - max) };
}

export interface BatchOutcome<T> {
  summary: BatchSummary;
  /** The items the device's update lock refused: forcing may run them (fleets spec §4). */
  locked: T[];
}

/**
 * How the batch ended (success, partial or total failure with the first message) and which
 * items failed on the update lock. `isLocked` tells the lock's error from the others.
 */
export function batchOutcome<T>(result: BatchResult<T>, messageOf: (error: unknown) => string, isLocked: (error: unknown) => boolean): BatchOutcome<T> {
  return {
    summary: summarizeBatch(result, messageOf),
    locked: result.failed.filter((f) => isLocked(f.error)).map((f) => f.item),
  };
}
