/**
 * Whether a device of one CPU architecture can run a fleet built for another (compat §6.4,
 * the check the SDK applies on register and move): same architecture always; aarch64 also
 * runs armv7hf and rpi fleets; armv7hf also runs rpi fleets. Used by device registration,
 * by the API's write checks (compiled to SQL from ARCH_ALSO_RUNS) and by the move dialog.
 */
export const ARCH_ALSO_RUNS: Readonly<Record<string, readonly string[]>> = {
  aarch64: ['armv7hf', 'rpi'],
  armv7hf: ['rpi'],
};

export function isDeviceArchCompatibleWithFleet(deviceArch: string, fleetArch: string): boolean {
  return deviceArch === fleetArch || (ARCH_ALSO_RUNS[deviceArch]?.includes(fleetArch) ?? false);
}
