/**
 * Moving a device to another fleet (fleets spec §5 "Move", §6 "Device actions": Move needs
 * resin.device.move; §8 warnings "No applications with compatible architecture", "Insufficient
 * permission for moving to a fleet"; §9 "OS 2.12.0 is the minimum for moving without the
 * data-folder warning"). Written once for the device settings page and the device list's batch
 * move; the API checks the same
 * (resin.device.move on the device's fleet and on the target, the architecture as a reference
 * rule), so this only decides what is offered.
 */
import { isDeviceArchCompatibleWithFleet } from './cpu-architecture.ts';
import { osVersionAtLeast } from './device-actions.ts';
import { effectiveRoles, rolesHavePermission } from './roles.ts';

export const MOVE_PERMISSION = 'resin.device.move';

/** Below this OS version the device's data folder is not carried over to the new fleet. */
export const MOVE_KEEPS_DATA_FROM_OS = '2.12.0';

/** A fleet the user can see, with the user's roles on it (as the permissions layer reads them). */
export interface MoveCandidate {
  id: number;
  name: string;
  /** The CPU architecture of the fleet's default device type, or null when unknown. */
  cpuArchitecture: string | null;
  organizationId: number | null;
  /** The user's own fleet membership role, if any. */
  fleetRole: string | null;
  /** Fleet roles the user holds through team grants. */
  teamRoles: readonly string[];
}

/**
 * Whether the user may move devices into the fleet: developer, safe-developer or operator access
 * (administrator includes them) directly, via a team, or as organization administrator — the
 * effective roles (§6) that hold resin.device.move.
 */
export function canMoveInto(candidate: MoveCandidate, organizationRoles: ReadonlyMap<number, string>): boolean {
  const orgRole = candidate.organizationId === null ? undefined : organizationRoles.get(candidate.organizationId);
  const roles = effectiveRoles(orgRole ? [orgRole] : [], candidate.fleetRole ? [candidate.fleetRole] : [], candidate.teamRoles);
  return rolesHavePermission(roles, MOVE_PERMISSION);
}

/** Why no fleet is offered: none runs the device's architecture, or the user may move into none that does. */
export type MoveTargetsProblem = 'noCompatibleFleet' | 'insufficientPermission';

export interface MoveTargets {
  targets: MoveCandidate[];
  problem: MoveTargetsProblem | null;
}

/**
 * The fleets a device may move to, by name: every other fleet of a compatible CPU architecture
 * where the user holds resin.device.move. With none, the reason (the architecture first: a
 * compatible fleet the user cannot move into is a permission question).
 */
export function moveTargets(
  device: { fleetId: number | null; cpuArchitecture: string | null },
  candidates: readonly MoveCandidate[],
  organizationRoles: ReadonlyMap<number, string>,
): MoveTargets {
  return batchMoveTargets(device.fleetId, [device], candidates, organizationRoles);
}

/**
 * The fleets several devices of one fleet may move to together (the device list's batch move):
 * every other fleet whose architecture each of them can run, where the user holds
 * resin.device.move. A device of unknown architecture runs none, as on its own.
 */
export function batchMoveTargets(
  fleetId: number | null,
  devices: ReadonlyArray<{ cpuArchitecture: string | null }>,
  candidates: readonly MoveCandidate[],
  organizationRoles: ReadonlyMap<number, string>,
): MoveTargets {
  const runsOn = (fleetArch: string) => devices.every((d) => d.cpuArchitecture !== null && isDeviceArchCompatibleWithFleet(d.cpuArchitecture, fleetArch));
  const compatible = candidates.filter((c) => c.id !== fleetId && c.cpuArchitecture !== null && runsOn(c.cpuArchitecture));
  if (devices.length === 0 || compatible.length === 0) return { targets: [], problem: 'noCompatibleFleet' };
  const targets = compatible.filter((c) => canMoveInto(c, organizationRoles)).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { targets, problem: targets.length === 0 ? 'insufficientPermission' : null };
}

/** What a move would lose: the data folder (OS below 2.12.0, or unknown), the device's release pin. */
export type MoveWarning = 'dataFolderNotCarried' | 'pinLost';

export function moveWarnings(device: { osVersion: string | null; isPinned: boolean }): MoveWarning[] {
  const warnings: MoveWarning[] = [];
  if (!osVersionAtLeast(device.osVersion, MOVE_KEEPS_DATA_FROM_OS)) warnings.push('dataFolderNotCarried');
  if (device.isPinned) warnings.push('pinLost');
  return warnings;
}

/**
 * The warnings of a batch move, each with how many of the devices it concerns, in moveWarnings'
 * order: a warning shows if any device is older than OS 2.12.0, a danger warning if any is pinned.
 */
export function batchMoveWarnings(devices: ReadonlyArray<{ osVersion: string | null; isPinned: boolean }>): Array<{ warning: MoveWarning; count: number }> {
  const counts = new Map<MoveWarning, number>();
  for (const device of devices) for (const warning of moveWarnings(device)) counts.set(warning, (counts.get(warning) ?? 0) + 1);
  return (['dataFolderNotCarried', 'pinLost'] as const).flatMap((warning) => {
    const count = counts.get(warning) ?? 0;
    return count > 0 ? [{ warning, count }] : [];
  });
}
