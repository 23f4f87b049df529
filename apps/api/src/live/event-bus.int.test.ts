import { afterEach, describe, expect, it } from 'vitest';
import type { EventBus } from './event-bus.ts';
import { MemoryEventBus } from './memory-event-bus.ts';
import { RedisEventBus } from './redis-event-bus.ts';
import { until } from '../test/until.ts';

/**
 * The same contract for both buses: the in-memory one of a single process, and Redis between
 * two processes (two buses on one Redis stand for two API processes). The Redis half runs
 * where REDIS_URL names a Redis (the PostgreSQL lane of `npm test`).
 */
const redisUrl = process.env.REDIS_URL;
const opened: EventBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((bus) => bus.close()));
});

function contract(name: string, pair: () => Promise<[publisher: EventBus, subscriber: EventBus]>) {
  describe(name, () => {
    it('delivers each payload once, in order, to every subscriber of the topic and to no other topic', async () => {
      const [publisher, subscriber] = await pair();
      const topic = `t-${Math.random()}`;
      const a: unknown[] = [];
      const b: unknown[] = [];
      const other: unknown[] = [];
      await subscriber.subscribe(topic, (p) => a.push(p));
      await subscriber.subscribe(topic, (p) => b.push(p));
      await subscriber.subscribe(`${topic}-other`, (p) => other.push(p));
      for (let i = 0; i < 20; i++) await publisher.publish(topic, { i });
      await until('both subscribers', () => Promise.resolve(a.length + b.length), (n) => n === 40, 5000);
      expect(a).toEqual(Array.from({ length: 20 }, (_, i) => ({ i })));
      expect(b).toEqual(a);
      expect(other).toEqual([]);
    });

    it('stops delivering after unsubscribe, and a new subscription hears each payload once', async () => {
      const [publisher, subscriber] = await pair();
      const topic = `t-${Math.random()}`;
      const first: unknown[] = [];
      const unsubscribe = await subscriber.subscribe(topic, (p) => first.push(p));
      await publisher.publish(topic, 1);
      await until('the first payload', () => Promise.resolve(first.length), (n) => n === 1, 5000);
      // Unsubscribe and subscribe again at once: the new subscriber must not hear twice.
      const second: unknown[] = [];
      await Promise.all([unsubscribe(), subscriber.subscribe(topic, (p) => second.push(p))]);
      await publisher.publish(topic, 2);
      await publisher.publish(topic, 3);
      await until('the later payloads', () => Promise.resolve(second.length), (n) => n >= 2, 5000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(first).toEqual([1]);
      expect(second).toEqual([2, 3]);
    });

    it('keeps delivering to the others when one subscriber throws', async () => {
      const [publisher, subscriber] = await pair();
      const topic = `t-${Math.random()}`;
      const heard: unknown[] = [];
      await subscriber.subscribe(topic, () => {
        throw new Error('subscriber bug');
      });
      await subscriber.subscribe(topic, (p) => heard.push(p));
      await publisher.publish(topic, 'x');
      await until('the payload', () => Promise.resolve(heard.length), (n) => n === 1, 5000);
      expect(heard).toEqual(['x']);
    });
  });
}

contract('in-memory event bus (one process)', () => {
  const bus = new MemoryEventBus();
  opened.push(bus);
  return Promise.resolve([bus, bus]);
});

it('in-memory bus: subscribers share one frozen copy, which neither they nor the publisher can change; unsubscribing leaves no topic behind', async () => {
  const bus = new MemoryEventBus();
  opened.push(bus);
  const seen: { n: number }[] = [];
  let refused: unknown = null;
  const off = await bus.subscribe('t', (p) => {
    try {
      (p as { n: number }).n += 1;
    } catch (error) {
      refused = error;
    }
    seen.push(p as { n: number });
  });
  const off2 = await bus.subscribe('t', (p) => seen.push(p as { n: number }));
  const payload = { n: 1 };
  await bus.publish('t', payload);
  payload.n = 99;
  expect(refused).toBeInstanceOf(TypeError);
  expect(seen).toEqual([{ n: 1 }, { n: 1 }]);
  // Parsed once for both.
  expect(seen[0]).toBe(seen[1]);
  await off();
  await off2();
  expect(bus.topicCount).toBe(0);
});

describe.runIf(redisUrl)('with Redis', () => {
  contract('Redis event bus (two processes)', async () => {
    const publisher = await RedisEventBus.connect(redisUrl!);
    const subscriber = await RedisEventBus.connect(redisUrl!);
    opened.push(publisher, subscriber);
    return [publisher, subscriber];
  });
});
