/**
 * What a simulated device runs: host OS version and variant, supervisor version. A demo fleet
 * varies them (`--varied`) so the dashboard's version-dependent rules have something to show —
 * local mode needs the dev variant, the ESR supervisor cannot be updated, container controls
 * need supervisor 7 (fleets spec §5); tests keep the single default.
 */
export interface DeviceProfile {
  osVersion: string;
  osVariant: 'prod' | 'dev';
  supervisorVersion: string;
}

export const DEFAULT_PROFILE: DeviceProfile = { osVersion: 'balenaOS 6.0.0', osVariant: 'prod', supervisorVersion: '17.0.0' };

/** The mix a varied fleet cycles through: current, a development build, an older line, an ESR. */
export const VARIED_PROFILES: readonly DeviceProfile[] = [
  DEFAULT_PROFILE,
  { osVersion: 'balenaOS 6.0.0', osVariant: 'dev', supervisorVersion: '17.0.0' },
  { osVersion: 'balenaOS 5.3.21', osVariant: 'prod', supervisorVersion: '16.4.6' },
  { osVersion: 'balenaOS 2.115.1', osVariant: 'prod', supervisorVersion: '14.11.8' },
  { osVersion: 'balenaOS 2024.10.1', osVariant: 'prod', supervisorVersion: '16.7.4' },
];

/** The profile of the `index`th device of a fleet. */
export function profileFor(index: number, isVaried: boolean): DeviceProfile {
  return isVaried ? VARIED_PROFILES[index % VARIED_PROFILES.length]! : DEFAULT_PROFILE;
}
