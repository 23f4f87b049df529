import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { RedisLinkHub } from '../device-link/redis-link-hub.ts';
import { RedisEventBus } from '../live/redis-event-bus.ts';
import { createTestApp, type TestContext } from './harness.ts';

export interface TwoProcesses {
  /** Process A, with the test database (its `database` is the one both share). */
  first: TestContext;
  firstUrl: string;
  /** Process B: another app on the same database and Redis, as a second replica would be. */
  second: FastifyInstance;
  secondUrl: string;
  close(): Promise<void>;
}

/** A process's Redis link hub and event bus. */
async function redisParts(redisUrl: string): Promise<{ linkHub: RedisLinkHub; eventBus: RedisEventBus; close: () => Promise<void> }> {
  const [linkHub, eventBus] = await Promise.all([RedisLinkHub.connect(redisUrl), RedisEventBus.connect(redisUrl)]);
  return { linkHub, eventBus, close: async () => void (await Promise.all([linkHub.close(), eventBus.close()])) };
}

/**
 * Two API processes on one database and one Redis (DESIGN.md "Live data and scale-out"), both
 * listening on loopback and sharing their secrets, as replicas behind a load balancer do: what
 * a device or browser does on one must reach a client of the other.
 */
export async function startTwoProcesses(redisUrl: string): Promise<TwoProcesses> {
  const a = await redisParts(redisUrl);
  const first = await createTestApp({}, {}, { linkHub: a.linkHub, eventBus: a.eventBus });
  const b = await redisParts(redisUrl);
  const second = await buildApp({ db: first.database.db, config: first.app.config, linkHub: b.linkHub, eventBus: b.eventBus });
  second.addHook('onClose', b.close);
  const firstUrl = await first.app.listen({ port: 0, host: '127.0.0.1' });
  const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  return {
    first,
    firstUrl,
    second,
    secondUrl,
    async close() {
      await second.close();
      await first.close();
      await a.close(); // after the app: createTestApp's app is ready, so no onClose hook can be added
    },
  };
}
