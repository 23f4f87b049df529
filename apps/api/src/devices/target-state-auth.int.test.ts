import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey, newDeviceUuid } from './device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';

/**
 * The target-state poll resolves a device's key inside its own statement (plugins/auth.ts
 * `resolvesOwnApiKey`, target-state.routes.ts): every other caller must get exactly the answer
 * the auth hook gave before, and only the device's own valid key may write its heartbeat.
 */

let ctx: TestContext;
let db: Db;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

const heartbeat = (id: number) =>
  db.selectFrom('device').select(['api_heartbeat_state', 'is_online', 'last_connectivity_event']).where('id', '=', id).executeTakeFirstOrThrow();

const poll = (uuid: string, headers: Record<string, string>, version = 'v3') => ctx.app.inject({ method: 'GET', url: `/device/${version}/${uuid}/state`, headers });

describe('target state: a device key resolved by the poll itself', () => {
  it('brings the device online with its own key, on v2 and v3, by header or ?apikey=', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const d = await registerDevice(ctx.app, fleet);
    expect((await heartbeat(d.id)).api_heartbeat_state).toBe('unknown');
    const v2 = await poll(d.uuid, bearer(d.apiKey), 'v2');
    expect(v2.statusCode, v2.body).toBe(200);
    expect(await heartbeat(d.id)).toMatchObject({ api_heartbeat_state: 'online', is_online: true });
    const byQuery = await ctx.app.inject({ method: 'GET', url: `/device/v3/${d.uuid}/state?apikey=${d.apiKey}` });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json()).toHaveProperty(d.uuid);
  });

  it('answers an unknown, a revoked and an expired key with the 401 of every route, and writes no heartbeat', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const d = await registerDevice(ctx.app, fleet);
    const unknown = await poll(d.uuid, bearer(generateApiKeySecret()));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: 'You have to log in' });

    await db.updateTable('api_key').set({ expiry_date: new Date(Date.now() - 1000) }).where('key_hash', '=', hashApiKey(d.apiKey)).execute();
    const expired = await poll(d.uuid, bearer(d.apiKey));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'The token expired' });

    await db.deleteFrom('api_key').where('key_hash', '=', hashApiKey(d.apiKey)).execute();
    expect((await poll(d.uuid, bearer(d.apiKey))).statusCode, 'a revoked key stops at once').toBe(401);
    expect((await heartbeat(d.id)).api_heartbeat_state).toBe('unknown');
  });

  it('keeps 401 before 400: a bad key with a malformed uuid or header is refused as a bad key', async () => {
    const badKey = bearer(generateApiKeySecret());
    expect((await poll('not-a-uuid', badKey)).statusCode).toBe(401);
    expect((await poll(newDeviceUuid(), { ...badKey, 'if-none-match': 'x'.repeat(100_000) })).statusCode).toBe(401);
    // With a valid key the malformed request is still a 400, as before.
    const fleet = await createFleetWithProvisioningKey(db);
    const d = await registerDevice(ctx.app, fleet);
    expect((await poll('not-a-uuid', bearer(d.apiKey))).statusCode).toBe(400);
  });

  it('gives another device\'s key a 403 and a fleet member the state, without touching the heartbeat', async () => {
    const fleet = await createFleetWithProvisioningKey(db);
    const a = await registerDevice(ctx.app, fleet);
    const b = await registerDevice(ctx.app, fleet);
    const other = await poll(a.uuid, bearer(b.apiKey));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'A device may only read its own state' });
    // An unknown uuid with a valid device key: the same 403, so a key learns nothing of other uuids.
    expect((await poll(newDeviceUuid(), bearer(b.apiKey))).statusCode).toBe(403);
    const { apiKey: developer } = await createUserWithKey(db, fleet.applicationId, 'developer');
    const member = await poll(a.uuid, bearer(developer));
    expect(member.statusCode).toBe(200);
    expect(member.json()).toHaveProperty(a.uuid);
    // The fleet's provisioning key (in every device's config.json until it registers) reads no device's state, as for a stranger.
    const provisioning = await poll(a.uuid, bearer(fleet.provisioningKey));
    expect(provisioning.statusCode).toBe(404);
    expect(provisioning.body).toBe((await poll(newDeviceUuid(), bearer(fleet.provisioningKey))).body);
    expect((await heartbeat(a.id)).api_heartbeat_state, 'only the device itself is a heartbeat').toBe('unknown');
    expect((await heartbeat(b.id)).api_heartbeat_state).toBe('unknown');
  });
});
