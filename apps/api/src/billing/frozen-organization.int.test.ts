import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevice, signUp } from '../auth/test-helpers.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { call, orgWithAdmin, type BillingOrg } from './billing-test-helpers.ts';
import { ORGANIZATION_FROZEN_CODE } from './frozen-organization.ts';

/**
 * A frozen organization gets nothing new through the API (billing/frozen-organization.ts): the
 * dashboard keeps it on its billing page, and a client talking to the API directly must not be a
 * way round that. What it has keeps working, and it may still shrink.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;
const freeze = (orgId: number, frozen = true) => db().updateTable('organization').set({ is_frozen: frozen }).where('id', '=', orgId).execute();
const count = async (table: 'application' | 'device' | 'release' | 'organization_invite' | 'application_invite', column: string, id: number) =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as never, '=', id as never).executeTakeFirstOrThrow()).n);

function expectFrozen(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.body).toContain(ORGANIZATION_FROZEN_CODE);
}

async function frozenOrg(): Promise<BillingOrg> {
  const o = await orgWithAdmin(ctx.app, db());
  await freeze(o.orgId);
  return o;
}

describe('a frozen organization', () => {
  it('gets no new fleet, device, release or invitation, and nothing is written', async () => {
    const o = await frozenOrg();
    const fleets = await count('application', 'organization', o.orgId);
    expectFrozen(await call(ctx.app, 'POST', '/v7/application', o.admin.token, { app_name: 'anotherfleet', organization: o.orgId, is_for__device_type: o.fleet.deviceTypeId }));
    expect(await count('application', 'organization', o.orgId)).toBe(fleets);

    expectFrozen(await call(ctx.app, 'POST', '/device/register', o.admin.token, { application: o.fleet.applicationId, device_type: 'raspberrypi4-64' }));
    // A device it already has, registering again (a re-flashed device), gets the 409 its supervisor recovers from.
    const existing = await createDevice(db(), o.fleet);
    const again = await call(ctx.app, 'POST', '/device/register', o.admin.token, { application: o.fleet.applicationId, device_type: 'raspberrypi4-64', uuid: existing.uuid });
    expect(again.statusCode, again.body).toBe(409);
    expectFrozen(await call(ctx.app, 'POST', '/v7/device', o.admin.token, { belongs_to__application: o.fleet.applicationId, is_of__device_type: o.fleet.deviceTypeId }));
    expect(await count('device', 'belongs_to__application', o.fleet.applicationId)).toBe(1);

    expectFrozen(await call(ctx.app, 'POST', '/v7/release', o.admin.token, { belongs_to__application: o.fleet.applicationId, commit: 'abcdef0123456789', status: 'success', composition: {}, source: 'cloud' }));
    expect(await count('release', 'belongs_to__application', o.fleet.applicationId)).toBe(0);

    expectFrozen(await call(ctx.app, 'POST', '/v7/organization_invite', o.admin.token, { invitee: 'someone@example.com', is_invited_to__organization: o.orgId }));
    expect(await count('organization_invite', 'is_invited_to__organization', o.orgId)).toBe(0);
    expectFrozen(await call(ctx.app, 'POST', '/v7/application_invite', o.admin.token, { invitee: 'someone@example.com', is_invited_to__application: o.fleet.applicationId }));
    expect(await count('application_invite', 'is_invited_to__application', o.fleet.applicationId)).toBe(0);
  });

  it('cannot be grown by moving a device or a fleet into it', async () => {
    const frozen = await frozenOrg();
    const other = await orgWithAdmin(ctx.app, db());
    // The same user administers both organizations.
    const adminRole = await db().selectFrom('organization_membership_role').select('id').where('name', '=', 'administrator').executeTakeFirstOrThrow();
    const user = await db().selectFrom('user').select('id').where('email', '=', frozen.admin.email).executeTakeFirstOrThrow();
    await db().insertInto('organization_membership').values({ user: user.id, is_member_of__organization: other.orgId, organization_membership_role: adminRole.id }).execute();

    const device = await createDevice(db(), other.fleet);
    expectFrozen(await call(ctx.app, 'PATCH', `/v7/device(${device.id})`, frozen.admin.token, { belongs_to__application: frozen.fleet.applicationId }));
    const after = await db().selectFrom('device').select('belongs_to__application').where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(after.belongs_to__application).toBe(other.fleet.applicationId);

    const empty = await call(ctx.app, 'POST', '/v7/application', frozen.admin.token, { app_name: 'emptyfleet', organization: other.orgId, is_for__device_type: other.fleet.deviceTypeId });
    expect(empty.statusCode, empty.body).toBe(201);
    const fleetId = (empty.json() as { id: number }).id;
    expectFrozen(await call(ctx.app, 'PATCH', `/v7/application(${fleetId})`, frozen.admin.token, { organization: frozen.orgId }));
    const fleet = await db().selectFrom('application').select('organization').where('id', '=', fleetId).executeTakeFirstOrThrow();
    expect(fleet.organization).toBe(other.orgId);
  });

  it('keeps what it has: reads, renames, moves between its own fleets and removals work, and paying (unfreezing) allows growth again', async () => {
    const o = await frozenOrg();
    const device = await createDevice(db(), o.fleet);
    const sibling = await db()
      .insertInto('application')
      .values({ actor: (await db().insertInto('actor').defaultValues().returning('id').executeTakeFirstOrThrow()).id, app_name: `sibling${o.orgId}`, slug: `sibling${o.orgId}`, uuid: crypto.randomUUID().replaceAll('-', ''), organization: o.orgId, is_for__device_type: o.fleet.deviceTypeId, application_type: (await db().selectFrom('application').select('application_type').where('id', '=', o.fleet.applicationId).executeTakeFirstOrThrow()).application_type })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await call(ctx.app, 'PATCH', `/v7/device(${device.id})`, o.admin.token, { belongs_to__application: sibling.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const read = await call(ctx.app, 'GET', `/v7/application(${o.fleet.applicationId})?$select=app_name`, o.admin.token);
    expect(read.statusCode, read.body).toBe(200);
    const renamed = await call(ctx.app, 'PATCH', `/v7/device(${device.id})`, o.admin.token, { device_name: 'still-mine' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const removed = await call(ctx.app, 'DELETE', `/v7/device(${device.id})`, o.admin.token);
    expect(removed.statusCode, removed.body).toBe(200);

    await freeze(o.orgId, false);
    const registered = await call(ctx.app, 'POST', '/device/register', o.admin.token, { application: o.fleet.applicationId, device_type: 'raspberrypi4-64' });
    expect(registered.statusCode, registered.body).toBe(201);
  });

  it('tells an outsider nothing: the refusal comes after the permission checks', async () => {
    const o = await frozenOrg();
    const outsider = await signUp(ctx.app);
    const res = await call(ctx.app, 'POST', '/device/register', outsider.token, { application: o.fleet.applicationId, device_type: 'raspberrypi4-64' });
    expect(res.body).not.toContain(ORGANIZATION_FROZEN_CODE);
    const fleet = await call(ctx.app, 'POST', '/v7/application', outsider.token, { app_name: 'intruderfleet', organization: o.orgId, is_for__device_type: o.fleet.deviceTypeId });
    expect(fleet.body).not.toContain(ORGANIZATION_FROZEN_CODE);
    expect([401, 403, 404]).toContain(fleet.statusCode);
  });
});
