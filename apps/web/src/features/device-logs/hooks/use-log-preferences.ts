import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { browserStorage } from '../../../lib/browser-storage.ts';
import { readLogPreferences, writeLogPreferences, type LogPreferences } from '../log-preferences.ts';

/** The signed-in user's log preferences (defaults until the user is known), remembered on change. */
export function useLogPreferences(): [LogPreferences, (change: Partial<LogPreferences>) => void] {
  const { data: actor } = useQuery(whoamiQuery);
  const userKey = actor ? `${actor.actorType}-${actor.actorTypeId}` : null;
  const [state, setState] = useState(() => ({ userKey, preferences: readLogPreferences(browserStorage(), userKey) }));
  // The user became known (or changed): read their choice during render rather than in an effect.
  let current = state;
  if (state.userKey !== userKey) {
    current = { userKey, preferences: readLogPreferences(browserStorage(), userKey) };
    setState(current);
  }
  const update = (change: Partial<LogPreferences>) => {
    const preferences = { ...current.preferences, ...change };
    if (current.userKey !== null) writeLogPreferences(browserStorage(), current.userKey, preferences);
    setState({ userKey: current.userKey, preferences });
  };
  return [current.preferences, update];
}
