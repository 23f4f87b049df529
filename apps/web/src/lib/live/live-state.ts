/**
 * Which topics the page's push connection currently hears (set by live-connection.ts once the
 * server said `ready`, cleared when the stream drops). Plain module state without React, so the
 * query modules the boot script loads (lib/query-client.ts's rule) can read it for their
 * polling interval.
 */
let liveTopics: ReadonlySet<string> = new Set();

export function setLiveTopics(topics: ReadonlySet<string>): void {
  liveTopics = topics;
}

export function isTopicLive(topic: string | undefined): boolean {
  return topic !== undefined && liveTopics.has(topic);
}
