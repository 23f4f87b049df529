import { useState } from 'react';
import { browserStorage } from '../../../lib/browser-storage.ts';
import { readFleetLens, writeFleetLens, type FleetLens } from '../fleet-lens.ts';

/** The fleet list's lens for the signed-in user (null until known: the table meanwhile), remembered. */
export function useFleetLens(userKey: string | null): [FleetLens, (lens: FleetLens) => void] {
  const [state, setState] = useState(() => ({ userKey, lens: readFleetLens(browserStorage(), userKey) }));
  // The user became known (or changed): read their choice during render rather than in an effect.
  let current = state;
  if (state.userKey !== userKey) {
    current = { userKey, lens: readFleetLens(browserStorage(), userKey) };
    setState(current);
  }
  const set = (lens: FleetLens) => {
    if (current.userKey !== null) writeFleetLens(browserStorage(), current.userKey, lens);
    setState({ userKey: current.userKey, lens });
  };
  return [current.lens, set];
}
