import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { startLiveQueries } from './live-queries.ts';

/** Starts push for the app's query cache while the app is mounted (App.tsx). */
export function useLiveQueries(queryClient: QueryClient): void {
  useEffect(() => startLiveQueries(queryClient).stop, [queryClient]);
}
