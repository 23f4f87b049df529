// balena-sdk models.organization.invite and models.application.invite against a live Flotilla
// server (compat/balena-api.md §6.3: `invitee` posted as an email; /org/v1 and /user/v1 accept).
import { describe, expect, it } from 'vitest';
import { listLatestEmails } from '../src/email/outbox.repository.ts';
import { orgAndFleet, recordStatuses, sdkFor, signedUpSdk, unique, useLiveServer, type Sdk } from './sdk-fixtures.ts';

const server = useLiveServer();

/** The invitation token from the latest email to `email`, as its recipient would click it. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await listLatestEmails(server.current.app.db, { to: email, limit: 1 });
  const link = /https?:\/\/\S+\/invitation\/(\S+)/.exec(mail?.text_body ?? '');
  expect(link, mail?.text_body).not.toBeNull();
  return (link as RegExpExecArray)[1] as string;
}

async function inviteeEmails(sdk: Sdk, invites: Array<{ invitee: unknown }>): Promise<string[]> {
  const ids = invites.map((i) => (i.invitee as { __id: number }).__id);
  const rows = await sdk.pine.get({ resource: 'invitee', options: { $select: ['email'], $filter: { id: { $in: ids } } } });
  return rows.map((r) => r.email).sort();
}

describe('organization invites', () => {
  it('create, getAll, getAllByOrganization, revoke', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    const email = `inv${unique()}@example.com`;
    const statuses = recordStatuses(sdk);
    const created = await sdk.models.organization.invite.create(org.handle, { invitee: email, roleName: 'member', message: 'Join us\nplease' });
    expect(statuses.at(-1)).toMatchObject({ status: 201 });
    expect(created).toMatchObject({ is_invited_to__organization: { __id: org.id }, message: 'Join us\nplease' });

    const byOrg = await sdk.models.organization.invite.getAllByOrganization(org.handle);
    expect(byOrg.map((i) => i.id)).toEqual([created.id]);
    expect(await inviteeEmails(sdk, byOrg)).toEqual([email]);
    const all = await sdk.models.organization.invite.getAll({ $filter: { is_invited_to__organization: org.id } });
    expect(all.map((i) => i.id)).toEqual([created.id]);

    await sdk.models.organization.invite.revoke(created.id);
    expect(await sdk.models.organization.invite.getAllByOrganization(org.id)).toEqual([]);
  });

  it('reports the spec messages for a bad email and a repeated invite, and an unknown role name', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    await expect(sdk.models.organization.invite.create(org.id, { invitee: 'nope' })).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('fields_errors.invalid_email') });
    const email = `inv${unique()}@example.com`;
    await sdk.models.organization.invite.create(org.id, { invitee: email });
    await expect(sdk.models.organization.invite.create(org.id, { invitee: email })).rejects.toMatchObject({ statusCode: 409, message: expect.stringContaining('invitee_already_invited') });
    await expect(sdk.models.organization.invite.create(org.id, { invitee: `x${email}`, roleName: 'emperor' })).rejects.toMatchObject({ code: 'BalenaOrganizationMembershipRoleNotFound' });
  });

  it('accept: the invited user joins the organization; others cannot', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    const invited = await signedUpSdk(server.current);
    await sdk.models.organization.invite.create(org.handle, { invitee: invited.email });
    const token = await tokenMailedTo(invited.email);

    const stranger = await signedUpSdk(server.current);
    await expect(stranger.sdk.models.organization.invite.accept(token)).rejects.toMatchObject({ statusCode: 403 });

    await invited.sdk.models.organization.invite.accept(token);
    const mine = await invited.sdk.models.organization.getAll({ $select: ['id'] });
    expect(mine.map((o) => o.id)).toContain(org.id);
    await expect(invited.sdk.models.organization.invite.accept(token)).rejects.toMatchObject({ statusCode: 400 });
    // A member is not an administrator: the pending invite list stays closed to them.
    await sdk.models.organization.invite.create(org.handle, { invitee: `later${unique()}@example.com` });
    expect(await invited.sdk.models.organization.invite.getAllByOrganization(org.id)).toEqual([]);
  });
});

describe('application invites', () => {
  it('create (developer by default), getAllByApplication, revoke', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const email = `inv${unique()}@example.com`;
    const created = await sdk.models.application.invite.create(fleet.slug, { invitee: email, message: 'hello' });
    const developer = (await sdk.pine.get({ resource: 'application_membership_role', options: { $select: ['id'], $filter: { name: 'developer' } } }))[0];
    expect(created).toMatchObject({ is_invited_to__application: { __id: fleet.fleetId }, application_membership_role: { __id: developer?.id } });
    const list = await sdk.models.application.invite.getAllByApplication(fleet.slug);
    expect(list.map((i) => i.id)).toEqual([created.id]);
    expect(await inviteeEmails(sdk, list)).toEqual([email]);
    await sdk.models.application.invite.revoke(created.id);
    expect(await sdk.models.application.invite.getAllByApplication(fleet.fleetId)).toEqual([]);
  });

  it('accept: the invited user gets the fleet with the chosen role', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const fleet = await orgAndFleet(sdk);
    const invited = await signedUpSdk(server.current);
    await sdk.models.application.invite.create(fleet.fleetId, { invitee: invited.email.toUpperCase(), roleName: 'observer' });
    const token = await tokenMailedTo(invited.email);
    await invited.sdk.models.application.invite.accept(token);
    const app = await invited.sdk.models.application.get(fleet.slug, { $select: ['id'] });
    expect(app.id).toBe(fleet.fleetId);
    const { id: userId } = await invited.sdk.auth.getUserInfo();
    const memberships = await sdk.pine.get({
      resource: 'user_application_membership',
      options: { $select: ['id'], $filter: { user: userId, is_member_of__application: fleet.fleetId }, $expand: { application_membership_role: { $select: ['name'] } } },
    });
    expect(memberships).toEqual([expect.objectContaining({ application_membership_role: [{ name: 'observer' }] })]);
    // Anonymous accept is "not logged in".
    const anonymous = sdkFor(server.current);
    await expect(anonymous.models.application.invite.accept(token)).rejects.toMatchObject({ code: 'BalenaNotLoggedIn' });
  });
});
