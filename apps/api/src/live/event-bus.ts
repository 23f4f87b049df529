/**
 * Live events between API processes (DESIGN.md "Live data and scale-out"): log lines, device
 * status and list changes, metrics, terminal traffic. A publisher names a topic (each feature
 * names its own, prefixed with the feature: `logs:<uuid>`, `terminal:<session>`); every subscriber of that topic in any API process gets the payload once, in
 * publish order per publisher. Delivery is best effort and at most once: what must survive a
 * process crash (log lines, device state) is written to the database first and only then
 * published, so a subscriber that missed events re-reads the database.
 *
 * The embedded default is one process with an in-memory bus (memory-event-bus.ts); with
 * REDIS_URL the processes share Redis pub/sub (redis-event-bus.ts).
 */
export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  /** Delivers to every subscriber of `topic` in every process. The payload must be JSON. */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Calls `handler` for each payload published on `topic` from now on; resolves once the
   * subscription is live (a publish after it is heard). The returned function unsubscribes.
   */
  subscribe(topic: string, handler: EventHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A payload as every subscriber receives it: parsed from its JSON once per message, however
 * many subscribers it has (a tail per browser tab), and frozen, so no subscriber can change
 * what the others see.
 */
export function sharedPayload(json: string): unknown {
  return deepFreeze(JSON.parse(json));
}

function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
