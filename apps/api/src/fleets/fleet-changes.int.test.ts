import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_CHANGE_ERRORS, TYPE_CHANGE_ERRORS } from '@flotilla/core/fleet-change-messages';
import { createTestApp, type TestContext } from '../test/harness.ts';

/**
 * Fleet changes through /v7 (fleets spec §4 "Fleet release targeting", "Fleet type change
 * availability", §5 "Fleet changes", "Support access date"): the rules the settings page
 * relies on, each with its refusal. Who may make each change: model/access/permissions-matrix.int.test.ts.
 */
let ctx: TestContext;
let token: string;
const fresh = () => randomBytes(3).toString('hex');

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: `fc.${fresh()}@example.com`, password: 'correct horse battery' } });
  expect(res.statusCode).toBe(201);
  token = res.body;
}, 60_000);
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const v7 = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url: `/v7/${url}`, payload, headers: { authorization: `Bearer ${as}` } });
const idOf = async (table: 'device_type' | 'application_type', slug: string) =>
  (await db().selectFrom(table).select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id as number;

async function newOrg() {
  const res = await v7('POST', 'organization', { name: `Org ${fresh()}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; handle: string };
}
async function newFleet(orgId?: number, deviceType = 'raspberrypi4-64', name = `fleet${fresh()}`) {
  const organization = orgId ?? (await newOrg()).id;
  const res = await v7('POST', 'application', { app_name: name, organization, is_for__device_type: await idOf('device_type', deviceType) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; organization: { __id: number } };
}
const fleetRow = (id: number) => db().selectFrom('application').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function addDevice(fleetId: number) {
  const actor = await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
  await db()
    .insertInto('device')
    .values({ actor: actor.id, uuid: randomBytes(16).toString('hex'), device_name: 'd', belongs_to__application: fleetId, is_of__device_type: await idOf('device_type', 'raspberrypi4-64') })
    .execute();
}
const postRelease = async (fleetId: number, extra: object = {}) => {
  const res = await v7('POST', 'release', { belongs_to__application: fleetId, commit: randomBytes(16).toString('hex'), status: 'success', is_final: true, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};

describe('support access date', () => {
  it('accepts a future date (ISO or epoch ms) and null, refuses a past one with the spec rule', async () => {
    const fleet = await newFleet();
    const until = Date.now() + 3600_000;
    expect((await v7('PATCH', `application(${fleet.id})`, { is_accessible_by_support_until__date: until })).statusCode).toBe(200);
    expect((await fleetRow(fleet.id)).is_accessible_by_support_until__date?.valueOf()).toBe(until);
    const past = await v7('PATCH', `application(${fleet.id})`, { is_accessible_by_support_until__date: new Date(Date.now() - 5 * 60_000).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(FLEET_CHANGE_ERRORS.supportAccessPast.message);
    expect((await fleetRow(fleet.id)).is_accessible_by_support_until__date?.valueOf()).toBe(until);
    expect((await v7('PATCH', `application(${fleet.id})`, { is_accessible_by_support_until__date: null })).statusCode).toBe(200);
    expect((await fleetRow(fleet.id)).is_accessible_by_support_until__date).toBeNull();
  });
  it('refuses a past date on create too', async () => {
    const org = await newOrg();
    const res = await v7('POST', 'application', {
      app_name: `f${fresh()}`,
      organization: org.id,
      is_for__device_type: await idOf('device_type', 'raspberrypi4-64'),
      is_accessible_by_support_until__date: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(FLEET_CHANGE_ERRORS.supportAccessPast.message);
  });
});

describe('rename', () => {
  it('is refused for classic and legacy applications, with a clear message', async () => {
    const fleet = await newFleet();
    await db().updateTable('application').set({ application_type: await idOf('application_type', 'classic') }).where('id', '=', fleet.id).execute();
    const res = await v7('PATCH', `application(${fleet.id})`, { app_name: `renamed${fresh()}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(FLEET_CHANGE_ERRORS.renameLegacy.message);
  });
});

describe('transfer ownership', () => {
  it('moves a fleet without devices to an organization the caller administers, with its slug', async () => {
    const fleet = await newFleet();
    const target = await newOrg();
    const res = await v7('PATCH', `application(${fleet.id})`, { organization: target.id });
    expect(res.statusCode, res.body).toBe(200);
    const row = await fleetRow(fleet.id);
    expect(row.organization).toBe(target.id);
    expect(row.slug.startsWith(`${target.handle}/`)).toBe(true);
  });
  it('refuses a fleet that has devices (they would change organization and billing with it)', async () => {
    const fleet = await newFleet();
    await addDevice(fleet.id);
    const target = await newOrg();
    const res = await v7('PATCH', `application(${fleet.id})`, { organization: target.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(FLEET_CHANGE_ERRORS.transferWithDevices.message);
    expect((await fleetRow(fleet.id)).organization).toBe(fleet.organization.__id);
  });
  it('refuses a target with a same-named application (case-insensitive): 409 unique', async () => {
    const name = `Same${fresh()}`;
    const fleet = await newFleet(undefined, 'raspberrypi4-64', name);
    const target = await newOrg();
    await newFleet(target.id, 'raspberrypi4-64', name.toLowerCase());
    const res = await v7('PATCH', `application(${fleet.id})`, { organization: target.id });
    expect(res.statusCode).toBe(409);
    expect(res.body).toMatch(/unique/i);
  });
  it("answers 403 for an organization the caller may not create fleets in, before telling anything about that organization's names", async () => {
    const name = `Probe${fresh()}`;
    const fleet = await newFleet(undefined, 'raspberrypi4-64', name);
    // Someone else's organization holding a fleet of the same name: the caller must not learn that.
    const other = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email: `o.${fresh()}@example.com`, password: 'correct horse battery' } });
    const otherOrg = (await v7('POST', 'organization', { name: `Other ${fresh()}` }, other.body)).json();
    const otherFleet = await v7('POST', 'application', { app_name: name, organization: otherOrg.id, is_for__device_type: await idOf('device_type', 'raspberrypi4-64') }, other.body);
    expect(otherFleet.statusCode).toBe(201);
    const res = await v7('PATCH', `application(${fleet.id})`, { organization: otherOrg.id });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/unique/i);
  });
});

describe('application type change', () => {
  it('allows an available type', async () => {
    const fleet = await newFleet();
    const essentials = await idOf('application_type', 'essentials');
    expect((await v7('PATCH', `application(${fleet.id})`, { application_type: essentials })).statusCode).toBe(200);
    expect((await fleetRow(fleet.id)).application_type).toBe(essentials);
  });
  it('creates a fleet with a chosen available type, and refuses creating one with an unavailable type', async () => {
    const org = await newOrg();
    const device = await idOf('device_type', 'raspberrypi4-64');
    const essentials = await idOf('application_type', 'essentials');
    const made = await v7('POST', 'application', { app_name: `typed${fresh()}`, organization: org.id, is_for__device_type: device, application_type: essentials });
    expect(made.statusCode, made.body).toBe(201);
    expect((await fleetRow(made.json().id)).application_type).toBe(essentials);
    const legacy = await v7('POST', 'application', { app_name: `legacy${fresh()}`, organization: org.id, is_for__device_type: device, application_type: await idOf('application_type', 'classic') });
    expect(legacy.statusCode).toBe(400);
    expect(legacy.json().error).toBe(TYPE_CHANGE_ERRORS.noVersionDiscontinued.message);
  });
  it('refuses a single-container type for a fleet that runs several services', async () => {
    const fleet = await newFleet();
    await db().insertInto('service').values([{ application: fleet.id, service_name: 'main' }, { application: fleet.id, service_name: 'db' }]).execute();
    const res = await v7('PATCH', `application(${fleet.id})`, { application_type: await idOf('application_type', 'essentials') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TYPE_CHANGE_ERRORS.needsMulticontainer.message);
  });
  it('refuses a legacy type (discontinued)', async () => {
    const fleet = await newFleet();
    const res = await v7('PATCH', `application(${fleet.id})`, { application_type: await idOf('application_type', 'classic') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TYPE_CHANGE_ERRORS.noVersionDiscontinued.message);
  });
  it('refuses a paid-only type on a free organization and allows it on a paid plan', async () => {
    const fleet = await newFleet();
    const paidType = (
      await db()
        .insertInto('application_type')
        .values({ name: `Paid ${fresh()}`, slug: `paid-${fresh()}`, supports_multicontainer: true, supports_web_url: true, supports_gateway_mode: false, requires_payment: true, is_legacy: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const refused = await v7('PATCH', `application(${fleet.id})`, { application_type: paidType });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(TYPE_CHANGE_ERRORS.needsPlanUpgrade.message);
    const pilot = (await db().selectFrom('plan').select('id').where('billing_code', '=', 'pilot-v2').executeTakeFirstOrThrow()).id;
    await db().updateTable('subscription').set({ is_active: false }).where('is_for__organization', '=', fleet.organization.__id).execute();
    await db().insertInto('subscription').values({ is_for__organization: fleet.organization.__id, is_for__plan: pilot, is_active: true }).execute();
    expect((await v7('PATCH', `application(${fleet.id})`, { application_type: paidType })).statusCode).toBe(200);
  });
  it('refuses a type no published OS version of the device type supports (coming soon)', async () => {
    const dt = await idOf('device_type', 'raspberrypi3');
    // A host OS application for the device type whose only version is older than every type's range.
    const actor = await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow();
    const host = await db()
      .insertInto('application')
      .values({ actor: actor.id, app_name: `host${fresh()}`, slug: `host/${fresh()}`, uuid: randomBytes(16).toString('hex'), organization: (await newOrg()).id, is_for__device_type: dt, application_type: await idOf('application_type', 'microservices'), is_host: true, is_public: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('release').values({ belongs_to__application: host.id, commit: randomBytes(16).toString('hex'), status: 'success', is_final: true, raw_version: '2.5.0' }).execute();
    const fleet = await newFleet(undefined, 'raspberrypi3');
    const res = await v7('PATCH', `application(${fleet.id})`, { application_type: await idOf('application_type', 'essentials') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(TYPE_CHANGE_ERRORS.noVersionUpcoming.message);
  });
});

describe('default device type', () => {
  it('changes to a type of the same CPU architecture and refuses another architecture', async () => {
    const fleet = await newFleet(undefined, 'raspberrypi4-64');
    const sameArch = await idOf('device_type', 'raspberrypi5');
    expect((await v7('PATCH', `application(${fleet.id})`, { is_for__device_type: sameArch })).statusCode).toBe(200);
    const otherArch = await v7('PATCH', `application(${fleet.id})`, { is_for__device_type: await idOf('device_type', 'intel-nuc') });
    expect(otherArch.statusCode).toBe(400);
    expect(otherArch.json().error).toBe(FLEET_CHANGE_ERRORS.deviceTypeArchitecture.message);
    // armv7hf fleets run on aarch64 devices, but the default type does not cross architectures either.
    const armv7 = await v7('PATCH', `application(${fleet.id})`, { is_for__device_type: await idOf('device_type', 'raspberrypi3') });
    expect(armv7.statusCode).toBe(400);
    expect((await fleetRow(fleet.id)).is_for__device_type).toBe(sameArch);
  });
});

describe('release targeting', () => {
  it('tracking the latest again targets the newest final successful release when the body does not name one', async () => {
    const fleet = await newFleet();
    const older = await postRelease(fleet.id);
    const newest = await postRelease(fleet.id);
    await postRelease(fleet.id, { status: 'failed', is_final: false });
    await postRelease(fleet.id, { is_final: false });
    expect((await v7('PATCH', `application(${fleet.id})`, { should_be_running__release: older, should_track_latest_release: false })).statusCode).toBe(200);
    expect((await v7('PATCH', `application(${fleet.id})`, { should_track_latest_release: true })).statusCode).toBe(200);
    const row = await fleetRow(fleet.id);
    expect([row.should_track_latest_release, row.should_be_running__release]).toEqual([true, newest]);
  });
  it('"No release": no target and not tracking', async () => {
    const fleet = await newFleet();
    await postRelease(fleet.id);
    expect((await v7('PATCH', `application(${fleet.id})`, { should_be_running__release: null, should_track_latest_release: false })).statusCode).toBe(200);
    const row = await fleetRow(fleet.id);
    expect([row.should_track_latest_release, row.should_be_running__release]).toEqual([false, null]);
  });
});
