import { createClient } from 'redis';
import { sharedPayload, type EventBus, type EventHandler } from './event-bus.ts';
import { deliver } from './memory-event-bus.ts';

type RedisClient = ReturnType<typeof createClient>;

const channelOf = (topic: string) => `flotilla:event:${topic}`;

/**
 * Several API processes: one Redis channel per topic, subscribed by a process while at least
 * one of its subscribers wants it (so a process hears only the devices and fleets its browsers
 * watch). Publishing is one PUBLISH; Redis keeps each publisher's order on a channel.
 */
export class RedisEventBus implements EventBus {
  /**
   * The live topics. Each has its own channel listener that delivers to its own handler set, so
   * a topic unsubscribed and subscribed again while Redis answers never delivers twice.
   */
  readonly #topics = new Map<string, { handlers: Set<EventHandler>; ready: Promise<void>; listener: (message: string) => void }>();
  readonly #publisher: RedisClient;
  readonly #subscriber: RedisClient;

  private constructor(publisher: RedisClient, subscriber: RedisClient) {
    this.#publisher = publisher;
    this.#subscriber = subscriber;
  }

  static async connect(url: string, options: { onError?: (error: Error) => void } = {}): Promise<RedisEventBus> {
    const publisher = createClient({ url });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) client.on('error', (error: Error) => options.onError?.(error));
    await Promise.all([publisher.connect(), subscriber.connect()]);
    return new RedisEventBus(publisher, subscriber);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    await this.#publisher.publish(channelOf(topic), JSON.stringify(payload));
  }

  async subscribe(topic: string, handler: EventHandler): Promise<() => Promise<void>> {
    let state = this.#topics.get(topic);
    if (!state) {
      const handlers = new Set<EventHandler>();
      const listener = (message: string) => dispatch(handlers, message);
      state = { handlers, listener, ready: this.#subscriber.subscribe(channelOf(topic), listener) };
      this.#topics.set(topic, state);
    }
    const own = state;
    const entry: EventHandler = (payload) => handler(payload);
    own.handlers.add(entry);
    await own.ready;
    return async () => {
      own.handlers.delete(entry);
      if (own.handlers.size > 0) return;
      if (this.#topics.get(topic) === own) this.#topics.delete(topic);
      await own.ready.catch(() => undefined);
      await this.#subscriber.unsubscribe(channelOf(topic), own.listener);
    };
  }

  async close(): Promise<void> {
    this.#topics.clear();
    await Promise.allSettled([this.#subscriber.close(), this.#publisher.close()]);
  }
}

function dispatch(handlers: ReadonlySet<EventHandler>, raw: string): void {
  let payload: unknown;
  try {
    payload = sharedPayload(raw);
  } catch {
    return;
  }
  for (const handler of [...handlers]) deliver(handler, payload);
}
