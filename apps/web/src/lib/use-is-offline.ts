import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity.ts';

/**
 * True while the dashboard is offline (lib/connectivity.ts): the browser is offline, or the API
 * stopped answering. Data on screen is then the last known, not the current state.
 */
export function useIsOffline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOffline, () => false);
}
