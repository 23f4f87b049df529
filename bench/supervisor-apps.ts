import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import type { Db } from '../apps/api/src/db/database.ts';
import type { LinkHub } from '../apps/api/src/device-link/link-hub.ts';
import { MemoryLinkHub } from '../apps/api/src/device-link/memory-link-hub.ts';
import { RedisLinkHub } from '../apps/api/src/device-link/redis-link-hub.ts';
import { defaultConfig } from '../apps/api/src/lib/config.ts';

/**
 * The two API "processes" of the `/supervisor` benches (W11): A holds the device links, B takes
 * the users' calls. Both run in the bench's Node process on one database, each with its own
 * hub and listening socket. With REDIS_URL each has its own Redis hub (the scale-out path);
 * without it they share one in-memory hub, or B could never reach A's links.
 */
export interface SupervisorApps {
  a: { app: FastifyInstance; url: string; hub: LinkHub };
  b: { app: FastifyInstance; url: string; hub: LinkHub };
  hubKind: 'redis' | 'memory';
  close(): Promise<void>;
}

export async function startSupervisorApps(db: Db): Promise<SupervisorApps> {
  const redisUrl = process.env.REDIS_URL;
  const hubs: LinkHub[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const h of new Set(hubs)) await h.close();
  };
  try {
    const hub = async () => {
      const h = redisUrl ? await RedisLinkHub.connect(redisUrl) : new MemoryLinkHub();
      hubs.push(h);
      return h;
    };
    const hubA = await hub();
    const hubB = redisUrl ? await hub() : hubA;
    // One secret, as processes of one deployment share it: a session made on one is good on the other.
    const jwtSecret = randomBytes(16).toString('hex');
    const start = async (linkHub: LinkHub) => {
      const app = await buildApp({ db, config: defaultConfig({ jwtSecret }), linkHub });
      apps.push(app);
      return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }), hub: linkHub };
    };
    return { a: await start(hubA), b: await start(hubB), hubKind: redisUrl ? 'redis' : 'memory', close };
  } catch (error) {
    await close();
    throw error;
  }
}
