import type { QueryClient } from '@tanstack/react-query';
import { getToken, logout, subscribeSession } from '../session.ts';
import { applyLiveMessage } from './apply-live-message.ts';
import { LiveConnection, type LiveStatus } from './live-connection.ts';
import { setLiveTopics } from './live-state.ts';
import { topicOfQueryKey } from './live-topics.ts';

/**
 * Push for the query cache: the topics of the queries on screen (those with an observer) are
 * the connection's topics; pushed changes are written into the cache (apply-live-message.ts);
 * when push starts or stops covering a query its polling interval is worked out again
 * (live-poll.ts: slow while covered, the spec's interval otherwise); a topic that becomes live
 * re-reads its queries whose data is older than the subscription.
 *
 * Returns the function that stops it. One per QueryClient (App.tsx starts it once).
 */
export interface LiveQueries {
  connection: LiveConnection;
  stop(): void;
}

/** Topic changes while navigating (old page unmounts, new one mounts) settle into one reconnect. */
const TOPIC_SETTLE_MS = 50;

const statusListeners = new Set<(status: LiveStatus) => void>();
let lastStatus: LiveStatus = 'idle';
let lastFailing = false;

/** The push connection's status, for a "live" indicator (use-live-status.ts). */
export function subscribeLiveStatus(listener: (status: LiveStatus) => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}
export const getLiveStatus = (): LiveStatus => lastStatus;
/** Whether push keeps failing (LiveConnection.isFailing), for the page's "paused" notice. */
export const getLiveFailing = (): boolean => lastFailing;

export function startLiveQueries(queryClient: QueryClient, options: { fetch?: typeof fetch } = {}): LiveQueries {
  const cache = queryClient.getQueryCache();
  const queriesOf = (topics: ReadonlySet<string>) => cache.getAll().filter((q) => topics.has(topicOfQueryKey(q.queryKey) ?? ''));

  const connection = new LiveConnection({
    getToken,
    fetch: options.fetch,
    onMessage: (message) => applyLiveMessage(queryClient, message),
    onReady: (fresh, since) => {
      for (const query of queriesOf(new Set(fresh))) {
        if (query.state.dataUpdatedAt < since) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      }
    },
    onLiveTopics: (topics, status) => {
      const before = new Set(lastLive);
      lastLive = topics;
      setLiveTopics(topics);
      // Queries whose coverage changed take their new polling interval now (observers recompute it on setOptions).
      const changed = new Set([...before, ...topics].filter((t) => before.has(t) !== topics.has(t)));
      for (const query of queriesOf(changed)) for (const observer of query.observers) observer.setOptions(observer.options);
      lastStatus = status;
      lastFailing = connection.isFailing;
      for (const listener of statusListeners) listener(status);
    },
    onUnauthorized: () => logout(),
  });
  let lastLive: ReadonlySet<string> = new Set();

  let settle: ReturnType<typeof setTimeout> | null = null;
  const updateTopics = () => {
    if (settle) return;
    settle = setTimeout(() => {
      settle = null;
      const topics = new Set<string>();
      for (const query of cache.getAll()) {
        const topic = topicOfQueryKey(query.queryKey);
        if (topic && query.getObserversCount() > 0) topics.add(topic);
      }
      connection.setTopics(topics);
    }, TOPIC_SETTLE_MS);
  };
  const offCache = cache.subscribe((event) => {
    if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'removed') updateTopics();
  });
  const offSession = subscribeSession(() => connection.restart());
  // Back online: push reconnects at once rather than after a backoff that grew while offline.
  const onOnline = () => connection.retryNow();
  globalThis.addEventListener?.('online', onOnline);
  updateTopics();

  return {
    connection,
    stop() {
      if (settle) clearTimeout(settle);
      offCache();
      offSession();
      globalThis.removeEventListener?.('online', onOnline);
      connection.stop();
      setLiveTopics(new Set());
    },
  };
}
