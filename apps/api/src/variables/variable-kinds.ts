import type { VariableNameKind } from '@flotilla/core/variable-names';

/**
 * The variable resources of compat §6.2 as the variables tests walk them: which name rules a
 * kind follows (fleets spec §5) and which owner field holds its natural key (owner, name).
 */
export type VariableOwner = 'application' | 'device' | 'service' | 'service_install';

export interface VariableKind {
  resource: string;
  owner: VariableOwner;
  names: VariableNameKind;
  /** A valid name for the kind, unique with `n`. */
  name(n: string | number): string;
}

const env = (resource: string, owner: VariableOwner, prefix: string): VariableKind => ({ resource, owner, names: 'env', name: (n) => `${prefix}_${n}` });
const config = (resource: string, owner: VariableOwner, prefix: string): VariableKind => ({ resource, owner, names: 'config', name: (n) => `BALENA_${prefix}_${n}` });

export const VARIABLE_KINDS: readonly VariableKind[] = [
  env('application_environment_variable', 'application', 'FLEET'),
  config('application_config_variable', 'application', 'FLEET'),
  env('build_environment_variable', 'application', 'BUILD'),
  env('service_environment_variable', 'service', 'SERVICE'),
  env('device_environment_variable', 'device', 'DEVICE'),
  config('device_config_variable', 'device', 'DEVICE'),
  env('device_service_environment_variable', 'service_install', 'DEVICE_SERVICE'),
];
