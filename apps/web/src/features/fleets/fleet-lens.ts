import { storeItem, type KeyValueStorage } from '../../lib/browser-storage.ts';

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

export const fleetLensKey = (userKey: string) => `flotilla.fleetLens.${userKey}`;

const isFleetLens = (value: unknown): value is FleetLens => typeof value === 'string' && (FLEET_LENSES as readonly string[]).includes(value);

/** The user's lens, or the table when nothing (valid) is stored or the user is not known yet. */
export function readFleetLens(storage: KeyValueStorage | null, userKey: string | null): FleetLens {
  if (userKey === null) return 'table';
  let raw: string | null = null;
  try {
    raw = storage?.getItem(fleetLensKey(userKey)) ?? null;
  } catch {
    raw = null;
  }
  return isFleetLens(raw) ? raw : 'table';
}

export function writeFleetLens(storage: KeyValueStorage | null, userKey: string, lens: FleetLens): void {
  storeItem(storage, fleetLensKey(userKey), lens);
}
