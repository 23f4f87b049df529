// balena-sdk models.organization against a live Flotilla server (compat/balena-api.md §2.11 #27).
import { describe, expect, it } from 'vitest';
import { recordStatuses, signedUpSdk, unique, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

describe('organizations', () => {
  it('creates an organization with a generated handle and makes the creator a member', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const statuses = recordStatuses(sdk);
    const name = `Acme Robotics ${unique()}`;
    const org = await sdk.models.organization.create({ name });
    expect(statuses.at(-1)).toMatchObject({ status: 201 });
    expect(org.name).toBe(name);
    expect(org.handle).toMatch(/^[a-z0-9_-]+$/i);
    expect(typeof org.id).toBe('number');
    const { id: userId } = await sdk.auth.getUserInfo();
    // The CLI's "own orgs" query (§8 `organization list`).
    const own = await sdk.pine.get({
      resource: 'organization',
      options: { $orderby: { name: 'asc' }, $select: ['name', 'handle'], $filter: { organization_membership: { $any: { $alias: 'orm', $expr: { orm: { user: userId } } } } } },
    });
    expect(own.map((o) => o.handle)).toContain(org.handle);
  });

  it('lists the caller’s organizations in name order, the personal one included', async () => {
    const { sdk, username } = await signedUpSdk(server.current);
    await sdk.models.organization.create({ name: `zeta ${unique()}` });
    await sdk.models.organization.create({ name: `alpha ${unique()}` });
    const all = await sdk.models.organization.getAll({ $select: ['name', 'handle'] });
    expect(all).toHaveLength(3);
    // Usernames here start with "u" (u<hex>@example.com), between alpha and zeta.
    expect(all.map((o) => o.name.split(' ')[0])).toEqual(['alpha', username, 'zeta']);
  });

  it('gives a new user a personal organization named after the username, with the user as administrator', async () => {
    const { sdk, username } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.get(username, { $select: ['id', 'name', 'handle'] });
    expect(org).toMatchObject({ name: username, handle: username });
    const [membership] = await sdk.models.organization.membership.getAllByOrganization(org.id, {
      $select: 'id',
      $expand: { organization_membership_role: { $select: 'name' } },
    });
    expect(membership!.organization_membership_role[0]!.name).toBe('administrator');
  });

  it('renames an organization and changes its logo through pine; rejects a duplicate name (409) and a bad logo (400)', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Before ${unique()}` });
    const other = await sdk.models.organization.create({ name: `Taken ${unique()}` });
    await sdk.pine.patch({ resource: 'organization', id: org.id, body: { name: 'After' } });
    const logo = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')}`;
    // The SDK types logo_image as a WebResource on reads; on the wire a data URL string is sent.
    await sdk.pine.patch({ resource: 'organization', id: org.id, body: { logo_image: logo } as never });
    expect(await sdk.models.organization.get(org.id, { $select: ['name', 'logo_image'] })).toMatchObject({ name: 'After', logo_image: logo });
    await expect(sdk.pine.patch({ resource: 'organization', id: other.id, body: { name: 'AFTER' } })).rejects.toMatchObject({ statusCode: 409 });
    await expect(sdk.pine.patch({ resource: 'organization', id: org.id, body: { logo_image: 'data:image/gif;base64,R0lGODlh' } as never })).rejects.toMatchObject({ statusCode: 400 });
    await expect(sdk.models.organization.create({ name: 'after' })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('removes an organization without fleets, and refuses one that has fleets', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const empty = await sdk.models.organization.create({ name: `Empty ${unique()}` });
    await sdk.models.organization.remove(empty.id);
    await expect(sdk.models.organization.get(empty.id)).rejects.toMatchObject({ code: 'BalenaOrganizationNotFound' });
    const busy = await sdk.models.organization.create({ name: `Busy ${unique()}` });
    await sdk.models.application.create({ name: `fleet${unique()}`, deviceType: 'raspberrypi4-64', organization: busy.handle });
    await expect(sdk.models.organization.remove(busy.id)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('gets an organization by handle and by id, and reports a missing one as BalenaOrganizationNotFound', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const org = await sdk.models.organization.create({ name: `Org ${unique()}` });
    expect((await sdk.models.organization.get(org.handle, { $select: ['id', 'name'] })).id).toBe(org.id);
    expect((await sdk.models.organization.get(org.id, { $select: ['handle'] })).handle).toBe(org.handle);
    await expect(sdk.models.organization.get(`nohandle${unique()}`)).rejects.toMatchObject({ code: 'BalenaOrganizationNotFound' });
  });

  it('hides other users’ organizations (not found, not forbidden)', async () => {
    const { sdk: alice } = await signedUpSdk(server.current);
    const org = await alice.models.organization.create({ name: `Private ${unique()}` });
    const { sdk: bob } = await signedUpSdk(server.current);
    const statuses = recordStatuses(bob);
    await expect(bob.models.organization.get(org.handle)).rejects.toMatchObject({ code: 'BalenaOrganizationNotFound' });
    expect(statuses.at(-1)?.status).toBe(200);
    expect((await bob.models.organization.getAll()).map((o) => o.id)).not.toContain(org.id);
    await expect(bob.pine.patch({ resource: 'organization', id: org.id, body: { name: 'pwned' } })).rejects.toMatchObject({ statusCode: 404 });
    expect((await alice.models.organization.get(org.id, { $select: ['name'] })).name).not.toBe('pwned');
  });

  it('rejects an organization without a name', async () => {
    const { sdk } = await signedUpSdk(server.current);
    await expect(sdk.models.organization.create({ name: '' })).rejects.toMatchObject({ statusCode: 400 });
  });
});
