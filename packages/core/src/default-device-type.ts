/**
 * Changing a fleet's default device type (fleets spec §5 "Fleet changes"): changing across CPU
 * architectures is warned and disabled, so only device types of the fleet's current
 * architecture are offered (the fleet's devices and releases are built for it).
 */
export interface DeviceTypeChoice {
  id: number;
  slug: string;
  name: string;
  /** The CPU architecture slug (`aarch64`), or null when unknown. */
  cpuArchitecture: string | null;
}

/** Whether moving the default device type from one architecture to another is allowed: only the same one. */
export function isDeviceTypeChangeAllowed(fromArch: string | null, toArch: string | null): boolean {
  return fromArch !== null && fromArch === toArch;
}

/** The device types offered for the fleet: those of its architecture, by name; the current one included. */
export function deviceTypeChoices<T extends DeviceTypeChoice>(types: readonly T[], current: { cpuArchitecture: string | null }): T[] {
  return types
    .filter((type) => isDeviceTypeChangeAllowed(current.cpuArchitecture, type.cpuArchitecture))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** How many device types are left out for another architecture (for the warning). */
export function otherArchitectureCount(types: readonly DeviceTypeChoice[], current: { cpuArchitecture: string | null }): number {
  return types.filter((type) => !isDeviceTypeChangeAllowed(current.cpuArchitecture, type.cpuArchitecture)).length;
}
