import { lensPreference } from '../../lib/lens-preference.ts';

/**
 * How the fleet list shows its page (fleets spec §"Fleet list": "a grid lens of cards (370x324)
 * and a filterable table"), remembered in localStorage per user (`flotilla.fleetLens.<userKey>`).
 * Both lenses show the same server page: the same rules, sort, pager and column choice.
 */
export const FLEET_LENSES = ['table', 'grid'] as const;
export type FleetLens = (typeof FLEET_LENSES)[number];

/** Fleets spec §Sizes: "Fleet cards: 370x324". */
export const FLEET_CARD_WIDTH = 370;
export const FLEET_CARD_HEIGHT = 324;

export const fleetLensPreference = lensPreference('fleetLens', FLEET_LENSES);
const preference = fleetLensPreference;

export const fleetLensKey = preference.keyOf;

/** The user's lens, or the table when nothing (valid) is stored or the user is not known yet. */
export const readFleetLens = preference.read;

export const writeFleetLens = preference.write;
