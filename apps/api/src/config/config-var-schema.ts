/**
 * The device-type part of `configVarSchema` (compat §4 `GET /config/vars?deviceType=<slug>`,
 * fleets spec §2 "Fleet configuration page"): the boot configuration a device type's OS reads,
 * on top of the supervisor settings every type has. Raspberry Pis read `config.txt`
 * (`HOST_CONFIG_*`); Jetson boards their extlinux command line and ODM data. A type without its
 * own family, or no type at all, gets only the common part.
 */
import { z } from 'zod';
import { safeString } from '@flotilla/core/schemas/primitives';

/** The query of `GET /config/vars`: an optional device type slug. */
export const configVarsQuery = z.object({ deviceType: safeString(255).optional() });

export interface SchemaProperty {
  type: 'string' | 'integer' | 'boolean';
  title: string;
  description: string;
  default?: string | number | boolean;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  will_reboot?: boolean;
}

/** Names without their namespace; the schema publishes them under `BALENA_`. */
const RASPBERRY_PI: Record<string, SchemaProperty> = {
  HOST_CONFIG_gpu_mem: {
    type: 'integer',
    title: 'GPU memory',
    description: 'Memory in megabytes given to the GPU (config.txt gpu_mem).',
    default: 16,
    minimum: 16,
    maximum: 944,
    will_reboot: true,
  },
  HOST_CONFIG_dtoverlay: {
    type: 'string',
    title: 'Device tree overlays',
    description: 'Overlays to load, comma separated, each in double quotes (config.txt dtoverlay).',
    default: '"vc4-kms-v3d"',
    will_reboot: true,
  },
  HOST_CONFIG_dtparam: {
    type: 'string',
    title: 'Device tree parameters',
    description: 'Parameters of the base device tree, comma separated, each in double quotes (config.txt dtparam).',
    default: '"i2c_arm=on","spi=on","audio=on"',
    will_reboot: true,
  },
  HOST_CONFIG_disable_splash: {
    type: 'boolean',
    title: 'Disable rainbow splash',
    description: 'Hide the firmware rainbow splash screen at boot (config.txt disable_splash).',
    default: true,
    will_reboot: true,
  },
};

const JETSON: Record<string, SchemaProperty> = {
  HOST_EXTLINUX_isolcpus: {
    type: 'string',
    title: 'Isolated CPUs',
    description: 'CPU cores the kernel scheduler leaves alone, e.g. 1,2 (extlinux isolcpus).',
    will_reboot: true,
  },
  HOST_ODMDATA_configuration: {
    type: 'string',
    title: 'ODM data configuration',
    description: 'Hardware configuration of the board (UPHY lanes), written to the boot partition.',
    enum: ['1', '2', '3', '4', '5', '6'],
    default: '1',
    will_reboot: true,
  },
};

/** Every device type: the boot splash image, a PNG as a data URL. */
const COMMON_HOST: Record<string, SchemaProperty> = {
  HOST_SPLASH_IMAGE: {
    type: 'string',
    title: 'Splash image',
    description: 'The boot splash logo, a PNG image as a data URL (data:image/png;base64,…).',
    will_reboot: true,
  },
};

const FAMILIES: Array<{ matches: (slug: string) => boolean; properties: Record<string, SchemaProperty> }> = [
  { matches: (slug) => /^(raspberry|fincm3|revpi|npe-x500-m3)/.test(slug), properties: RASPBERRY_PI },
  { matches: (slug) => /^jetson/.test(slug), properties: JETSON },
];

const namespaced = (properties: Record<string, SchemaProperty>) => Object.fromEntries(Object.entries(properties).map(([name, p]) => [`BALENA_${name}`, p]));

/** The host (OS) configuration properties for `deviceType` (its slug), namespaced. */
export function hostConfigProperties(deviceType: string | undefined): Record<string, SchemaProperty> {
  const family = deviceType === undefined ? undefined : FAMILIES.find((f) => f.matches(deviceType));
  return namespaced({ ...COMMON_HOST, ...(family?.properties ?? {}) });
}
