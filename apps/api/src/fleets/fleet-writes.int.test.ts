import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

/** Fleet, organization and variable write rules through /v7, plus the schema's triggers. */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: `f.${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery' } });
  expect(res.statusCode).toBe(201);
  token = res.body;
}, 60_000);
afterAll(async () => ctx?.close());

const v7 = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/v7/${url}`, payload, headers: { authorization: `Bearer ${token}` } });

async function newOrg() {
  const name = `Org ${randomBytes(3).toString('hex')}`;
  const res = await v7('POST', 'organization', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; handle: string };
}
async function deviceTypeId(slug = 'raspberrypi4-64') {
  return (await ctx.database.db.selectFrom('device_type').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id as number;
}

describe('organization create', () => {
  it('derives the handle and makes the creator administrator', async () => {
    const org = await newOrg();
    expect(org.handle).toMatch(/^org_[0-9a-f]{6}$/);
    const res = await v7('GET', `organization(${org.id})?$expand=organization_membership($expand=organization_membership_role($select=name))`);
    expect(res.json().d[0].organization_membership[0].organization_membership_role[0].name).toBe('administrator');
  });
  it('refuses a second organization with the same name (case-insensitive) for the user', async () => {
    const name = `Dup ${randomBytes(3).toString('hex')}`;
    expect((await v7('POST', 'organization', { name })).statusCode).toBe(201);
    const again = await v7('POST', 'organization', { name: name.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(/unique/i);
  });
});

describe('application create and rename', () => {
  it('fills slug, uuid, actor, type and defaults', async () => {
    const org = await newOrg();
    const res = await v7('POST', 'application', { app_name: 'MyFleet', organization: org.id, is_for__device_type: await deviceTypeId() });
    expect(res.statusCode, res.body).toBe(201);
    const app = res.json();
    expect(app.slug).toBe(`${org.handle}/myfleet`);
    expect(app.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(app.actor.__id).toEqual(expect.any(Number));
    expect(app.is_of__class).toBe('fleet');
    expect(app.should_track_latest_release).toBe(true);
  });
  it('rejects missing attributes and bad names', async () => {
    const org = await newOrg();
    const missing = await v7('POST', 'application', { app_name: 'NoType', organization: org.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('missing required attributes');
    const bad = await v7('POST', 'application', { app_name: 'a b', organization: org.id, is_for__device_type: await deviceTypeId() });
    expect(bad.statusCode).toBe(400);
  });
  it('answers a case-insensitive duplicate with 409 unique and keeps the slug in sync on rename', async () => {
    const org = await newOrg();
    const dt = await deviceTypeId();
    const first = (await v7('POST', 'application', { app_name: 'Alpha', organization: org.id, is_for__device_type: dt })).json();
    const dup = await v7('POST', 'application', { app_name: 'ALPHA', organization: org.id, is_for__device_type: dt });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatch(/unique/i);
    expect((await v7('PATCH', `application(${first.id})`, { app_name: 'Beta_2' })).statusCode).toBe(200);
    expect((await v7('GET', `application(${first.id})?$select=slug`)).json().d[0].slug).toBe(`${org.handle}/beta_2`);
  });
});

describe('variables', () => {
  it('enforces env/config name rules and single-line values', async () => {
    const org = await newOrg();
    const app = (await v7('POST', 'application', { app_name: 'Vars1', organization: org.id, is_for__device_type: await deviceTypeId() })).json();
    const env = (name: string, value = 'x') => v7('POST', 'application_environment_variable', { application: app.id, name, value });
    expect((await env('GOOD_NAME')).statusCode).toBe(201);
    const reserved = await env('BALENA_THING');
    expect(reserved.statusCode).toBe(400);
    expect(reserved.body).toContain('configure balenaOS features');
    expect((await env('1BAD')).statusCode).toBe(400);
    expect((await env('MULTI', 'a\nb')).statusCode).toBe(400);
    const cfg = await v7('POST', 'application_config_variable', { application: app.id, name: 'NOT_NAMESPACED', value: '1' });
    expect(cfg.statusCode).toBe(400);
    expect(cfg.body).toContain('Configuration variables should begin with');
    const dup = await env('GOOD_NAME');
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatch(/unique/i);
  });
});

describe('schema triggers', () => {
  it('keeps service_install rows per device and service, and drops the pin on a fleet move', async () => {
    const db = ctx.database.db;
    const org = await newOrg();
    const dt = await deviceTypeId();
    const a = (await v7('POST', 'application', { app_name: 'TrigA', organization: org.id, is_for__device_type: dt })).json();
    const b = (await v7('POST', 'application', { app_name: 'TrigB', organization: org.id, is_for__device_type: dt })).json();
    const svcA = await db.insertInto('service').values({ application: a.id, service_name: 'main' }).returning('id').executeTakeFirstOrThrow();
    const actor = await db.insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const dev = await db
      .insertInto('device')
      .values({ actor: actor.id, uuid: randomBytes(16).toString('hex'), device_name: 'd', belongs_to__application: a.id, is_of__device_type: dt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('service').values({ application: a.id, service_name: 'second' }).execute();
    const installs = () => db.selectFrom('service_install').select('installs__service').where('device', '=', dev.id).execute();
    expect((await installs()).length).toBe(2);
    const rel = await db.insertInto('release').values({ belongs_to__application: a.id, commit: randomBytes(16).toString('hex'), status: 'success' }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('device').set({ is_pinned_on__release: rel.id }).where('id', '=', dev.id).execute();
    const svcB = await db.insertInto('service').values({ application: b.id, service_name: 'main' }).returning('id').executeTakeFirstOrThrow();
    expect((await v7('PATCH', `device?$filter=id%20in%20(${dev.id})`, { belongs_to__application: b.id })).statusCode).toBe(200);
    const moved = await db.selectFrom('device').select(['is_pinned_on__release']).where('id', '=', dev.id).executeTakeFirstOrThrow();
    expect(moved.is_pinned_on__release).toBeNull();
    expect((await installs()).map((r) => r.installs__service)).toEqual([svcB.id]);
    expect(svcA.id).not.toBe(svcB.id);
  });
});
