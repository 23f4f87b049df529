import { isTopicLive } from './live-state.ts';
import { topicOfQueryKey } from './live-topics.ts';

/**
 * While the push connection hears a query's topic, changes arrive as they happen and the query
 * only needs a slow safety poll: every 5 minutes, the spec's bound for metrics (fleets spec §9
 * "Metrics refresh at least every 5 minutes"), which also catches an event the best-effort bus
 * lost. When push is down, the query polls at its own interval again.
 */
export const LIVE_FALLBACK_POLL_MS = 300_000;

/** A `refetchInterval` for a query that push can keep fresh: `base` without push, 5 min with it. */
export function livePollInterval(base: number): (query: { queryKey: readonly unknown[] }) => number {
  return (query) => (isTopicLive(topicOfQueryKey(query.queryKey)) ? LIVE_FALLBACK_POLL_MS : base);
}
