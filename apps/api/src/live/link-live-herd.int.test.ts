import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTopic, type LiveEvent } from '@flotilla/core/schemas/live-events';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { until } from '../test/until.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, newDeviceUuid } from '../devices/device-test-factories.ts';
import { TestLink } from '../device-link/device-link-test-device.ts';
import { RedisEventBus } from './redis-event-bus.ts';

/**
 * A herd of links starting and ending at once (a process restart, bench/device-links-idle) must
 * each reach the dashboard: the database refuses work beyond a bounded queue (db/pool.ts), and
 * one read per link event was a herd of reads past it, whose devices never got pushed. The
 * bound is small here so that a few dozen links are a herd; with REDIS_URL the bus is Redis.
 */
const LINKS = 40;
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];

async function insertDevices(fleetId: number, count: number): Promise<{ id: number; uuid: string; key: string }[]> {
  const devices: { id: number; uuid: string; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const key = generateApiKeySecret();
    const uuid = newDeviceUuid();
    const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const device = await sql<{ id: number }>`
      INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type)
      VALUES (${actor.id}, ${uuid}, ${`live-herd-${i}`}, ${fleetId}, (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'))
      RETURNING id`.execute(db);
    await db.insertInto('api_key').values({ key_hash: hashApiKey(key), is_of__actor: actor.id, name: 'device key' }).execute();
    devices.push({ id: device.rows[0]!.id, uuid, key });
  }
  return devices;
}

beforeAll(async () => {
  const eventBus = process.env.REDIS_URL ? await RedisEventBus.connect(process.env.REDIS_URL) : undefined;
  ctx = await createTestApp({}, { queue: { maxWaiting: 2 } }, eventBus ? { eventBus } : {});
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
  if (process.env.REDIS_URL) await ctx?.app.eventBus.close();
});

describe('a herd of device links, pushed live', () => {
  it('pushes every device of a herd that links and then unlinks at once', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const devices = await insertDevices(fleet.applicationId, LINKS);
    // The last state each device's subscriber was told.
    const told = new Map<string, boolean>();
    const unsubscribe = await Promise.all(
      devices.map((d) =>
        ctx.app.eventBus.subscribe(deviceTopic(d.uuid), (event) => {
          const e = event as LiveEvent;
          if (e.type === 'device') told.set(e.device.uuid, e.device.is_connected_to_vpn);
        }),
      ),
    );
    const countTold = (linked: boolean) => Promise.resolve(devices.filter((d) => told.get(d.uuid) === linked).length);

    // All at once: the upgrades' key lookups queue too, so some are refused and retried here.
    const opening = devices.map(async (d) => {
      for (;;) {
        const link = await TestLink.open(baseUrl, d.key);
        if (link.socket.readyState === link.socket.OPEN) return link;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    links.push(...(await Promise.all(opening)));
    await until('every link start pushed', () => countTold(true), (n) => n === LINKS, 15_000);

    // The links end while their rows are locked (a slow statement ahead in the queue): their
    // end writes gather behind it, and once it commits their pushes are one herd of reads.
    await db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM device WHERE id = ANY(${`{${devices.map((d) => d.id).join(',')}}`}::int[]) FOR UPDATE`.execute(trx);
      for (const l of links) l.socket.terminate();
      await new Promise((r) => setTimeout(r, 500));
    });
    await until('every link end pushed', () => countTold(false), (n) => n === LINKS, 15_000);
    await Promise.all(unsubscribe.map((u) => u()));
    expect(devices.every((d) => told.get(d.uuid) === false)).toBe(true);
  });
});
