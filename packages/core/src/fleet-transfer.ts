import { isSameFleetName } from './fleet-name.ts';

/**
 * Transferring a fleet to another organization (fleets spec §5 "Fleet changes": targets are
 * organizations where the user is administrator or a developer member, with no same-named
 * resource and no devices; the confirmation warns of lost access). The API checks
 * resin.application.transfer on the fleet, resin.application.create in the receiving
 * organization, and the name's uniqueness there.
 *
 * "No devices" is read as the fleet having none: a fleet's devices would otherwise change
 * organization (and billing) along with it, so a fleet with devices offers no target.
 */
export const TRANSFER_ROLES = ['administrator', 'developer'] as const;

export interface TransferCandidate {
  id: number;
  name: string;
  /** The user's role in that organization. */
  role: string;
  /** Names of that organization's fleets, apps and blocks (any class: names are unique per organization). */
  applicationNames: readonly string[];
}

export type TransferExclusion = 'current' | 'role' | 'sameName';

export function transferExclusion(candidate: TransferCandidate, fleet: { name: string; organizationId: number }): TransferExclusion | null {
  if (candidate.id === fleet.organizationId) return 'current';
  if (!(TRANSFER_ROLES as readonly string[]).includes(candidate.role)) return 'role';
  if (candidate.applicationNames.some((name) => isSameFleetName(name, fleet.name))) return 'sameName';
  return null;
}

/** The organizations the fleet may be transferred to, by name; none while the fleet has devices. */
export function transferTargets<T extends TransferCandidate>(
  candidates: readonly T[],
  fleet: { name: string; organizationId: number; deviceCount: number },
): T[] {
  if (fleet.deviceCount > 0) return [];
  return candidates.filter((c) => transferExclusion(c, fleet) === null).sort((a, b) => a.name.localeCompare(b.name));
}
