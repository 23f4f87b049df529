import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createDevice, createFleet, grantFleetRole, signUp } from '../auth/test-helpers.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { COMPAT_URLS } from './test-compat-urls.ts';
import { wire } from './test-wire.ts';

/** The engine behind `/v7` with the real registry, schema and auth. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('/v7 over the real model', () => {
  it('answers every recorded client GET with JSON 200', async () => {
    const user = await signUp(t.app);
    for (const url of COMPAT_URLS) {
      const res = await inject('GET', wire(url), user.token);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.statusCode, `${url} → ${res.body}`).toBe(200);
      expect(res.json()).toHaveProperty('d');
    }
  });

  it('serves /resin as an alias, reads anonymously and refuses anonymous writes', async () => {
    const res = await inject('GET', '/resin/device_type?$select=slug');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect((await inject('POST', '/v7/application', undefined, { app_name: 'x' })).statusCode).toBe(401);
    expect((await inject('DELETE', '/v7/device(1)')).statusCode).toBe(401);
  });

  it('answers 400 for unknown resources and bad queries, {"d": []} for missing keys', async () => {
    const user = await signUp(t.app);
    expect((await inject('GET', '/v7/nope', user.token)).statusCode).toBe(400);
    expect((await inject('GET', '/v7/device?$filter=nope%20eq%201', user.token)).statusCode).toBe(400);
    expect((await inject('GET', '/v7/device?$filter=((', user.token)).statusCode).toBe(400);
    const missing = await inject('GET', "/v7/device(uuid='0000')", user.token);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toEqual({ d: [] });
  });

  it('hides rows of other people’s fleets', async () => {
    const user = await signUp(t.app);
    const fleet = await createFleet(t.database.db);
    const res = await inject('GET', `/v7/application(${fleet.applicationId})?$select=id`, user.token);
    expect(res.json()).toEqual({ d: [] });
    const count = await inject('GET', `/v7/application/$count?$filter=id%20eq%20${fleet.applicationId}`, user.token);
    expect(count.json()).toEqual({ d: 0 });
  });
});

describe('computed navigations', () => {
  it("expands device.should_be_running__release: the pin when set, else the fleet's target", async () => {
    const user = await signUp(t.app);
    const fleet = await createFleet(t.database.db);
    await grantFleetRole(t.database.db, user.email, fleet, 'developer');
    const device = await createDevice(t.database.db, fleet);
    const release = (commit: string) =>
      t.database.db
        .insertInto('release')
        .values({ belongs_to__application: fleet.applicationId, commit, status: 'success' })
        .returning('id')
        .executeTakeFirstOrThrow();
    const target = await release('a'.repeat(32));
    const pinned = await release('b'.repeat(32));
    await t.database.db.updateTable('application').set({ should_be_running__release: target.id }).where('id', '=', fleet.applicationId).execute();
    const url = `/v7/device(${device.id})?$select=id,should_be_running__release&$expand=should_be_running__release($select=commit)`;
    const read = async () => ((await inject('GET', url, user.token)).json() as { d: { should_be_running__release: { commit: string }[] }[] }).d[0]!;
    expect((await read()).should_be_running__release).toEqual([{ commit: 'a'.repeat(32) }]);
    await t.database.db.updateTable('device').set({ is_pinned_on__release: pinned.id }).where('id', '=', device.id).execute();
    expect((await read()).should_be_running__release).toEqual([{ commit: 'b'.repeat(32) }]);
  });
});

describe('/v7 writes over the real model', () => {
  it('creates, upserts (409 "unique" then PATCH by $filter), updates and deletes env vars in a fleet the caller owns', async () => {
    const user = await signUp(t.app);
    const orgRes = await inject('POST', '/v7/organization', user.token, { name: `Org ${Date.now()}` });
    expect(orgRes.statusCode, orgRes.body).toBe(201);
    const org = orgRes.json() as { id: number; handle: string };
    const dt = (await inject('GET', '/v7/device_type?$select=id&$top=1', user.token)).json() as { d: { id: number }[] };
    const fleetId = await (async () => {
      if (dt.d.length === 0) return undefined;
      const r = await inject('POST', '/v7/application', user.token, { app_name: 'fleetx', is_for__device_type: dt.d[0]!.id, organization: org.id });
      expect(r.statusCode, r.body).toBe(201);
      const body = r.json() as { id: number; organization: unknown; slug: string };
      expect(body.organization).toEqual({ __id: org.id });
      return body.id;
    })();
    if (fleetId === undefined) throw new Error('the real schema seeds device types; none found');
    const post = (value: string) => inject('POST', '/v7/application_environment_variable', user.token, { value, application: fleetId, name: 'FOO' });
    expect((await post('bar')).statusCode).toBe(201);
    const dup = await post('baz');
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatch(/unique/i);
    const patch = await inject('PATCH', `/v7/application_environment_variable?$filter=application%20eq%20${fleetId}%20and%20name%20eq%20%27FOO%27`, user.token, { value: 'baz' });
    expect(patch.statusCode).toBe(200);
    const got = await inject('GET', `/v7/application_environment_variable?$select=value&$filter=application%20eq%20${fleetId}`, user.token);
    expect(got.json()).toEqual({ d: [{ value: 'baz' }] });
    const del = await inject('DELETE', `/v7/application_environment_variable?$filter=application%20eq%20${fleetId}%20and%20name%20eq%20%27FOO%27`, user.token);
    expect(del.statusCode).toBe(200);
    expect((await inject('GET', `/v7/application_environment_variable/$count?$filter=application%20eq%20${fleetId}`, user.token)).json()).toEqual({ d: 0 });
  });

  it('accepts an empty DELETE body sent with Content-Type: application/json', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: '/v7/api_key?$filter=id%20eq%200', headers: { ...bearer(user.token), 'content-type': 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});
