import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITED_ROLE_PAID_ONLY, OPERATOR_ROLE_FLEETS_ONLY } from '@flotilla/core/fleet-roles';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createFleet, makeOrgAdmin, signUp, uniqueEmail, type TestFleet, type TestUser } from '../auth/test-helpers.ts';
import { roleId } from '../invitations/invite-test-helpers.ts';

/**
 * Fleets spec §6 through the real HTTP API: "Operator roles apply to fleets only" and "Limited
 * roles are a paid preview add-on" hold for every way a fleet role is given — a membership (POST
 * and PATCH), a fleet invite and a team's access (POST and PATCH).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

interface World {
  fleet: TestFleet;
  admin: TestUser;
  member: { username: string };
  teamId: number;
}

async function world(): Promise<World> {
  const fleet = await createFleet(ctx.app.db);
  const admin = await signUp(ctx.app);
  await makeOrgAdmin(ctx.app.db, admin.email, fleet);
  const member = await signUp(ctx.app);
  const memberRow = await ctx.app.db.selectFrom('user').select(['id', 'username']).where('email', '=', member.email).executeTakeFirstOrThrow();
  await ctx.app.db
    .insertInto('organization_membership')
    .values({ user: memberRow.id, is_member_of__organization: fleet.organizationId, organization_membership_role: await roleId(ctx.app, 'organization_membership_role', 'member') })
    .execute();
  const team = await ctx.app.db.insertInto('team').values({ name: `t${memberRow.id}`, belongs_to__organization: fleet.organizationId }).returning('id').executeTakeFirstOrThrow();
  return { fleet, admin, member: { username: memberRow.username as string }, teamId: team.id as number };
}

async function subscribe(orgId: number, billingCode: string): Promise<void> {
  const plan = await ctx.app.db.selectFrom('plan').select('id').where('billing_code', '=', billingCode).executeTakeFirstOrThrow();
  await ctx.app.db.insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id, is_active: true }).execute();
}

const call = (token: string, method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });
const role = (name: string) => roleId(ctx.app, 'application_membership_role', name);

async function giveEveryWay(w: World, name: string) {
  const membership = await call(w.admin.token, 'POST', '/v7/user_application_membership', {
    is_member_of__application: w.fleet.applicationId,
    username: w.member.username,
    application_membership_role: await role(name),
  });
  const invite = await call(w.admin.token, 'POST', '/v7/application_invite', {
    is_invited_to__application: w.fleet.applicationId,
    invitee: uniqueEmail(),
    application_membership_role: await role(name),
  });
  const access = await call(w.admin.token, 'POST', '/v7/team_application_access', {
    team: w.teamId,
    grants_access_to__application: w.fleet.applicationId,
    application_membership_role: await role(name),
  });
  return { membership, invite, access };
}

describe('fleet roles by class and plan (fleets spec §6)', () => {
  it('refuses the limited roles without the paid add-on, on every way of giving a role', async () => {
    const w = await world();
    const { membership, invite, access } = await giveEveryWay(w, 'safe-developer');
    for (const res of [membership, invite, access]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(LIMITED_ROLE_PAID_ONLY);
    }
    // A plain developer membership cannot be changed into a limited one either.
    const { membership: dev, access: devAccess } = await giveEveryWay(w, 'developer');
    expect(dev.statusCode, dev.body).toBe(201);
    const patch = await call(w.admin.token, 'PATCH', `/v7/user_application_membership(${dev.json().id})`, { application_membership_role: await role('safe-operator') });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error).toBe(LIMITED_ROLE_PAID_ONLY);
    const patchAccess = await call(w.admin.token, 'PATCH', `/v7/team_application_access(${devAccess.json().id})`, { application_membership_role: await role('safe-developer') });
    expect(patchAccess.statusCode).toBe(400);
  });

  it('gives the limited roles on a paid plan with the safe-roles feature, not on a paid plan without it', async () => {
    const without = await world();
    await subscribe(without.fleet.organizationId, 'prototype-v2');
    expect((await giveEveryWay(without, 'safe-operator')).membership.statusCode).toBe(400);

    const paid = await world();
    await subscribe(paid.fleet.organizationId, 'pilot-v2');
    const { membership, invite, access } = await giveEveryWay(paid, 'safe-operator');
    expect([membership.statusCode, invite.statusCode, access.statusCode]).toEqual([201, 201, 201]);
  });

  it('refuses operator roles on a block, and lets them on a fleet', async () => {
    const w = await world();
    expect((await giveEveryWay(w, 'operator')).membership.statusCode).toBe(201);
    const block = await world();
    await ctx.app.db.updateTable('application').set({ is_of__class: 'block' }).where('id', '=', block.fleet.applicationId).execute();
    const { membership, invite, access } = await giveEveryWay(block, 'operator');
    for (const res of [membership, invite, access]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(OPERATOR_ROLE_FLEETS_ONLY);
    }
    expect((await giveEveryWay(block, 'observer')).membership.statusCode).toBe(201);
  });

  it('tells a caller who may not add members nothing about the role rule', async () => {
    const w = await world();
    const stranger = await signUp(ctx.app);
    const res = await call(stranger.token, 'POST', '/v7/user_application_membership', {
      is_member_of__application: w.fleet.applicationId,
      username: w.member.username,
      application_membership_role: await role('safe-developer'),
    });
    expect(res.statusCode).not.toBe(400);
    expect(res.body).not.toContain(LIMITED_ROLE_PAID_ONLY);
  });
});
