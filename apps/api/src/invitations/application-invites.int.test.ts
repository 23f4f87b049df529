import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInvitationToken } from '@flotilla/core/invitation-token';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, createFleet, grantFleetRole, makeOrgAdmin, signUp, uniqueEmail, type TestFleet, type TestUser } from '../auth/test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { INVALID_INVITATION, INVITATION_FOR_ANOTHER_EMAIL } from './invitations.service.ts';
import { inviteTokenFor, postInvite, roleId, userIdOf } from './invite-test-helpers.ts';

describe('fleet (application) invites', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ publicUrl: 'https://dash.example.test' });
  });
  afterAll(() => ctx.close());

  const appName = async (fleet: TestFleet) =>
    (await ctx.app.db.selectFrom('application').select('app_name').where('id', '=', fleet.applicationId).executeTakeFirstOrThrow()).app_name as string;
  /** A fleet and a user who administers it as a fleet administrator (not an organization admin). */
  const fleetWithAdmin = async (): Promise<{ fleet: TestFleet; admin: TestUser }> => {
    const fleet = await createFleet(ctx.app.db);
    const admin = await signUp(ctx.app);
    await grantFleetRole(ctx.app.db, admin.email, fleet, 'administrator');
    return { fleet, admin };
  };
  const invite = (token: string, fleet: TestFleet, invitee: unknown, extra: Record<string, unknown> = {}) =>
    postInvite(ctx.app, token, 'application', { is_invited_to__application: fleet.applicationId, invitee, ...extra });
  const accept = (token: string, userToken?: string) =>
    ctx.app.inject({ method: 'POST', url: `/user/v1/invitation/${token}`, headers: userToken ? bearer(userToken) : {} });
  const fleetRole = async (user: TestUser, fleet: TestFleet) => {
    const row = await ctx.app.db
      .selectFrom('user_application_membership as m')
      .innerJoin('application_membership_role as r', 'r.id', 'm.application_membership_role')
      .select('r.name')
      .where('m.user', '=', await userIdOf(ctx.app, user))
      .where('m.is_member_of__application', '=', fleet.applicationId)
      .executeTakeFirst();
    return row?.name as string | undefined;
  };
  const inviteCount = async (fleet: TestFleet) =>
    (await ctx.app.db.selectFrom('application_invite').select('id').where('is_invited_to__application', '=', fleet.applicationId).execute()).length;

  it('a fleet administrator invites an email: developer by default, email with the /invitation/ link', async () => {
    const { fleet, admin } = await fleetWithAdmin();
    const email = uniqueEmail();
    const res = await invite(admin.token, fleet, email.toUpperCase(), { message: 'line one\nline two' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      is_invited_to__application: { __id: fleet.applicationId },
      application_membership_role: { __id: await roleId(ctx.app, 'application_membership_role', 'developer') },
      is_created_by__user: { __id: await userIdOf(ctx.app, admin) },
      message: 'line one\nline two',
    });
    const name = await appName(fleet);
    const [mail] = await listLatestEmails(ctx.app.db, { to: email });
    expect(mail?.kind).toBe('application-invite');
    expect(mail?.text_body).toContain(`invited you to join the fleet "${name}" as developer`);
    expect(mail?.text_body).toContain('line one\nline two');
    const { token, link } = await inviteTokenFor(ctx.app, email);
    expect(`${link.origin}${link.pathname}`).toBe(`https://dash.example.test/invitation/${token}`);
    expect(decodeInvitationToken(token)).toEqual({ resource: 'application', name });
  });

  it('validates: invalid email (400), already a fleet member (409), already invited (409)', async () => {
    const { fleet, admin } = await fleetWithAdmin();
    const bad = await invite(admin.token, fleet, 'bob@');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'fields_errors.invalid_email' });
    const member = await signUp(ctx.app);
    await grantFleetRole(ctx.app.db, member.email, fleet, 'observer');
    const existing = await invite(admin.token, fleet, member.email);
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({ error: 'invitee_already_exist' });
    const email = uniqueEmail();
    expect((await invite(admin.token, fleet, email)).statusCode).toBe(201);
    const again = await invite(admin.token, fleet, email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invitee_already_invited' });
  });

  it('organization administrators may invite; developers read invites but may not create or revoke; outsiders see nothing', async () => {
    const { fleet, admin } = await fleetWithAdmin();
    const orgAdmin = await signUp(ctx.app);
    await makeOrgAdmin(ctx.app.db, orgAdmin.email, fleet);
    const created = await invite(orgAdmin.token, fleet, uniqueEmail());
    expect(created.statusCode, created.body).toBe(201);

    const developer = await signUp(ctx.app);
    await grantFleetRole(ctx.app.db, developer.email, fleet, 'developer');
    const outsider = await signUp(ctx.app);
    const listUrl = `/v7/invitee__is_invited_to__application?$filter=is_invited_to__application%20eq%20${fleet.applicationId}`;
    const list = async (who: TestUser) => (await ctx.app.inject({ method: 'GET', url: listUrl, headers: bearer(who.token) })).json().d as unknown[];
    expect(await list(admin)).toHaveLength(1);
    expect(await list(developer)).toHaveLength(1);
    expect(await list(outsider)).toEqual([]);
    for (const who of [developer, outsider]) {
      expect((await invite(who.token, fleet, uniqueEmail())).statusCode).toBe(401);
      expect((await invite(who.token, fleet, admin.email)).statusCode).toBe(401);
      await ctx.app.inject({ method: 'DELETE', url: `/v7/application_invite(${created.json().id})`, headers: bearer(who.token) });
      expect(await inviteCount(fleet)).toBe(1);
    }
    const revoke = await ctx.app.inject({ method: 'DELETE', url: `/v7/invitee__is_invited_to__application(${created.json().id})`, headers: bearer(admin.token) });
    expect(revoke.statusCode).toBe(200);
    expect(await inviteCount(fleet)).toBe(0);
  });

  it('accepts with the invite role; refuses another account, expired and used links', async () => {
    const { fleet, admin } = await fleetWithAdmin();
    const user = await signUp(ctx.app);
    await invite(admin.token, fleet, user.email, { application_membership_role: await roleId(ctx.app, 'application_membership_role', 'operator') });
    const { token } = await inviteTokenFor(ctx.app, user.email);

    const summary = await ctx.app.inject({ method: 'GET', url: `/user/v1/invitation/${token}` });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ application: { id: fleet.applicationId, app_name: await appName(fleet) }, role: 'operator', invitee: { email: user.email } });

    const other = await signUp(ctx.app);
    const wrong = await accept(token, other.token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(INVITATION_FOR_ANOTHER_EMAIL);
    expect(await fleetRole(other, fleet)).toBeUndefined();
    // An organization accept route does not take a fleet token.
    expect((await ctx.app.inject({ method: 'POST', url: `/org/v1/invitation/${token}`, headers: bearer(user.token) })).statusCode).toBe(400);

    const ok = await accept(token, user.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ application: { id: fleet.applicationId, app_name: await appName(fleet) } });
    expect(await fleetRole(user, fleet)).toBe('operator');
    expect(await inviteCount(fleet)).toBe(0);
    // A fleet's members are members of its organization: the outsider joined it as a member.
    const orgRole = await ctx.app.db
      .selectFrom('organization_membership as m')
      .innerJoin('organization_membership_role as r', 'r.id', 'm.organization_membership_role')
      .innerJoin('application as a', 'a.organization', 'm.is_member_of__organization')
      .innerJoin('user as u', 'u.id', 'm.user')
      .select('r.name')
      .where('u.email', '=', user.email)
      .where('a.id', '=', fleet.applicationId)
      .executeTakeFirst();
    expect(orgRole?.name).toBe('member');
    const used = await accept(token, user.token);
    expect(used.statusCode).toBe(400);
    expect(used.json().error).toBe(INVALID_INVITATION);

    const late = await signUp(ctx.app);
    await invite(admin.token, fleet, late.email);
    const lateToken = (await inviteTokenFor(ctx.app, late.email)).token;
    await ctx.app.db.updateTable('application_invite').set({ expires_at: new Date(Date.now() - 1) }).where('is_invited_to__application', '=', fleet.applicationId).execute();
    expect((await accept(lateToken, late.token)).statusCode).toBe(400);
    expect(await fleetRole(late, fleet)).toBeUndefined();
  });

  it('an existing fleet member accepting keeps their role and uses the invite up', async () => {
    const { fleet, admin } = await fleetWithAdmin();
    const user = await signUp(ctx.app);
    await invite(admin.token, fleet, user.email);
    const { token } = await inviteTokenFor(ctx.app, user.email);
    await grantFleetRole(ctx.app.db, user.email, fleet, 'observer');
    expect((await accept(token, user.token)).statusCode).toBe(200);
    expect(await fleetRole(user, fleet)).toBe('observer');
    expect(await inviteCount(fleet)).toBe(0);
  });

  it('sign-up with an application invitation joins the fleet', async () => {
    const { fleet, admin } = await fleetWithAdmin();
    const email = uniqueEmail();
    await invite(admin.token, fleet, email);
    const { token } = await inviteTokenFor(ctx.app, email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/user/register',
      payload: { email, password: 'correct horse battery', invitationType: 'application', invitationToken: token },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await fleetRole({ email, password: '', token: res.body }, fleet)).toBe('developer');
    const status = await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(res.body) });
    expect(status.json().is_verified).toBe(true);
  });
});
