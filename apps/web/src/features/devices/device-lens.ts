import { lensPreference } from '../../lib/lens-preference.ts';

/**
 * How the fleet's device list shows its page (fleets spec §2 "Fleet device list": a table lens
 * and a map lens), remembered per user. Both show the same server page.
 */
export const DEVICE_LENSES = ['table', 'map'] as const;
export type DeviceLens = (typeof DEVICE_LENSES)[number];

export const deviceLens = lensPreference('deviceLens', DEVICE_LENSES);
