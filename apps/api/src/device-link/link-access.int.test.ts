import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CLOSE, NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until } from './device-link-test-device.ts';

/**
 * An open device link is asked again whether it may stay (link-access.ts): a device key revoked
 * because it leaked must end the link its thief holds, or the thief keeps answering /supervisor
 * calls and receiving web terminal sessions as the device.
 */
const CHECK_MS = 100;
let ctx: TestContext;
let db: Db;
let baseUrl: string;
const links: TestLink[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ linkAccessCheckMs: CHECK_MS });
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

const connected = async (id: number) => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', id).executeTakeFirstOrThrow()).is_connected_to_vpn;

async function stolenLink() {
  const fleet = await createFleetWithProvisioningKey(db);
  const admin = await createUserWithKey(db, fleet.applicationId, 'administrator');
  const device = await registerTestDevice(ctx.app, fleet);
  // A second key of the device, as one copied from its config.json would be.
  const minted = await ctx.app.inject({ method: 'POST', url: `/api-key/device/${device.id}/device-key`, headers: { authorization: `Bearer ${admin.apiKey}` }, payload: { name: 'leaked' } });
  expect(minted.statusCode, minted.body).toBe(200);
  const leaked = minted.json<string>();
  const link = await TestLink.open(baseUrl, leaked, () => ({ status: 200, body: 'the thief answers' }));
  links.push(link);
  await until(() => connected(device.id));
  const blink = () =>
    ctx.app.inject({ method: 'POST', url: '/supervisor/v1/blink', headers: { authorization: `Bearer ${admin.apiKey}` }, payload: { uuid: device.uuid } });
  expect((await blink()).body).toBe('the thief answers');
  return { fleet, admin, device, link, blink };
}

describe('an open device link', () => {
  it('ends with unauthorized once the key it was opened with is revoked through the API, and calls no longer reach it', async () => {
    const { admin, device, link, blink } = await stolenLink();
    const key = await db.selectFrom('api_key').select('id').where('name', '=', 'leaked').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/v7/api_key(${key.id})`, headers: { authorization: `Bearer ${admin.apiKey}` } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await link.closed).toMatchObject({ code: LINK_CLOSE.unauthorized });
    await expect.poll(() => connected(device.id)).toBe(false);
    const res = await blink();
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(NO_ONLINE_DEVICES);
  });

  it('ends with unauthorized once its key expires', async () => {
    const { link } = await stolenLink();
    await db.updateTable('api_key').set({ expiry_date: new Date(Date.now() - 1000) }).where('name', '=', 'leaked').execute();
    expect(await link.closed).toMatchObject({ code: LINK_CLOSE.unauthorized });
  });

  it('ends with gone once its device is deactivated', async () => {
    const { device, link } = await stolenLink();
    await db.updateTable('device').set({ is_active: false }).where('id', '=', device.id).execute();
    expect(await link.closed).toMatchObject({ code: LINK_CLOSE.gone });
  });

  it('stays open, and reachable, while its key stands and its device is active', async () => {
    const { link, blink } = await stolenLink();
    await new Promise((r) => setTimeout(r, CHECK_MS * 5));
    expect(link.socket.readyState).toBe(link.socket.OPEN);
    expect((await blink()).body).toBe('the thief answers');
  });
});
