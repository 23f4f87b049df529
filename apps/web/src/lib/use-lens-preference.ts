import { useState } from 'react';
import { browserStorage } from './browser-storage.ts';
import type { lensPreference } from './lens-preference.ts';

/** A list's lens for the signed-in user (null until known: the first lens meanwhile), remembered. */
export function useLensPreference<L extends string>(preference: ReturnType<typeof lensPreference<L>>, userKey: string | null): [L, (lens: L) => void] {
  const [state, setState] = useState(() => ({ userKey, lens: preference.read(browserStorage(), userKey) }));
  // The user became known (or changed): read their choice during render rather than in an effect.
  let current = state;
  if (state.userKey !== userKey) {
    current = { userKey, lens: preference.read(browserStorage(), userKey) };
    setState(current);
  }
  const set = (lens: L) => {
    if (current.userKey !== null) preference.write(browserStorage(), current.userKey, lens);
    setState({ userKey: current.userKey, lens });
  };
  return [current.lens, set];
}
