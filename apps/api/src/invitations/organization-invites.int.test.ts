import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeInvitationToken } from '@flotilla/core/invitation-token';
import { INVITATION_TTL_MS } from '@flotilla/core/invitation-rules';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, uniqueEmail } from '../auth/test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { INVALID_INVITATION, INVITATION_FOR_ANOTHER_EMAIL } from './invitations.service.ts';
import { inviteTokenFor, orgWithAdmin, postInvite, roleId, userIdOf } from './invite-test-helpers.ts';

describe('organization invites', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ publicUrl: 'https://dash.example.test/' });
  });
  afterAll(() => ctx.close());

  const invite = (token: string, orgId: number, invitee: unknown, extra: Record<string, unknown> = {}) =>
    postInvite(ctx.app, token, 'organization', { is_invited_to__organization: orgId, invitee, ...extra });
  const accept = (token: string, userToken?: string) =>
    ctx.app.inject({ method: 'POST', url: `/org/v1/invitation/${token}`, headers: userToken ? bearer(userToken) : {} });
  const membershipRole = async (userId: number, orgId: number) => {
    const row = await ctx.app.db
      .selectFrom('organization_membership as m')
      .innerJoin('organization_membership_role as r', 'r.id', 'm.organization_membership_role')
      .select('r.name')
      .where('m.user', '=', userId)
      .where('m.is_member_of__organization', '=', orgId)
      .executeTakeFirst();
    return row?.name as string | undefined;
  };
  const inviteCount = async (orgId: number) =>
    Number((await ctx.app.db.selectFrom('organization_invite').select((eb) => eb.fn.countAll().as('n')).where('is_invited_to__organization', '=', orgId).executeTakeFirstOrThrow()).n);

  it('an administrator invites an email (as the SDK posts it): member role by default, creator recorded, email queued with the link', async () => {
    const { admin, orgId, orgName } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail('invitee');
    const res = await invite(admin.token, orgId, `  ${email.toUpperCase()} `, { message: 'Welcome aboard!\nSee you on Monday.' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      is_invited_to__organization: { __id: orgId },
      organization_membership_role: { __id: await roleId(ctx.app, 'organization_membership_role', 'member') },
      is_created_by__user: { __id: await userIdOf(ctx.app, admin) },
      message: 'Welcome aboard!\nSee you on Monday.',
    });
    expect(body.token).toBeUndefined();
    expect(body.token_hash).toBeUndefined();
    const expiresIn = new Date(body.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(INVITATION_TTL_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(INVITATION_TTL_MS);

    // The invitee row holds the trimmed, lower-cased address.
    const invitee = await ctx.app.db.selectFrom('invitee').select(['id', 'email']).where('id', '=', body.invitee.__id).executeTakeFirstOrThrow();
    expect(invitee.email).toBe(email);

    const [mail] = await listLatestEmails(ctx.app.db, { to: email, limit: 5 });
    expect(mail?.kind).toBe('organization-invite');
    expect(mail?.subject).toBe(`You are invited to join ${orgName}`);
    expect(mail?.text_body).toContain(`invited you to join the organization "${orgName}" as member`);
    expect(mail?.text_body).toContain('Welcome aboard!\nSee you on Monday.');
    expect(mail?.html_body).toContain('Welcome aboard!<br>See you on Monday.');
    const { token, link } = await inviteTokenFor(ctx.app, email);
    expect(`${link.origin}${link.pathname}`).toBe(`https://dash.example.test/organization/invitation/${token}`);
    // The token names what it is for; only its hash is stored.
    expect(decodeInvitationToken(token)).toEqual({ resource: 'organization', name: orgName });
    const stored = await ctx.app.db.selectFrom('organization_invite').select('token_hash').where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('takes the role the SDK looked up by name', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail();
    const adminRole = await roleId(ctx.app, 'organization_membership_role', 'administrator');
    const res = await invite(admin.token, orgId, email, { organization_membership_role: adminRole });
    expect(res.json().organization_membership_role).toEqual({ __id: adminRole });
    const { token } = await inviteTokenFor(ctx.app, email);
    const user = await signUp(ctx.app, email);
    expect((await accept(token, user.token)).statusCode).toBe(200);
    expect(await membershipRole(await userIdOf(ctx.app, user), orgId)).toBe('administrator');
  });

  it('refuses an invalid email with fields_errors.invalid_email and stores nothing', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    for (const bad of ['not-an-email', 'a@b', '   ', 42_000_000]) {
      const res = await invite(admin.token, orgId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json(), String(bad)).toMatchObject({ error: 'fields_errors.invalid_email', code: 'fields_errors.invalid_email' });
    }
    expect(await inviteCount(orgId)).toBe(0);
    expect(await ctx.app.db.selectFrom('invitee').select('id').where('email', '=', 'not-an-email').executeTakeFirst()).toBeUndefined();
  });

  it('refuses to invite a member (invitee_already_exist) or someone already invited (invitee_already_invited)', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const member = await invite(admin.token, orgId, admin.email.toUpperCase());
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({ error: 'invitee_already_exist', code: 'invitee_already_exist' });

    const email = uniqueEmail();
    expect((await invite(admin.token, orgId, email)).statusCode).toBe(201);
    const again = await invite(admin.token, orgId, ` ${email.toUpperCase()}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'invitee_already_invited', code: 'invitee_already_invited' });
    // Only the first invitation was mailed.
    expect(await listLatestEmails(ctx.app.db, { to: email })).toHaveLength(1);

    // Once expired, the address can be invited again (the stale invite is replaced).
    await ctx.app.db.updateTable('organization_invite').set({ expires_at: new Date(Date.now() - 1000) }).where('is_invited_to__organization', '=', orgId).execute();
    expect((await invite(admin.token, orgId, email)).statusCode).toBe(201);
    expect(await inviteCount(orgId)).toBe(1);
  });

  it('lists invites for administrators (the SDK getAllByOrganization query) and revokes them with DELETE', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail();
    const created = (await invite(admin.token, orgId, email)).json();
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/v7/invitee__is_invited_to__organization?$filter=is_invited_to__organization%20eq%20${orgId}&$expand=invitee($select=email)`,
      headers: bearer(admin.token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().d).toEqual([expect.objectContaining({ id: created.id, invitee: [{ email }] })]);

    const { token } = await inviteTokenFor(ctx.app, email);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/v7/invitee__is_invited_to__organization(${created.id})`, headers: bearer(admin.token) });
    expect(del.statusCode).toBe(200);
    expect(await inviteCount(orgId)).toBe(0);
    // A revoked invitation's link no longer works.
    const user = await signUp(ctx.app, email);
    const res = await accept(token, user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INVALID_INVITATION);
  });

  it('keeps an invite addressed to whom and what it was sent for: no PATCH of its invitee or organization, so no other invitee\u2019s email becomes readable', async () => {
    const victim = await orgWithAdmin(ctx.app);
    const victimEmail = uniqueEmail('victim');
    const victimInvite = (await invite(victim.admin.token, victim.orgId, victimEmail)).json();
    const victimInviteeId = (await ctx.app.db.selectFrom('organization_invite').select('invitee').where('id', '=', victimInvite.id).executeTakeFirstOrThrow()).invitee;
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const other = await orgWithAdmin(ctx.app);
    const mine = (await invite(admin.token, orgId, uniqueEmail('mine'))).json();
    for (const patch of [{ invitee: victimInviteeId }, { is_invited_to__organization: other.orgId }]) {
      const res = await ctx.app.inject({ method: 'PATCH', url: `/v7/organization_invite(${mine.id})`, headers: bearer(admin.token), payload: patch });
      // 400 from the invite's own rule, or 401 first when the caller may not invite into the other organization.
      expect([400, 401], JSON.stringify(patch)).toContain(res.statusCode);
    }
    const read = await ctx.app.inject({ method: 'GET', url: `/v7/invitee(${victimInviteeId})?$select=email`, headers: bearer(admin.token) });
    expect(read.json().d).toEqual([]);
    // Nor is an invitee made directly: its 409 would tell whether an address was ever invited.
    const direct = await ctx.app.inject({ method: 'POST', url: '/v7/invitee', headers: bearer(admin.token), payload: { email: victimEmail } });
    expect(direct.statusCode).toBe(401);
    // The message is still the inviter\u2019s to change, within its bound.
    const message = await ctx.app.inject({ method: 'PATCH', url: `/v7/organization_invite(${mine.id})`, headers: bearer(admin.token), payload: { message: 'x'.repeat(5000) } });
    expect(message.statusCode).toBe(400);
  });

  it('mails one address at most 5 invitations an hour, however often an invite is revoked and made again (429 with Retry-After)', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 5; i++) {
      const made = await invite(admin.token, orgId, email);
      expect(made.statusCode, made.body).toBe(201);
      expect((await ctx.app.inject({ method: 'DELETE', url: `/v7/organization_invite(${made.json().id})`, headers: bearer(admin.token) })).statusCode).toBe(200);
    }
    const sixth = await invite(admin.token, orgId, email);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await inviteCount(orgId)).toBe(0);
    // Another address is still invited.
    expect((await invite(admin.token, orgId, uniqueEmail('other'))).statusCode).toBe(201);
  });

  it('mails one address at most 5 invitations from a burst of parallel invites; the rest get 429 and store nothing', async () => {
    const { admin } = await orgWithAdmin(ctx.app);
    const orgIds: number[] = [];
    for (let i = 0; i < 10; i++) {
      const org = await ctx.app.inject({ method: 'POST', url: '/v7/organization', headers: bearer(admin.token), payload: { name: `Burst ${Math.random().toString(36).slice(2, 8)}` } });
      expect(org.statusCode, org.body).toBe(201);
      orgIds.push(org.json().id as number);
    }
    const email = uniqueEmail('burst');
    const burst = await Promise.all(orgIds.map((orgId) => invite(admin.token, orgId, email)));
    const statuses = burst.map((r) => r.statusCode);
    // Counted inside each invite's transaction, the buckets locked until it ends: exactly 5 get through.
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(await listLatestEmails(ctx.app.db, { to: email, limit: 50 })).toHaveLength(5);
  });

  it('denies members and outsiders: no listing, no creating (and no hint who is a member), no revoking', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const member = await signUp(ctx.app);
    await invite(admin.token, orgId, member.email);
    expect((await accept((await inviteTokenFor(ctx.app, member.email)).token, member.token)).statusCode).toBe(200);
    expect(await membershipRole(await userIdOf(ctx.app, member), orgId)).toBe('member');
    const outsider = await signUp(ctx.app);
    const pending = (await invite(admin.token, orgId, uniqueEmail())).json();

    for (const who of [member, outsider]) {
      const list = await ctx.app.inject({ method: 'GET', url: `/v7/organization_invite?$filter=is_invited_to__organization%20eq%20${orgId}`, headers: bearer(who.token) });
      expect(list.json().d).toEqual([]);
      const created = await invite(who.token, orgId, uniqueEmail());
      expect(created.statusCode).toBe(401);
      // Inviting an existing member answers the same 401, not 409.
      expect((await invite(who.token, orgId, admin.email)).statusCode).toBe(401);
      await ctx.app.inject({ method: 'DELETE', url: `/v7/organization_invite(${pending.id})`, headers: bearer(who.token) });
      expect(await inviteCount(orgId)).toBe(1);
    }
    expect((await invite('', orgId, uniqueEmail())).statusCode).toBe(401);
  });

  it('accepts: the invited user joins with the invite role, the invite is used up', async () => {
    const { admin, orgId, orgName } = await orgWithAdmin(ctx.app);
    const user = await signUp(ctx.app);
    await invite(admin.token, orgId, user.email.toUpperCase());
    const { token } = await inviteTokenFor(ctx.app, user.email);
    expect((await accept(token)).statusCode).toBe(401);
    const res = await accept(token, user.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ organization: { id: orgId, name: orgName } });
    expect(await membershipRole(await userIdOf(ctx.app, user), orgId)).toBe('member');
    expect(await inviteCount(orgId)).toBe(0);
    const again = await accept(token, user.token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: INVALID_INVITATION, code: 'invalid_invitation' });
  });

  it('refuses a signed-in user whose email is not the invited one (403) and keeps the invite', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail();
    await invite(admin.token, orgId, email);
    const { token } = await inviteTokenFor(ctx.app, email);
    const other = await signUp(ctx.app);
    const res = await accept(token, other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: INVITATION_FOR_ANOTHER_EMAIL, code: 'invitation_email_mismatch' });
    expect(await membershipRole(await userIdOf(ctx.app, other), orgId)).toBeUndefined();
    expect(await inviteCount(orgId)).toBe(1);
  });

  it('refuses an expired or unknown token', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const user = await signUp(ctx.app);
    await invite(admin.token, orgId, user.email);
    const { token } = await inviteTokenFor(ctx.app, user.email);
    await ctx.app.db.updateTable('organization_invite').set({ expires_at: new Date(Date.now() - 1000) }).where('is_invited_to__organization', '=', orgId).execute();
    const expired = await accept(token, user.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(INVALID_INVITATION);
    for (const bad of [`${token}x`, 'garbage', `${token.split('.')[0]}.${'A'.repeat(43)}`]) {
      const res = await accept(bad, user.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(INVALID_INVITATION);
    }
    expect(await membershipRole(await userIdOf(ctx.app, user), orgId)).toBeUndefined();
  });

  it('an existing member accepting just uses the invite up and keeps their role', async () => {
    const { admin, orgId, orgName } = await orgWithAdmin(ctx.app);
    const user = await signUp(ctx.app);
    await invite(admin.token, orgId, user.email);
    const { token } = await inviteTokenFor(ctx.app, user.email);
    await ctx.app.db
      .insertInto('organization_membership')
      .values({ user: await userIdOf(ctx.app, user), is_member_of__organization: orgId, organization_membership_role: await roleId(ctx.app, 'organization_membership_role', 'administrator') })
      .execute();
    const res = await accept(token, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ organization: { id: orgId, name: orgName } });
    expect(await membershipRole(await userIdOf(ctx.app, user), orgId)).toBe('administrator');
    expect(await inviteCount(orgId)).toBe(0);
  });

  it('describes the invite for the accept screen without sign-in', async () => {
    const { admin, orgId, orgName } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail();
    await invite(admin.token, orgId, email, { message: 'hi' });
    const { token } = await inviteTokenFor(ctx.app, email);
    const res = await ctx.app.inject({ method: 'GET', url: `/org/v1/invitation/${token}` });
    expect(res.statusCode, res.body).toBe(200);
    const adminName = (await ctx.app.db.selectFrom('user').select('username').where('email', '=', admin.email).executeTakeFirstOrThrow()).username;
    expect(res.json()).toMatchObject({ organization: { id: orgId, name: orgName }, role: 'member', inviter: { username: adminName }, invitee: { email }, message: 'hi' });
    // An organization token is not a fleet token.
    expect((await ctx.app.inject({ method: 'GET', url: `/user/v1/invitation/${token}` })).statusCode).toBe(400);
  });

  it('rate-limits bad tokens per client address (30 per hour, then 429)', async () => {
    const remoteAddress = '10.77.0.1';
    for (let i = 0; i < 30; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: `/org/v1/invitation/e30.bad${i}`, remoteAddress });
      expect(res.statusCode).toBe(400);
    }
    const limited = await ctx.app.inject({ method: 'GET', url: '/org/v1/invitation/e30.bad', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await ctx.app.inject({ method: 'GET', url: '/org/v1/invitation/e30.bad', remoteAddress: '10.77.0.2' })).statusCode).toBe(400);
  });
});

describe('sign-up from an organization invitation (verification required)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ requireEmailVerification: true });
  });
  afterAll(() => ctx.close());

  const register = (email: string, extra: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/user/register', payload: { email, password: 'correct horse battery', ...extra } });
  const status = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/user/v1/account-status', headers: bearer(token) })).json();
  const isMember = async (email: string, orgId: number) =>
    (await ctx.app.db
      .selectFrom('organization_membership as m')
      .innerJoin('user as u', 'u.id', 'm.user')
      .select('m.id')
      .where('u.email', '=', email)
      .where('m.is_member_of__organization', '=', orgId)
      .executeTakeFirst()) !== undefined;

  it('joins on creation and counts the address as verified (no verification email)', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const email = uniqueEmail();
    await postInvite(ctx.app, admin.token, 'organization', { is_invited_to__organization: orgId, invitee: email });
    const { token } = await inviteTokenFor(ctx.app, email);
    const res = await register(email.toUpperCase(), { invitationType: 'organization', invitationToken: token });
    expect(res.statusCode, res.body).toBe(201);
    expect(await isMember(email, orgId)).toBe(true);
    expect(await status(res.body)).toMatchObject({ is_verified: true, must_be_verified: false });
    expect((await listLatestEmails(ctx.app.db, { to: email, limit: 10 })).map((m) => m.kind)).toEqual(['organization-invite']);
    expect(await ctx.app.db.selectFrom('organization_invite').select('id').where('is_invited_to__organization', '=', orgId).execute()).toEqual([]);
  });

  it('still registers, without joining, on a bad token, another address\'s token or a wrong type', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    const invited = uniqueEmail();
    await postInvite(ctx.app, admin.token, 'organization', { is_invited_to__organization: orgId, invitee: invited });
    const { token } = await inviteTokenFor(ctx.app, invited);
    const cases: Record<string, unknown>[] = [
      { invitationType: 'organization', invitationToken: 'nope.nope' },
      { invitationType: 'organization', invitationToken: token },
      { invitationType: 'application', invitationToken: token },
      { invitationType: 'team', invitationToken: token },
    ];
    for (const extra of cases) {
      const email = uniqueEmail();
      const res = await register(email, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(201);
      expect(await isMember(email, orgId)).toBe(false);
      expect(await status(res.body)).toMatchObject({ is_verified: false, must_be_verified: true });
    }
    // The invite is still there for its addressee.
    const res = await register(invited, { invitationType: 'organization', invitationToken: token });
    expect(res.statusCode).toBe(201);
    expect(await isMember(invited, orgId)).toBe(true);
  });
});
