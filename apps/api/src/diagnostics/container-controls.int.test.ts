// The container table's controls (fleets spec §2 container table, §6 "resin.device.supervisor-proxy-write:
// start, stop, restart containers"; compat §4.1 startService/stopService/restartService) through
// POST /supervisor/v2/applications/<appId>/<action>-service and a real device link, for every role.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ONLINE_DEVICES } from '@flotilla/core/device-link';
import { CONTAINER_ACTIONS, containerActionRequest } from '@flotilla/core/container-controls';
import type { Db } from '../db/database.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { generateApiKeySecret, hashApiKey } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { registerTestDevice, TestLink, until, type TestDevice } from '../device-link/device-link-test-device.ts';

let ctx: TestContext;
let db: Db;
let baseUrl: string;
let fleet: TestFleetWithKey;
let device: TestDevice;
let link: TestLink;
/** The services the linked device runs: stopped ones answer as the supervisor does. */
const stopped = new Set<number>();

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fleet = await createFleetWithProvisioningKey(db);
  await db.updateTable('application').set({ is_accessible_by_support_until__date: new Date(Date.now() + 3_600_000) }).where('id', '=', fleet.applicationId).execute();
  device = await registerTestDevice(ctx.app, fleet);
  link = await TestLink.open(baseUrl, device.apiKey, (request) => {
    const match = /^\/v2\/applications\/\d+\/(start|stop|restart)-service$/.exec(request.path);
    const imageId = (request.body as { imageId?: number } | undefined)?.imageId;
    if (!match || imageId === undefined) return { status: 404, body: 'Not Found' };
    if (imageId !== 77) return { status: 404, body: 'Service not found, a container must exist for this endpoint to work' };
    if (match[1] === 'stop') stopped.add(imageId);
    else stopped.delete(imageId);
    return { status: 200, body: 'OK' };
  });
  await until(async () => (await db.selectFrom('device').select('is_connected_to_vpn').where('id', '=', device.id).executeTakeFirstOrThrow()).is_connected_to_vpn);
});
afterAll(async () => {
  await link?.close();
  await ctx?.close();
});

function control(key: string, action: (typeof CONTAINER_ACTIONS)[number], imageId = 77) {
  const { path, body } = containerActionRequest(action, { deviceId: device.id, appId: fleet.applicationId, imageId });
  return ctx.app.inject({ method: 'POST', url: `/supervisor${path}`, headers: { authorization: `Bearer ${key}` }, payload: body });
}

async function staffUser(flag: 'is_support_agent' | 'is_platform_admin'): Promise<string> {
  const suffix = randomBytes(5).toString('hex');
  const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user').values({ actor: actor.id, username: `c_${suffix}`, email: `c.${suffix}@example.com`, [flag]: true }).execute();
  const key = generateApiKeySecret();
  await db.insertInto('api_key').values({ key_hash: hashApiKey(key), is_of__actor: actor.id, name: 'staff key' }).execute();
  return key;
}

async function orgUser(role: 'administrator' | 'member'): Promise<string> {
  const { userId, apiKey } = await createUserWithKey(db, fleet.applicationId, null);
  const roleRow = await db.selectFrom('organization_membership_role').select('id').where('name', '=', role).executeTakeFirstOrThrow();
  await db.insertInto('organization_membership').values({ user: userId, is_member_of__organization: fleet.organizationId, organization_membership_role: roleRow.id }).execute();
  return apiKey;
}

describe('container start, stop and restart over the link', () => {
  it('passes the body the SDK sends to the device and its reply back; an unknown image is the device\'s 404', async () => {
    const developer = (await createUserWithKey(db, fleet.applicationId, 'developer')).apiKey;
    const stop = await control(developer, 'stop');
    expect([stop.statusCode, stop.body]).toEqual([200, 'OK']);
    expect(link.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v2/applications/${fleet.applicationId}/stop-service`, body: { appId: fleet.applicationId, imageId: 77 } });
    expect(stopped.has(77)).toBe(true);
    expect((await control(developer, 'start')).statusCode).toBe(200);
    expect(stopped.has(77)).toBe(false);
    const unknown = await control(developer, 'restart', 999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatch(/^Service not found/);
  });

  it('lets exactly the roles holding supervisor-proxy-write start, stop and restart (fleets spec §6)', async () => {
    const writers: Array<[string, string]> = [];
    for (const role of ['operator', 'safe-developer', 'developer', 'administrator']) writers.push([role, (await createUserWithKey(db, fleet.applicationId, role)).apiKey]);
    writers.push(['organization administrator', await orgUser('administrator')]);
    const others: Array<[string, string]> = [];
    for (const role of ['observer', 'safe-operator']) others.push([role, (await createUserWithKey(db, fleet.applicationId, role)).apiKey]);
    others.push(['support_agent', await staffUser('is_support_agent')], ['balena_admin', await staffUser('is_platform_admin')]);
    others.push(['organization member', await orgUser('member')], ['outsider', (await createUserWithKey(db, fleet.applicationId, null)).apiKey]);

    for (const [label, key] of writers) {
      for (const action of CONTAINER_ACTIONS) expect((await control(key, action)).statusCode, `${label} ${action}`).toBe(200);
    }
    const before = link.requests.length;
    for (const [label, key] of others) {
      for (const action of CONTAINER_ACTIONS) {
        const res = await control(key, action);
        expect([res.statusCode, res.body], `${label} ${action}`).toEqual([404, NO_ONLINE_DEVICES]);
      }
    }
    expect(link.requests.length).toBe(before);
  });

  it('refuses device and provisioning keys', async () => {
    expect((await control(device.apiKey, 'restart')).statusCode).toBe(403);
    expect((await control(fleet.provisioningKey, 'restart')).statusCode).toBe(403);
  });
});
