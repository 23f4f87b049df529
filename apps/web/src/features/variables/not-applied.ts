/**
 * Fleets spec §8 warning "Not applied (variable for an outdated service)": a service variable
 * (fleet-wide for one service, or the device's own for one of its services) acts on a device only
 * once that service runs the device's target release (compat §5.3). A service is outdated on the
 * device when none of its image installs (those not deleted) is provided by the target release,
 * which covers a service still on an older release, a rollback to another one, and a service the
 * device has not installed at all. A device without a target release has nothing to be behind.
 */

/** One image install of the device: the service it runs and the release that provides it. */
export interface ServiceInstall {
  serviceId: number | null;
  releaseId: number | null;
}

export interface DeviceReleaseState {
  /** The device's target: its pin, else its fleet's release; null when it has none. */
  targetReleaseId: number | null;
  installs: readonly ServiceInstall[];
}

/** The ids, among `serviceIds`, of the services outdated on the device. */
export function outdatedServices(state: DeviceReleaseState, serviceIds: readonly number[]): Set<number> {
  const target = state.targetReleaseId;
  if (target === null) return new Set();
  const current = new Set(state.installs.filter((i) => i.releaseId === target && i.serviceId !== null).map((i) => i.serviceId));
  return new Set(serviceIds.filter((id) => !current.has(id)));
}
