import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { issueSessionToken } from '../auth/tokens.ts';
import { hashApiKey } from './api-key-secret.ts';
import { bearer, sessionClaimsOf, createDevice, createFleet, grantFleetRole, makeOrgAdmin, signUp, whoamiOf } from '../auth/test-helpers.ts';
import { latestEmailTo, linkIn } from '../account/test-mail.ts';
import { EMAIL_NOT_VERIFIED_FOR_KEYS } from './api-keys.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

/** A fleet, a developer of it and a provisioning key the developer made. */
async function fleetWithProvisioningKey() {
  const fleet = await createFleet(ctx.database.db);
  const user = await signUp(ctx.app);
  await grantFleetRole(ctx.database.db, user.email, fleet, 'developer');
  const provisioning = (await post('/api-key/v2/', user.token, { actorType: 'application', actorTypeId: fleet.applicationId, expiryDate: null })).json() as string;
  return { fleet, user, provisioning };
}

async function post(url: string, token: string | undefined, payload: unknown) {
  return ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
}

describe('user API keys', () => {
  it('creates a named key shown once; it works as Bearer and as ?apikey=', async () => {
    const user = await signUp(ctx.app);
    const res = await post('/api-key/user/full', user.token, { name: 'ci', description: 'for CI', expiryDate: null });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const key = res.json() as string;
    expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
    const me = await whoamiOf(ctx.app, user.token);
    expect(await whoamiOf(ctx.app, key)).toEqual(me);
    const viaQuery = await ctx.app.inject({ method: 'GET', url: `/actor/v1/whoami?apikey=${key}` });
    expect(viaQuery.json()).toEqual(me.body);
    const stored = await ctx.database.db.selectFrom('api_key').selectAll().where('name', '=', 'ci').where('is_of__actor', '=', me.body.id as number).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ key_hash: hashApiKey(key), description: 'for CI', expiry_date: null });
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('requires a name and a future expiry', async () => {
    const user = await signUp(ctx.app);
    expect((await post('/api-key/user/full', user.token, { expiryDate: null })).statusCode).toBe(400);
    const past = await post('/api-key/user/full', user.token, { name: 'x', expiryDate: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatch(/future/);
  });

  it('needs a session token: anonymous and API-key callers are refused', async () => {
    const user = await signUp(ctx.app);
    const key = (await post('/api-key/user/full', user.token, { name: 'k' })).json() as string;
    expect((await post('/api-key/user/full', undefined, { name: 'k' })).statusCode).toBe(401);
    expect((await post('/api-key/user/full', key, { name: 'k2' })).statusCode).toBe(401);
  });

  it('needs a recent password proof (authTime within 20 minutes)', async () => {
    const user = await signUp(ctx.app);
    const claims = sessionClaimsOf(user.token);
    const stale = await issueSessionToken({ ...claims, authTime: Date.now() - 21 * 60_000 }, { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 });
    const res = await post('/api-key/user/full', stale, { name: 'late' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'This action requires you to have been recently authenticated', code: 'recent_auth_required' });
  });

  it('rejects an expired key with "The token expired" and an unknown key with "You have to log in"', async () => {
    const user = await signUp(ctx.app);
    const key = (await post('/api-key/user/full', user.token, { name: 'short', expiryDate: new Date(Date.now() + 60_000).toISOString() })).json() as string;
    expect((await whoamiOf(ctx.app, key)).status).toBe(200);
    await ctx.database.db.updateTable('api_key').set({ expiry_date: new Date(Date.now() - 1000) }).where('key_hash', '=', hashApiKey(key)).execute();
    expect(await whoamiOf(ctx.app, key)).toEqual({ status: 401, body: { error: 'The token expired' } });
    expect(await whoamiOf(ctx.app, 'Z'.repeat(32))).toEqual({ status: 401, body: { error: 'You have to log in' } });
    const query = await ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami?apikey=nope' });
    expect(query.statusCode).toBe(401);
  });

  it('v2 with actorType user only for oneself', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const me = decodeJwt(user.token);
    const ok = await post('/api-key/v2/', user.token, { actorType: 'user', actorTypeId: me.id, roles: [], expiryDate: null, name: 'mine' });
    expect(ok.statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, ok.json())).body.actorType).toBe('user');
    const foreign = await post('/api-key/v2', user.token, { actorType: 'user', actorTypeId: decodeJwt(other.token).id, expiryDate: null });
    expect(foreign.statusCode).toBe(403);
  });

  it('lets only a session change a key\u2019s expiry: an API key cannot make itself (or another key) never expire', async () => {
    const user = await signUp(ctx.app);
    const expiry = new Date(Date.now() + 3600_000);
    const key = (await post('/api-key/user/full', user.token, { name: 'short-lived', expiryDate: expiry.toISOString() })).json() as string;
    const other = (await post('/api-key/user/full', user.token, { name: 'other', expiryDate: expiry.toISOString() })).json() as string;
    const idOf = async (k: string) => (await ctx.database.db.selectFrom('api_key').select('id').where('key_hash', '=', hashApiKey(k)).executeTakeFirstOrThrow()).id;
    const expiryOf = async (k: string) => (await ctx.database.db.selectFrom('api_key').select('expiry_date').where('key_hash', '=', hashApiKey(k)).executeTakeFirstOrThrow()).expiry_date;
    const patch = (id: number, token: string, payload: object) => ctx.app.inject({ method: 'PATCH', url: `/v7/api_key(${id})`, headers: bearer(token), payload });

    for (const [target, expiry_date] of [[key, null], [key, new Date(Date.now() + 365 * 86_400_000).toISOString()], [other, null]] as const) {
      // 401 as for any readable row the caller may not change this way (docs/security.md).
      expect((await patch(await idOf(target), key, { expiry_date })).statusCode).toBe(401);
    }
    expect(new Date((await expiryOf(key)) as Date).getTime()).toBe(expiry.getTime());
    expect(new Date((await expiryOf(other)) as Date).getTime()).toBe(expiry.getTime());
    // The key may still rename itself; the owner's session may set the expiry.
    expect((await patch(await idOf(key), key, { name: 'renamed' })).statusCode).toBeLessThan(300);
    expect((await patch(await idOf(key), user.token, { expiry_date: null })).statusCode).toBeLessThan(300);
    expect(await expiryOf(key)).toBeNull();
  });
});

describe('provisioning keys', () => {
  it('lets a fleet member with API-key rights create one; whoami shows the application', async () => {
    const user = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, user.email, fleet, 'safe-operator');
    const res = await post('/api-key/v2/', user.token, { actorType: 'application', actorTypeId: fleet.applicationId, roles: ['provisioning-api-key'], name: 'prov', expiryDate: null });
    expect(res.statusCode).toBe(200);
    expect(await whoamiOf(ctx.app, res.json())).toEqual({
      status: 200,
      body: { id: fleet.applicationActor, actorType: 'application', actorTypeId: fleet.applicationId, slug: fleet.slug },
    });
  });

  it('also accepts organization administrators and the legacy route', async () => {
    const user = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await makeOrgAdmin(ctx.database.db, user.email, fleet);
    const res = await post(`/api-key/application/${fleet.applicationId}/provisioning`, user.token, {});
    expect(res.statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, res.json())).body.actorType).toBe('application');
  });

  it('refuses observers, outsiders and unknown fleets alike with 403; anonymous with 401', async () => {
    const observer = await signUp(ctx.app);
    const outsider = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, observer.email, fleet, 'observer');
    const body = { actorType: 'application', actorTypeId: fleet.applicationId, roles: ['provisioning-api-key'], expiryDate: null };
    for (const token of [observer.token, outsider.token]) {
      const res = await post('/api-key/v2/', token, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('You do not have access to create API keys for this fleet');
    }
    expect((await post('/api-key/v2/', outsider.token, { ...body, actorTypeId: 999_999 })).statusCode).toBe(403);
    expect((await post('/api-key/v2/', undefined, body)).statusCode).toBe(401);
  });

  it('validates the v2 body', async () => {
    const user = await signUp(ctx.app);
    expect((await post('/api-key/v2/', user.token, { actorType: 'fleet', actorTypeId: 1, expiryDate: null })).statusCode).toBe(400);
    expect((await post('/api-key/v2/', user.token, { actorType: 'application', actorTypeId: 1 })).statusCode).toBe(400);
  });
});

describe('device keys', () => {
  it('supervisor key exchange: the provisioning key registers the device-chosen key, exactly 200', async () => {
    const user = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, user.email, fleet, 'developer');
    const provisioning = (await post('/api-key/v2/', user.token, { actorType: 'application', actorTypeId: fleet.applicationId, expiryDate: null })).json() as string;
    const device = await createDevice(ctx.database.db, fleet);
    const chosen = 'f'.repeat(16) + '0123456789abcdef';
    const res = await post(`/api-key/device/${device.id}/device-key`, provisioning, { apiKey: chosen });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(chosen);
    expect(await whoamiOf(ctx.app, chosen)).toEqual({
      status: 200,
      body: { id: device.actor, actorType: 'device', actorTypeId: device.id, uuid: device.uuid },
    });
    // A retried exchange with the same key is fine; the key cannot be claimed for another device.
    expect((await post(`/api-key/device/${device.id}/device-key`, provisioning, { apiKey: chosen })).statusCode).toBe(200);
    const second = await createDevice(ctx.database.db, fleet);
    expect((await post(`/api-key/device/${second.id}/device-key`, provisioning, { apiKey: chosen })).statusCode).toBe(409);
  });

  it('refuses the provisioning key for a device already heard from: a neighbour cannot take its identity', async () => {
    const user = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, user.email, fleet, 'developer');
    const provisioning = (await post('/api-key/v2/', user.token, { actorType: 'application', actorTypeId: fleet.applicationId, expiryDate: null })).json() as string;
    const foreign = await createDevice(ctx.database.db, await createFleet(ctx.database.db));
    const outsider = await post(`/api-key/device/${foreign.id}/device-key`, provisioning, {});
    expect(outsider.statusCode).toBe(403);
    // Each way a device is heard from: a heartbeat, its heartbeat state, its link.
    for (const heard of [{ last_connectivity_event: new Date() }, { api_heartbeat_state: 'offline' }, { is_connected_to_vpn: true }] as const) {
      const device = await createDevice(ctx.database.db, fleet);
      await ctx.database.db.updateTable('device').set(heard).where('id', '=', device.id).execute();
      const res = await post(`/api-key/device/${device.id}/device-key`, provisioning, { apiKey: 'e'.repeat(16) + randomBytes(8).toString('hex') });
      // The same answer as for another fleet's device.
      expect([res.statusCode, res.json()]).toEqual([403, outsider.json()]);
      // A user with API-key rights still can (re-provisioning a device that has run).
      expect((await post(`/api-key/device/${device.id}/device-key`, user.token, {})).statusCode).toBe(200);
    }
  });

  it('a key the provisioning key sets replaces the device\u2019s others: whoever exchanged before the device keeps nothing', async () => {
    const { fleet, provisioning } = await fleetWithProvisioningKey();
    const device = await createDevice(ctx.database.db, fleet);
    const attackers = 'a'.repeat(16) + randomBytes(8).toString('hex');
    const devices = 'd'.repeat(16) + randomBytes(8).toString('hex');
    expect((await post(`/api-key/device/${device.id}/device-key`, provisioning, { apiKey: attackers })).statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, attackers)).status).toBe(200);
    expect((await post(`/api-key/device/${device.id}/device-key`, provisioning, { apiKey: devices })).statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, attackers)).status).toBe(401);
    expect((await whoamiOf(ctx.app, devices)).body).toMatchObject({ actorType: 'device', uuid: device.uuid });
    // The same key again is answered as before and kept (the supervisor retries its exchange).
    expect((await post(`/api-key/device/${device.id}/device-key`, provisioning, { apiKey: devices })).statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, devices)).status).toBe(200);
  });

  it('lets the provisioning key find only its fleet\u2019s devices never heard from (its key exchange), and no OAuth applications', async () => {
    const { fleet, user, provisioning } = await fleetWithProvisioningKey();
    const ahead = await createDevice(ctx.database.db, fleet);
    const running = await createDevice(ctx.database.db, fleet);
    await ctx.database.db.updateTable('device').set({ api_heartbeat_state: 'online', last_connectivity_event: new Date(), ip_address: '10.1.2.3' }).where('id', '=', running.id).execute();
    const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    const listed = await get(`/v7/device?$select=uuid&$filter=belongs_to__application%20eq%20${fleet.applicationId}`, provisioning);
    expect(listed.json().d).toEqual([{ uuid: ahead.uuid }]);
    expect((await get(`/v7/device?$select=id&$filter=uuid%20eq%20'${running.uuid}'`, provisioning)).json().d).toEqual([]);
    // The user still sees both.
    expect((await get(`/v7/device?$select=id&$filter=belongs_to__application%20eq%20${fleet.applicationId}`, user.token)).json().d).toHaveLength(2);
    expect((await get('/v7/oauth_application?$select=id', provisioning)).json().d).toEqual([]);
  });

  it('lets a fleet user generate a device key (v2 and the device route); refuses other fleets', async () => {
    const user = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    const otherFleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, user.email, fleet, 'operator');
    const device = await createDevice(ctx.database.db, fleet);
    const v2 = await post('/api-key/v2/', user.token, { actorType: 'device', actorTypeId: device.id, expiryDate: null, name: 'dk' });
    expect(v2.statusCode).toBe(200);
    expect((await whoamiOf(ctx.app, v2.json())).body).toMatchObject({ actorType: 'device', uuid: device.uuid });
    const generated = await post(`/api-key/device/${device.id}/device-key`, user.token, {});
    expect(generated.json()).toMatch(/^[A-Za-z0-9]{32}$/);
    const foreignDevice = await createDevice(ctx.database.db, otherFleet);
    expect((await post(`/api-key/device/${foreignDevice.id}/device-key`, user.token, {})).statusCode).toBe(403);
    // Another fleet's provisioning key cannot mint keys for this fleet's devices.
    await grantFleetRole(ctx.database.db, user.email, otherFleet, 'administrator');
    const otherProvisioning = (await post('/api-key/v2/', user.token, { actorType: 'application', actorTypeId: otherFleet.applicationId, expiryDate: null })).json() as string;
    expect((await post(`/api-key/device/${device.id}/device-key`, otherProvisioning, {})).statusCode).toBe(403);
  });

  it('lists and revokes device keys for fleet users holding resin.api_key.*, and only for them', async () => {
    const operator = await signUp(ctx.app);
    const observer = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, operator.email, fleet, 'operator');
    await grantFleetRole(ctx.database.db, observer.email, fleet, 'observer');
    const device = await createDevice(ctx.database.db, fleet);
    const deviceKey = (await post(`/api-key/device/${device.id}/device-key`, operator.token, { name: 'bench' })).json() as string;
    const url = `/v7/api_key?$select=id,name&$filter=is_of__actor eq ${device.actor}`;
    const list = (token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    const listed = (await list(operator.token)).json().d as { id: number; name: string }[];
    expect(listed.map((k) => k.name)).toEqual(['bench']);
    expect((await list(observer.token)).json()).toEqual({ d: [] });
    expect((await list(stranger.token)).json()).toEqual({ d: [] });
    const byStranger = await ctx.app.inject({ method: 'DELETE', url: `/v7/api_key(${listed[0]!.id})`, headers: bearer(stranger.token) });
    expect(byStranger.statusCode).toBe(404);
    expect((await whoamiOf(ctx.app, deviceKey)).status).toBe(200);
    const revoked = await ctx.app.inject({ method: 'DELETE', url: `/v7/api_key(${listed[0]!.id})`, headers: bearer(operator.token) });
    expect(revoked.statusCode).toBeLessThan(300);
    expect((await whoamiOf(ctx.app, deviceKey)).status).toBe(401);
  });

  it('device keys cannot mint keys', async () => {
    const user = await signUp(ctx.app);
    const fleet = await createFleet(ctx.database.db);
    await grantFleetRole(ctx.database.db, user.email, fleet, 'operator');
    const device = await createDevice(ctx.database.db, fleet);
    const deviceKey = (await post(`/api-key/device/${device.id}/device-key`, user.token, {})).json() as string;
    expect((await post(`/api-key/device/${device.id}/device-key`, deviceKey, {})).statusCode).toBe(403);
  });
});

describe('user API keys where the deployment requires verified emails', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestApp({ requireEmailVerification: true, publicUrl: 'https://dash.example.test' });
  });
  afterAll(async () => strict?.close());

  it('are refused until the email is verified, then minted as before', async () => {
    const user = await signUp(strict.app);
    const mint = () => strict.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(user.token), payload: { name: 'cli', expiryDate: null } });
    const refused = await mint();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: EMAIL_NOT_VERIFIED_FOR_KEYS, code: 'email_not_verified' });
    expect(await strict.database.db.selectFrom('api_key as k').innerJoin('user as u', 'u.actor', 'k.is_of__actor').select('k.id').where('u.email', '=', user.email).execute()).toEqual([]);

    const link = linkIn(await latestEmailTo(strict.app.db, user.email));
    const verified = await strict.app.inject({
      method: 'POST',
      url: '/user/v1/verify-email',
      payload: { verificationToken: link.searchParams.get('token'), email: link.searchParams.get('email') },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const minted = await mint();
    expect(minted.statusCode, minted.body).toBe(200);
    expect((await whoamiOf(strict.app, minted.json() as string)).status).toBe(200);
  });
});
