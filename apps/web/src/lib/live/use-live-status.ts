import { useCallback, useSyncExternalStore } from 'react';
import { getLiveStatus, subscribeLiveStatus } from './live-queries.ts';
import type { LiveStatus } from './live-connection.ts';
import { isTopicLive } from './live-state.ts';

/** The page's push connection status (live-queries.ts), re-rendering when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus, getLiveStatus);
}

/** Whether push currently covers `topic` (e.g. `device:<uuid>`), re-rendering when that changes. */
export function useIsTopicLive(topic: string): boolean {
  const snapshot = useCallback(() => isTopicLive(topic), [topic]);
  return useSyncExternalStore(subscribeLiveStatus, snapshot, snapshot);
}
