import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { until } from '../test/until.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, newDeviceUuid } from '../devices/device-test-factories.ts';
import { TestLink } from './device-link-test-device.ts';

/**
 * Many links starting or ending at once (bench/device-links-*: a balancer restart, a network
 * drop, a killed API process sending its devices to another) must each be recorded, although
 * the database refuses work beyond a bounded queue (db/pool.ts): one UPDATE per link made a
 * herd of N links N queued writes, and those past the bound were dropped, leaving devices shown
 * connected without a link. The link states are written together (cloudlink.repository.ts).
 * The bound is small here so that a few dozen links are a herd.
 */
const LINKS = 40;
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];

async function insertDevices(fleetId: number, count: number): Promise<{ id: number; key: string }[]> {
  const devices: { id: number; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const key = generateApiKeySecret();
    const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const device = await sql<{ id: number }>`
      INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type)
      VALUES (${actor.id}, ${newDeviceUuid()}, ${`herd-${i}`}, ${fleetId}, (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'))
      RETURNING id`.execute(db);
    await db.insertInto('api_key').values({ key_hash: hashApiKey(key), is_of__actor: actor.id, name: 'device key' }).execute();
    devices.push({ id: device.rows[0]!.id, key });
  }
  return devices;
}

/** Devices of `ids` marked linked; -1 when the database refused the count too (its queue is full). */
const linkedCount = (ids: number[]) =>
  db
    .selectFrom('device')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .where('is_connected_to_vpn', '=', true)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n))
    .catch(() => -1);

beforeAll(async () => {
  ctx = await createTestApp({}, { queue: { maxWaiting: 8 } });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

describe('a herd of device links', () => {
  it('records every link of a herd that ends at once as disconnected', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const devices = await insertDevices(fleet.applicationId, LINKS);
    const ids = devices.map((d) => d.id);
    // Opened a few at a time: the upgrades' own key lookups are not what this test is about.
    for (let i = 0; i < devices.length; i += 4) links.push(...(await Promise.all(devices.slice(i, i + 4).map((d) => TestLink.open(baseUrl, d.key)))));
    await until('all linked', () => linkedCount(ids), (n) => n === LINKS);

    for (const l of links) l.socket.terminate();
    await until('all unlinked', () => linkedCount(ids), (n) => n === 0, 10_000);
    const rows = await db.selectFrom('device').select(['is_online', 'last_vpn_event']).where('id', 'in', ids).execute();
    expect(rows.every((r) => !r.is_online && r.last_vpn_event !== null)).toBe(true);
  });
});
