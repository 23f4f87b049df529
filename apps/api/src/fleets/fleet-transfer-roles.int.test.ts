import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';

/**
 * Who may transfer a fleet to another organization (fleets spec §6 "Permissions by role":
 * transfer is an administrator permission, like fleet create; §5 "Fleet changes"): changing
 * `application.organization` needs resin.application.transfer through an organization role in
 * the source organization AND resin.application.create in the target organization. A fleet
 * membership with the administrator role is not enough to move the fleet out of its
 * organization. Checked in both directions for every relevant role.
 */
let ctx: TestContext;
let owner: string;
const fresh = () => randomBytes(3).toString('hex');
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await register()).token;
}, 60_000);
afterAll(async () => ctx?.close());

async function register() {
  const email = `ftr.${fresh()}@example.com`;
  const res = await ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery' } });
  expect(res.statusCode).toBe(201);
  const user = await db().selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { token: res.body, userId: user.id as number };
}
const v7 = (method: 'POST' | 'PATCH', url: string, payload: object, as: string) =>
  ctx.app.inject({ method, url: `/v7/${url}`, payload, headers: { authorization: `Bearer ${as}` } });
const roleOf = async (table: 'organization_membership_role' | 'application_membership_role', name: string) =>
  (await db().selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow()).id as number;

async function newOrg() {
  const res = await v7('POST', 'organization', { name: `Org ${fresh()}` }, owner);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function newFleet(organization: number) {
  const deviceType = (await db().selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi4-64').executeTakeFirstOrThrow()).id;
  const res = await v7('POST', 'application', { app_name: `fleet${fresh()}`, organization, is_for__device_type: deviceType }, owner);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** The roles a user can hold towards an organization and one of its fleets. */
type Standing = 'org-admin' | 'fleet-admin' | 'fleet-developer' | 'outsider';
async function grant(userId: number, orgId: number, fleetId: number, standing: Standing) {
  if (standing === 'outsider') return;
  const orgRole = await roleOf('organization_membership_role', standing === 'org-admin' ? 'administrator' : 'member');
  await db().insertInto('organization_membership').values({ user: userId, is_member_of__organization: orgId, organization_membership_role: orgRole }).execute();
  if (standing === 'org-admin') return;
  const fleetRole = await roleOf('application_membership_role', standing === 'fleet-admin' ? 'administrator' : 'developer');
  await db().insertInto('user_application_membership').values({ user: userId, is_member_of__application: fleetId, application_membership_role: fleetRole }).execute();
}

/** A user standing `source` in the fleet's organization (and on the fleet) and `target` in the other one, tries the move. */
async function attempt(source: Standing, target: Standing) {
  const [sourceOrg, targetOrg] = [await newOrg(), await newOrg()];
  const [fleet, targetFleet] = [await newFleet(sourceOrg), await newFleet(targetOrg)];
  const user = await register();
  await grant(user.userId, sourceOrg, fleet, source);
  await grant(user.userId, targetOrg, targetFleet, target);
  const res = await v7('PATCH', `application(${fleet})`, { organization: targetOrg }, user.token);
  const row = await db().selectFrom('application').select('organization').where('id', '=', fleet).executeTakeFirstOrThrow();
  return { status: res.statusCode, body: res.body, moved: row.organization === targetOrg };
}

describe('fleet transfer: source-organization side (the caller administers the target organization)', () => {
  it('an organization administrator of the source moves the fleet', async () => {
    const r = await attempt('org-admin', 'org-admin');
    expect(r.status, r.body).toBe(200);
    expect(r.moved).toBe(true);
  });
  it.each<[Standing, number]>([
    // A fleet administrator is an organization member: the fleet is readable, the move is refused.
    ['fleet-admin', 401],
    ['fleet-developer', 401],
    // The fleet is not even visible to an outsider.
    ['outsider', 404],
  ])('a %s of the source organization cannot move the fleet out (%i)', async (source, status) => {
    const r = await attempt(source, 'org-admin');
    expect(r.status, r.body).toBe(status);
    expect(r.moved).toBe(false);
  });
});

describe('fleet transfer: target-organization side (the caller administers the source organization)', () => {
  it.each<Standing>(['fleet-admin', 'fleet-developer', 'outsider'])(
    'a source administrator cannot move the fleet into an organization where they are %s (403)',
    async (target) => {
      const r = await attempt('org-admin', target);
      expect(r.status, r.body).toBe(403);
      expect(r.moved).toBe(false);
    },
  );
});
