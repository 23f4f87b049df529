import { sharedPayload, type EventBus, type EventHandler } from './event-bus.ts';

/** One API process: subscribers are this process's own. */
export class MemoryEventBus implements EventBus {
  readonly #handlers = new Map<string, Set<EventHandler>>();

  publish(topic: string, payload: unknown): Promise<void> {
    const handlers = this.#handlers.get(topic);
    if (!handlers) return Promise.resolve();
    // A copy, as Redis delivers: what the publisher changes later is not seen (event-bus.ts).
    const shared = sharedPayload(JSON.stringify(payload));
    for (const handler of [...handlers]) deliver(handler, shared);
    return Promise.resolve();
  }

  subscribe(topic: string, handler: EventHandler): Promise<() => Promise<void>> {
    let handlers = this.#handlers.get(topic);
    if (!handlers) this.#handlers.set(topic, (handlers = new Set()));
    // Each subscription is its own entry, even when the same function subscribes twice.
    const entry: EventHandler = (payload) => handler(payload);
    handlers.add(entry);
    return Promise.resolve(() => {
      handlers.delete(entry);
      if (handlers.size === 0 && this.#handlers.get(topic) === handlers) this.#handlers.delete(topic);
      return Promise.resolve();
    });
  }

  /** How many topics have a subscriber (tests check that unsubscribing leaves nothing behind). */
  get topicCount(): number {
    return this.#handlers.size;
  }

  close(): Promise<void> {
    this.#handlers.clear();
    return Promise.resolve();
  }
}

/** A throwing subscriber must not keep the others from their event. */
export function deliver(handler: EventHandler, payload: unknown): void {
  try {
    handler(payload);
  } catch {
    // The subscriber's own failure; it owns its error handling.
  }
}
