// balena-sdk models.organization.membership, models.team (membership, applicationAccess) and
// models.application.membership against a live Flotilla server (issue 4; compat/balena-api.md §6.3).
import { describe, expect, it } from 'vitest';
import { joinOrganization as joinOrganizationAs, orgAndFleet, signedUpSdk, unique, useLiveServer, type Sdk, type SignedUp } from './sdk-fixtures.ts';

const server = useLiveServer();

/** Adds `user` to the organization as a plain member (sdk-fixtures.ts joinOrganization). */
async function joinOrganization(_admin: Sdk, orgId: number, user: SignedUp): Promise<number> {
  const { id: userId } = await user.sdk.auth.getUserInfo();
  return joinOrganizationAs(server.current, orgId, userId);
}

describe('organization.membership', () => {
  it('lists, gets, changes the role of and removes members; the last administrator stays', async () => {
    const alice = await signedUpSdk(server.current);
    const bob = await signedUpSdk(server.current);
    const { orgId, handle } = await orgAndFleet(alice.sdk);
    const bobMembership = await joinOrganization(alice.sdk, orgId, bob);
    const all = await alice.sdk.models.organization.membership.getAllByOrganization(handle, {
      $select: 'id',
      $expand: { user: { $select: 'username' }, organization_membership_role: { $select: 'name' } },
      $orderby: { id: 'asc' },
    });
    expect(all.map((m) => [m.user[0]!.username, m.organization_membership_role[0]!.name])).toEqual([
      [alice.username, 'administrator'],
      [bob.username, 'member'],
    ]);
    expect((await alice.sdk.models.organization.membership.getAllByUser(bob.username, { $filter: { is_member_of__organization: orgId } })).length).toBe(1);
    expect((await alice.sdk.models.organization.membership.get(bobMembership, { $select: 'id' })).id).toBe(bobMembership);

    // The last administrator can neither leave nor be demoted.
    const aliceMembership = all[0]!.id;
    await expect(alice.sdk.models.organization.membership.remove(aliceMembership)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('errors.cannot_delete_last_organization_admin'),
    });
    await expect(alice.sdk.models.organization.membership.changeRole(aliceMembership, 'member')).rejects.toMatchObject({ statusCode: 409 });
    // A member cannot promote themselves; the administrator can.
    await expect(bob.sdk.models.organization.membership.changeRole(bobMembership, 'administrator')).rejects.toMatchObject({ statusCode: 401 });
    await alice.sdk.models.organization.membership.changeRole(bobMembership, 'administrator');
    await alice.sdk.models.organization.membership.changeRole(bobMembership, 'member');
    await alice.sdk.models.organization.membership.remove(bobMembership);
    expect((await alice.sdk.models.organization.membership.getAllByOrganization(orgId)).length).toBe(1);
  });

  it('sets and removes member tags', async () => {
    const alice = await signedUpSdk(server.current);
    const bob = await signedUpSdk(server.current);
    const { orgId } = await orgAndFleet(alice.sdk);
    const bobMembership = await joinOrganization(alice.sdk, orgId, bob);
    const tags = alice.sdk.models.organization.membership.tags;
    await tags.set(bobMembership, 'desk', '4');
    await tags.set(bobMembership, 'desk', '5');
    expect((await tags.getAllByOrganizationMembership(bobMembership)).map((t) => [t.tag_key, t.value])).toEqual([['desk', '5']]);
    expect((await tags.getAllByOrganization(orgId)).map((t) => t.tag_key)).toEqual(['desk']);
    await expect(bob.sdk.models.organization.membership.tags.set(bobMembership, 'desk', '9')).rejects.toMatchObject({ statusCode: 401 });
    await tags.remove(bobMembership, 'desk');
    expect(await tags.getAllByOrganizationMembership(bobMembership)).toEqual([]);
  });
});

describe('team', () => {
  it('creates, lists, gets, renames and removes teams; names are unique in the organization', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { orgId, handle } = await orgAndFleet(sdk);
    const ops = await sdk.models.team.create(handle, 'Ops');
    const dev = await sdk.models.team.create(orgId, 'Dev');
    await expect(sdk.models.team.create(orgId, 'OPS')).rejects.toMatchObject({ statusCode: 409 });
    expect((await sdk.models.team.getAllByOrganization(handle, { $orderby: { name: 'asc' } })).map((t) => t.name)).toEqual(['Dev', 'Ops']);
    await sdk.models.team.rename(dev.id, 'Developers');
    expect((await sdk.models.team.get(dev.id, { $select: 'name' })).name).toBe('Developers');
    await expect(sdk.models.team.rename(dev.id, 'ops')).rejects.toMatchObject({ statusCode: 409 });
    await sdk.models.team.remove(ops.id);
    expect((await sdk.models.team.getAllByOrganization(orgId)).map((t) => t.id)).toEqual([dev.id]);
  });

  it('adds members by username, lists and removes them; only organization members may join', async () => {
    const alice = await signedUpSdk(server.current);
    const bob = await signedUpSdk(server.current);
    const carol = await signedUpSdk(server.current);
    const { orgId } = await orgAndFleet(alice.sdk);
    await joinOrganization(alice.sdk, orgId, bob);
    const team = await alice.sdk.models.team.create(orgId, 'Ops');
    const membership = await alice.sdk.models.team.membership.create({ team: team.id, username: bob.username });
    const members = await alice.sdk.models.team.membership.getAllByTeam(team.id, { $expand: { user: { $select: 'username' } } });
    expect(members.map((m) => m.user[0]!.username)).toEqual([bob.username]);
    expect((await alice.sdk.models.team.membership.get(membership.id, { $select: 'id' })).id).toBe(membership.id);
    await expect(alice.sdk.models.team.membership.create({ team: team.id, username: carol.username })).rejects.toMatchObject({ statusCode: 403 });
    // An unknown username gets the outsider's answer: usernames cannot be enumerated this way.
    await expect(alice.sdk.models.team.membership.create({ team: team.id, username: `nobody${unique()}` })).rejects.toMatchObject({ statusCode: 403 });
    await alice.sdk.models.team.membership.remove(membership.id);
    expect(await alice.sdk.models.team.membership.getAllByTeam(team.id)).toEqual([]);
  });

  it('grants, changes and revokes a team’s access to a fleet; members gain and lose access with it', async () => {
    const alice = await signedUpSdk(server.current);
    const bob = await signedUpSdk(server.current);
    const { orgId, slug, fleetId } = await orgAndFleet(alice.sdk);
    await joinOrganization(alice.sdk, orgId, bob);
    const team = await alice.sdk.models.team.create(orgId, 'Ops');
    const membership = await alice.sdk.models.team.membership.create({ team: team.id, username: bob.username });
    await expect(bob.sdk.models.application.get(slug)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });

    const access = await alice.sdk.models.team.applicationAccess.add(team.id, slug, 'observer');
    expect((await alice.sdk.models.team.applicationAccess.getAllByTeam(team.id)).map((a) => a.id)).toEqual([access.id]);
    const got = await alice.sdk.models.team.applicationAccess.get(access.id, { $expand: { application_membership_role: { $select: 'name' } } });
    expect(got.application_membership_role[0]!.name).toBe('observer');
    expect((await bob.sdk.models.application.get(slug, { $select: 'id' })).id).toBe(fleetId);
    await expect(bob.sdk.models.application.rename(fleetId, `obs${unique()}`)).rejects.toMatchObject({ statusCode: 401 });

    await alice.sdk.models.team.applicationAccess.update(access.id, 'developer');
    const name = `dev${unique()}`;
    await bob.sdk.models.application.rename(fleetId, name);
    expect((await alice.sdk.models.application.get(fleetId, { $select: 'app_name' })).app_name).toBe(name);

    // Leaving the team (removing oneself is always allowed) ends the access at once.
    await bob.sdk.models.team.membership.remove(membership.id);
    await expect(bob.sdk.models.application.get(slug)).rejects.toMatchObject({ code: 'BalenaApplicationNotFound' });
    await alice.sdk.models.team.applicationAccess.remove(access.id);
    expect(await alice.sdk.models.team.applicationAccess.getAllByTeam(team.id)).toEqual([]);
  });

  it('refuses access to a fleet of another organization', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const mine = await orgAndFleet(sdk);
    const other = await orgAndFleet(sdk);
    const team = await sdk.models.team.create(mine.orgId, 'Ops');
    await expect(sdk.models.team.applicationAccess.add(team.id, other.slug, 'developer')).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('application.membership', () => {
  it('adds an organization member by username with a role, lists, changes the role and removes', async () => {
    const alice = await signedUpSdk(server.current);
    const bob = await signedUpSdk(server.current);
    const { orgId, slug, fleetId } = await orgAndFleet(alice.sdk);
    await joinOrganization(alice.sdk, orgId, bob);
    const membership = await alice.sdk.models.application.membership.create({ application: slug, username: bob.username, roleName: 'observer' });
    const all = await alice.sdk.models.application.membership.getAllByApplication(fleetId, {
      $expand: { user: { $select: 'username' }, application_membership_role: { $select: 'name' } },
    });
    expect(all.map((m) => [m.user[0]!.username, m.application_membership_role[0]!.name])).toEqual([[bob.username, 'observer']]);
    expect((await alice.sdk.models.application.membership.get(membership.id, { $select: 'id' })).id).toBe(membership.id);
    await alice.sdk.models.application.membership.changeRole(membership.id, 'developer');
    const [changed] = await alice.sdk.models.application.membership.getAllByApplication(slug, { $expand: { application_membership_role: { $select: 'name' } } });
    expect(changed!.application_membership_role[0]!.name).toBe('developer');
    await alice.sdk.models.application.membership.remove(membership.id);
    expect(await alice.sdk.models.application.membership.getAllByApplication(slug)).toEqual([]);
  });

  it('defaults the role to developer, and refuses a user outside the organization', async () => {
    const alice = await signedUpSdk(server.current);
    const bob = await signedUpSdk(server.current);
    const carol = await signedUpSdk(server.current);
    const { orgId, slug } = await orgAndFleet(alice.sdk);
    await joinOrganization(alice.sdk, orgId, bob);
    await alice.sdk.models.application.membership.create({ application: slug, username: bob.username });
    const [m] = await alice.sdk.models.application.membership.getAllByApplication(slug, { $expand: { application_membership_role: { $select: 'name' } } });
    expect(m!.application_membership_role[0]!.name).toBe('developer');
    // The SDK checks organization membership itself first; the server enforces the same rule.
    await expect(alice.sdk.models.application.membership.create({ application: slug, username: carol.username })).rejects.toThrow(/member of the organization/);
    const { id: carolId } = await carol.sdk.auth.getUserInfo();
    const { id: fleetId } = await alice.sdk.models.application.get(slug, { $select: 'id' });
    await expect(
      alice.sdk.pine.post({ resource: 'user_application_membership', body: { username: carol.username, is_member_of__application: fleetId } as never }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(alice.sdk.pine.post({ resource: 'user_application_membership', body: { user: carolId, is_member_of__application: fleetId } })).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
