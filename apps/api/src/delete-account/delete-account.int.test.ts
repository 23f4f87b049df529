import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { DELETE_ACCOUNT_MESSAGES, DOWNGRADE_REASON } from './delete-account.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function createOrg(user: TestUser): Promise<number> {
  return createOrgNamed(user, `Org ${randomBytes(4).toString('hex')}`);
}

async function createOrgNamed(user: TestUser, name: string): Promise<number> {
  const res = await ctx.app.inject({ method: 'POST', url: '/v7/organization', headers: bearer(user.token), payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function userId(user: TestUser): Promise<number> {
  const row = await ctx.database.db.selectFrom('user').select(['id', 'actor']).where('email', '=', user.email).executeTakeFirstOrThrow();
  return row.id as number;
}

async function addMember(user: TestUser, orgId: number, role: 'administrator' | 'member'): Promise<void> {
  await sql`INSERT INTO organization_membership ("user", is_member_of__organization, organization_membership_role)
    SELECT ${await userId(user)}, ${orgId}, id FROM organization_membership_role WHERE name = ${role}`.execute(ctx.database.db);
}

async function subscribe(orgId: number, billingCode: string, cycle = 'annual'): Promise<number> {
  const r = await sql<{ id: number }>`INSERT INTO subscription (is_for__organization, is_for__plan, billing_cycle)
    SELECT ${orgId}, id, ${cycle} FROM plan WHERE billing_code = ${billingCode} RETURNING id`.execute(ctx.database.db);
  return r.rows[0]!.id;
}

/** Ids of the organizations the user alone administers (a personal organization from sign-up, if any, included). */
async function soleAdminIds(user: TestUser): Promise<number[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/user/v1/account/deletion', headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { soleAdminOrganizations: { id: number }[] }).soleAdminOrganizations.map((o) => o.id);
}

async function addFleet(orgId: number): Promise<void> {
  const dt = await sql<{ id: number }>`INSERT INTO cpu_architecture (slug) VALUES ('amd64') ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`.execute(ctx.database.db);
  const devType = await sql<{ id: number }>`INSERT INTO device_type (slug, name, is_of__cpu_architecture) VALUES ('generic-x86-64', 'Generic', ${dt.rows[0]!.id})
    ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id`.execute(ctx.database.db);
  const appType = await sql<{ id: number }>`INSERT INTO application_type (slug, name) VALUES ('microservices', 'Microservices')
    ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name RETURNING id`.execute(ctx.database.db);
  const actor = await sql<{ id: number }>`INSERT INTO actor DEFAULT VALUES RETURNING id`.execute(ctx.database.db);
  const suffix = randomBytes(4).toString('hex');
  await sql`INSERT INTO application (actor, app_name, slug, uuid, organization, is_for__device_type, application_type)
    VALUES (${actor.rows[0]!.id}, ${'f' + suffix}, ${'o/f' + suffix}, ${randomBytes(16).toString('hex')}, ${orgId}, ${devType.rows[0]!.id}, ${appType.rows[0]!.id})`.execute(ctx.database.db);
}

function deleteAccount(user: TestUser, password: string) {
  return ctx.app.inject({ method: 'DELETE', url: '/user/v1/account', headers: bearer(user.token), payload: { password } });
}

async function count(query: string, id: number): Promise<number> {
  const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(query)} ${id}`.execute(ctx.database.db);
  return r.rows[0]!.n;
}

describe('DELETE /user/v1/account', () => {
  it('rejects a wrong password with 401 "Invalid password" and keeps the account and session', async () => {
    const user = await signUp(ctx.app);
    const res = await deleteAccount(user, 'not the password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: DELETE_ACCOUNT_MESSAGES.invalidPassword });
    const who = await ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: bearer(user.token) });
    expect(who.statusCode).toBe(200);
  });

  it('requires a password and a signed-in user', async () => {
    const user = await signUp(ctx.app);
    const empty = await deleteAccount(user, '');
    expect(empty.statusCode).toBe(400);
    const anon = await ctx.app.inject({ method: 'DELETE', url: '/user/v1/account', payload: { password: 'x' } });
    expect(anon.statusCode).toBe(401);
    expect(await count('"user" WHERE id =', await userId(user))).toBe(1);
  });

  it('is blocked (409, contact sales) while any organization of the user is on the custom plan', async () => {
    const owner = await signUp(ctx.app);
    const user = await signUp(ctx.app);
    const org = await createOrg(owner);
    await addMember(user, org, 'member');
    await subscribe(org, 'custom');
    const preview = await ctx.app.inject({ method: 'GET', url: '/user/v1/account/deletion', headers: bearer(user.token) });
    expect(preview.json()).toMatchObject({ customPlanOrganizations: [expect.stringMatching(/^Org /)] });
    // The custom-plan organization is the owner's: the user does not administer it.
    expect(await soleAdminIds(user)).not.toContain(org);
    const res = await deleteAccount(user, user.password);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: DELETE_ACCOUNT_MESSAGES.customPlan, code: 'custom_plan' });
    expect(res.json().error).toMatch(/contact sales/);
    expect(await count('"user" WHERE id =', await userId(user))).toBe(1);
  });

  it('refuses (409) when a sole-admin organization still has fleets, naming it and changing nothing', async () => {
    const user = await signUp(ctx.app);
    const org = await createOrg(user);
    const empty = await createOrg(user);
    const sub = await subscribe(org, 'pilot-v2');
    await addFleet(org);
    const orgName = (await ctx.database.db.selectFrom('organization').select('name').where('id', '=', org).executeTakeFirstOrThrow()).name;
    const res = await deleteAccount(user, user.password);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: DELETE_ACCOUNT_MESSAGES.fleetsLeft([orgName]), code: 'organizations_have_fleets' });
    expect(res.json().error).toMatch(/^Delete or transfer the fleets of these organizations first: Org /);
    // Nothing was deleted: the user, both organizations (the empty one too) and the paid plan.
    expect(await count('"user" WHERE id =', await userId(user))).toBe(1);
    expect(await count('organization WHERE id =', org)).toBe(1);
    expect(await count('organization WHERE id =', empty)).toBe(1);
    const plan = await sql<{ code: string }>`SELECT p.billing_code AS code FROM subscription s JOIN plan p ON p.id = s.is_for__plan WHERE s.id = ${sub}`.execute(ctx.database.db);
    expect(plan.rows[0]!.code).toBe('pilot-v2');
    const who = await ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: bearer(user.token) });
    expect(who.statusCode).toBe(200);
  });

  it('ignores fleets of organizations the user shares with another administrator', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const shared = await createOrg(other);
    await addMember(user, shared, 'administrator');
    await addFleet(shared);
    const res = await deleteAccount(user, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(await count('organization WHERE id =', shared)).toBe(1);
    expect(await count('application WHERE organization =', shared)).toBe(1);
  });

  it('deletes every organization the user alone administers, the personal one included', async () => {
    const user = await signUp(ctx.app);
    // The organization sign-up gives every user (if any), or one made like it: named after the user.
    const before = await soleAdminIds(user);
    const username = (await ctx.database.db.selectFrom('user').select('username').where('email', '=', user.email).executeTakeFirstOrThrow()).username;
    const personal = before[0] ?? (await createOrgNamed(user, username));
    const ids = await soleAdminIds(user);
    expect(ids).toContain(personal);
    const res = await deleteAccount(user, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deletedOrganizations).toBe(ids.length);
    for (const id of ids) expect(await count('organization WHERE id =', id)).toBe(0);
  });

  it('downgrades and deletes sole-admin organizations, keeps shared ones, and leaves nothing of the user', async () => {
    const user = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const id = await userId(user);
    const actor = (await ctx.database.db.selectFrom('user').select('actor').where('id', '=', id).executeTakeFirstOrThrow()).actor as number;
    const soleA = await createOrg(user);
    const soleB = await createOrg(user);
    const shared = await createOrg(other);
    await addMember(user, shared, 'administrator');
    const sharedSub = await subscribe(shared, 'production-v2');
    await subscribe(soleA, 'pilot-v2');
    // Linked rows of every kind the user can own.
    const keyRes = await ctx.app.inject({ method: 'POST', url: '/api-key/user/full', headers: bearer(user.token), payload: { name: 'k' } });
    expect(keyRes.statusCode, keyRes.body).toBe(200);
    await sql`INSERT INTO user_public_key ("user", title, public_key) VALUES (${id}, 'laptop', 'ssh-ed25519 AAAA')`.execute(ctx.database.db);
    await sql`INSERT INTO recovery_code ("user", code_hash) VALUES (${id}, 'h')`.execute(ctx.database.db);
    await sql`INSERT INTO user_action_token ("user", purpose, token_hash, expires_at) VALUES (${id}, 'password-reset', ${randomBytes(8).toString('hex')}, now())`.execute(ctx.database.db);
    await sql`UPDATE "user" SET totp_secret = 'S', is_2fa_enabled = true WHERE id = ${id}`.execute(ctx.database.db);

    // soleA and soleB, plus the personal organization when sign-up made one.
    const soleIds = await soleAdminIds(user);
    expect(soleIds).toEqual(expect.arrayContaining([soleA, soleB]));
    expect(soleIds).not.toContain(shared);

    const res = await deleteAccount(user, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelledSubscriptions: 1, deletedOrganizations: soleIds.length });

    expect(await count('"user" WHERE id =', id)).toBe(0);
    expect(await count('actor WHERE id =', actor)).toBe(0);
    expect(await count('api_key WHERE is_of__actor =', actor)).toBe(0);
    for (const table of ['organization_membership', 'team_membership', 'user_public_key', 'recovery_code', 'user_action_token', 'user_application_membership', 'oauth_authorization_code']) {
      expect(await count(`${table} WHERE "user" =`, id), table).toBe(0);
    }
    for (const table of ['social_service_account', 'saml_account', 'oauth_application_authorization']) {
      expect(await count(`${table} WHERE belongs_to__user =`, id), table).toBe(0);
    }
    expect(await count('organization WHERE id IN (' + soleA + ') OR id =', soleB)).toBe(0);
    expect(await count('subscription WHERE is_for__organization =', soleA)).toBe(0);
    // The shared organization keeps its other administrator and its (paid) subscription.
    expect(await count('organization WHERE id =', shared)).toBe(1);
    expect(await count('organization_membership WHERE is_member_of__organization =', shared)).toBe(1);
    const plan = await sql<{ code: string }>`SELECT p.billing_code AS code FROM subscription s JOIN plan p ON p.id = s.is_for__plan WHERE s.id = ${sharedSub}`.execute(ctx.database.db);
    expect(plan.rows[0]!.code).toBe('production-v2');
    // The old session no longer works and signing in fails.
    const who = await ctx.app.inject({ method: 'GET', url: '/actor/v1/whoami', headers: bearer(user.token) });
    expect(who.statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/login_', payload: { username: user.email, password: user.password } });
    expect(login.statusCode).toBe(401);
    expect(login.body).toContain('Invalid login credentials');
  });

  it('deletes a sole-admin organization that has non-admin members, with its subscription', async () => {
    const user = await signUp(ctx.app);
    const org = await createOrg(user);
    const sub = await subscribe(org, 'prototype-v2', 'annual');
    // A second member (not administrator) keeps the organization a sole-admin one: it is deleted.
    const member = await signUp(ctx.app);
    await addMember(member, org, 'member');
    const soleIds = await soleAdminIds(user);
    expect(soleIds).toContain(org);
    const res = await deleteAccount(user, user.password);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ cancelledSubscriptions: 1, deletedOrganizations: soleIds.length });
    expect(await count('organization WHERE id =', org)).toBe(0);
    expect(await count('subscription WHERE id =', sub)).toBe(0);
    expect(DOWNGRADE_REASON).toBe('Account deletion');
    expect(await count('"user" WHERE id =', await userId(member))).toBe(1);
  });
});
