import { useSyncExternalStore } from 'react';
import { getLiveFailing, subscribeLiveStatus } from './live-queries.ts';

/**
 * Whether push keeps failing (live-connection.ts `isFailing`), re-rendering when that changes.
 * Its own module, beside use-live-status.ts: the shell reads it on every page, and a module shared
 * with the device pages' chunks would be a chunk of its own on /fleets' first load.
 */
export function useIsLiveFailing(): boolean {
  return useSyncExternalStore(subscribeLiveStatus, getLiveFailing, getLiveFailing);
}
