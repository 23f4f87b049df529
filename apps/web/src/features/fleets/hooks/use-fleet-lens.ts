import { useLensPreference } from '../../../lib/use-lens-preference.ts';
import { fleetLensPreference, type FleetLens } from '../fleet-lens.ts';

/** The fleet list's lens for the signed-in user (null until known: the table meanwhile), remembered. */
export function useFleetLens(userKey: string | null): [FleetLens, (lens: FleetLens) => void] {
  return useLensPreference(fleetLensPreference, userKey);
}
