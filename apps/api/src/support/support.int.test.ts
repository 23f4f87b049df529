import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { bearer, signUp, type TestUser } from '../auth/test-helpers.ts';
import { orgWithAdmin, userIdOf } from '../invitations/invite-test-helpers.ts';
import { addOrganizationMember } from '../organizations/organization.repository.ts';
import { createFleetWithProvisioningKey } from '../devices/device-test-factories.ts';
import { registerDevice } from '../device-logs/log-test-helpers.ts';
import { listLatestEmails } from '../email/outbox.repository.ts';
import { NO_PRIVATE_SUPPORT, NOT_WHILE_LOGGED_IN_AS_SUPPORT, VERIFY_EMAIL_FIRST } from './support.service.ts';

/** The help desk behind the support drawer: who may read the form and open a ticket, and what a ticket keeps. */
const SUPPORT_TEAM = 'help@ops.example.test';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ supportEmail: SUPPORT_TEAM, publicUrl: 'https://fleet.example.test/' });
});
afterAll(() => ctx.close());

const url = (orgId: number, path: string) => `/zendesk/v1/${orgId}/${path}`;
const get = (token: string, orgId: number, path: string) => ctx.app.inject({ method: 'GET', url: url(orgId, path), headers: bearer(token) });
const submit = (token: string, orgId: number, payload: object) =>
  ctx.app.inject({ method: 'POST', url: url(orgId, 'submit-ticket'), headers: bearer(token), payload });

function multipart(filename: string, content: Buffer, field = 'file') {
  const boundary = '----flotilla-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (token: string, orgId: number, filename: string, content: Buffer) => {
  const form = multipart(filename, content);
  return ctx.app.inject({ method: 'POST', url: url(orgId, 'upload-attachment'), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
};

async function verify(user: TestUser): Promise<void> {
  await ctx.app.db.updateTable('user').set({ is_verified: true }).where('id', '=', await userIdOf(ctx.app, user)).execute();
}

async function putOnPlan(orgId: number, billingCode: string): Promise<void> {
  const plan = await ctx.app.db.selectFrom('plan').select('id').where('billing_code', '=', billingCode).executeTakeFirstOrThrow();
  await ctx.app.db.insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id }).execute();
}

/** An organization on a plan with private support, its verified administrator and a verified member. */
async function paidOrg() {
  const { admin, orgId } = await orgWithAdmin(ctx.app);
  await putOnPlan(orgId, 'pilot-v2');
  await verify(admin);
  const member = await signUp(ctx.app);
  await verify(member);
  await addOrganizationMember(ctx.app.db, await userIdOf(ctx.app, member), orgId, 'member');
  return { admin, member, orgId };
}

async function fieldId(token: string, orgId: number, type: string): Promise<number> {
  const fields = (await get(token, orgId, 'ticket-fields')).json() as Array<{ id: number; type: string }>;
  return fields.find((f) => f.type === type)!.id;
}

describe('support access', () => {
  it('says what the drawer offers: community support on the free plan, private support on a paid one', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    await verify(admin);
    expect((await get(admin.token, orgId, 'access')).json()).toEqual({ planIncludesPrivateSupport: false, canFileTicket: false, tierTitle: 'Community support' });
    await putOnPlan(orgId, 'production-v2');
    expect((await get(admin.token, orgId, 'access')).json()).toEqual({ planIncludesPrivateSupport: true, canFileTicket: true, tierTitle: 'Priority support' });
  });

  it('answers a non-member exactly as for an organization that does not exist', async () => {
    const { orgId } = await paidOrg();
    const stranger = await signUp(ctx.app);
    for (const path of ['access', 'ticket-fields']) {
      const theirs = await get(stranger.token, orgId, path);
      const missing = await get(stranger.token, 2_000_000_000, path);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.body).toBe(missing.body);
    }
    const res = await submit(stranger.token, orgId, { subject: 'hi', comment: { body: 'there' } });
    expect(res.statusCode).toBe(404);
  });

  it('refuses device and provisioning keys and anonymous callers', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.app.db);
    const device = await registerDevice(ctx.app, fleet);
    for (const token of [device.apiKey, fleet.provisioningKey]) {
      expect((await get(token, fleet.organizationId, 'ticket-fields')).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: url(fleet.organizationId, 'ticket-fields') });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('opening a ticket', () => {
  it('stores a member’s ticket with its CC list, fields, priority and attachment', async () => {
    const { member, orgId } = await paidOrg();
    const fields = (await get(member.token, orgId, 'ticket-fields')).json() as Array<{ type: string }>;
    expect(fields.map((f) => f.type)).toEqual(['subject', 'description', 'tagger', 'priority']);
    const up = await upload(member.token, orgId, 'log.txt', Buffer.from('kernel panic'));
    expect(up.statusCode, up.body).toBe(201);
    const { token } = up.json() as { token: string };
    const res = await submit(member.token, orgId, {
      subject: '  Device offline  ',
      comment: { body: 'It stopped at 3am.', uploads: [token] },
      email_ccs: [{ user_email: 'Ops@Example.com', action: 'put' }],
      custom_fields: [
        { id: await fieldId(member.token, orgId, 'tagger'), value: 'devices' },
        { id: await fieldId(member.token, orgId, 'priority'), value: 'high' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, status } = res.json() as { id: number; status: string };
    expect(status).toBe('new');
    const ticket = await ctx.app.db.selectFrom('support_ticket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ is_for__organization: orgId, subject: 'Device offline', description: 'It stopped at 3am.', priority: 'high', email_ccs: ['ops@example.com'] });
    const files = await ctx.app.db.selectFrom('support_attachment').select(['filename', 'size']).where('support_ticket', '=', id).execute();
    expect(files).toEqual([{ filename: 'log.txt', size: 12 }]);

    // The team gets the whole ticket, the requester a receipt; the CC list is not mailed from here.
    const [toTeam] = (await listLatestEmails(ctx.app.db, { to: SUPPORT_TEAM, limit: 20 })).filter((m) => m.subject.startsWith(`[Support #${id}]`));
    expect(toTeam?.subject).toBe(`[Support #${id}] Device offline`);
    expect(toTeam?.text_body).toContain('Priority: high');
    expect(toTeam?.text_body).toContain('Product area: Devices');
    expect(toTeam?.text_body).toContain('CC: ops@example.com');
    expect(toTeam?.text_body).toContain('Attachments (kept in the help desk): log.txt');
    expect(toTeam?.text_body).toContain('It stopped at 3am.');
    expect(toTeam?.text_body).toContain('Sent from https://fleet.example.test');
    const receipts = await listLatestEmails(ctx.app.db, { to: member.email });
    expect(receipts.map((m) => m.subject)).toContain(`We received your support ticket #${id}: Device offline`);
    expect(await listLatestEmails(ctx.app.db, { to: 'ops@example.com' })).toEqual([]);
  });

  it('keeps a subject line on one line in the mail', async () => {
    const { member, orgId } = await paidOrg();
    const res = await submit(member.token, orgId, { subject: 'one\r\nBcc: victim@example.com', comment: { body: 'b' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: number };
    const [mail] = (await listLatestEmails(ctx.app.db, { to: SUPPORT_TEAM, limit: 50 })).filter((m) => m.subject.startsWith(`[Support #${id}]`));
    expect(mail?.subject).toBe(`[Support #${id}] one Bcc: victim@example.com`);
  });

  it('refuses a plan without private support, an unverified email and a login-as session, each with its reason', async () => {
    const free = await orgWithAdmin(ctx.app);
    await verify(free.admin);
    const onFree = await submit(free.admin.token, free.orgId, { subject: 's', comment: { body: 'b' } });
    expect(onFree.statusCode).toBe(403);
    expect(onFree.json().error).toBe(NO_PRIVATE_SUPPORT);

    const { orgId } = await paidOrg();
    const unverified = await signUp(ctx.app);
    await addOrganizationMember(ctx.app.db, await userIdOf(ctx.app, unverified), orgId, 'member');
    const res = await submit(unverified.token, orgId, { subject: 's', comment: { body: 'b' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(VERIFY_EMAIL_FIRST);

    const { member } = await paidOrg();
    const staff = await signUp(ctx.app);
    await ctx.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', await userIdOf(ctx.app, staff)).execute();
    const username = (await ctx.app.db.selectFrom('user').select('username').where('email', '=', member.email).executeTakeFirstOrThrow()).username;
    const asMember = (await ctx.app.inject({ method: 'PATCH', url: '/login_', headers: bearer(staff.token), payload: { username } })).body;
    const memberOrg = (await ctx.app.db.selectFrom('organization_membership').select('is_member_of__organization').where('user', '=', await userIdOf(ctx.app, member)).executeTakeFirstOrThrow()).is_member_of__organization;
    const loggedInAs = await submit(asMember, memberOrg, { subject: 's', comment: { body: 'b' } });
    expect(loggedInAs.statusCode).toBe(403);
    expect(loggedInAs.json().error).toBe(NOT_WHILE_LOGGED_IN_AS_SUPPORT);
    expect((await get(asMember, memberOrg, 'access')).json()).toMatchObject({ canFileTicket: false });
  });

  it('checks the form: required fields, options, unknown fields, someone else’s attachment', async () => {
    const { admin, member, orgId } = await paidOrg();
    const blank = await submit(member.token, orgId, { subject: '   ', comment: { body: 'b' } });
    expect(blank.statusCode).toBe(400);
    const badOption = await submit(member.token, orgId, { subject: 's', comment: { body: 'b' }, custom_fields: [{ id: await fieldId(member.token, orgId, 'priority'), value: 'yesterday' }] });
    expect(badOption.statusCode).toBe(400);
    const subjectAsCustom = await submit(member.token, orgId, { subject: 's', comment: { body: 'b' }, custom_fields: [{ id: await fieldId(member.token, orgId, 'subject'), value: 'x' }] });
    expect(subjectAsCustom.statusCode).toBe(400);
    const badCc = await submit(member.token, orgId, { subject: 's', comment: { body: 'b' }, email_ccs: [{ user_email: 'not an email', action: 'put' }] });
    expect(badCc.statusCode).toBe(400);

    const theirs = (await upload(admin.token, orgId, 'a.txt', Buffer.from('x'))).json() as { token: string };
    const before = await ctx.app.db.selectFrom('support_ticket').select((eb) => eb.fn.countAll().as('n')).where('is_for__organization', '=', orgId).executeTakeFirstOrThrow();
    const stolen = await submit(member.token, orgId, { subject: 's', comment: { body: 'b', uploads: [theirs.token] } });
    expect(stolen.statusCode).toBe(400);
    const after = await ctx.app.db.selectFrom('support_ticket').select((eb) => eb.fn.countAll().as('n')).where('is_for__organization', '=', orgId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an attachment over 5 MB with support_attachment_exceed_limit, and keeps nothing of it', async () => {
    const { member, orgId } = await paidOrg();
    const res = await upload(member.token, orgId, 'big.bin', Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('support_attachment_exceed_limit');
    const kept = await ctx.app.db.selectFrom('support_attachment').select('id').where('filename', '=', 'big.bin').execute();
    expect(kept).toEqual([]);
    const exact = await upload(member.token, orgId, 'exact.bin', Buffer.alloc(5 * 1024 * 1024, 1));
    expect(exact.statusCode, exact.body).toBe(201);
  });

  it('reads no file from a caller who may not file a ticket', async () => {
    const { admin, orgId } = await orgWithAdmin(ctx.app);
    await verify(admin);
    const res = await upload(admin.token, orgId, 'x.txt', Buffer.from('x'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(NO_PRIVATE_SUPPORT);
  });
});
