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

  it('lists the caller’s organizations in name order', async () => {
    const { sdk } = await signedUpSdk(server.current);
    await sdk.models.organization.create({ name: `zeta ${unique()}` });
    await sdk.models.organization.create({ name: `alpha ${unique()}` });
    const all = await sdk.models.organization.getAll({ $select: ['name', 'handle'] });
    expect(all).toHaveLength(2);
    expect(all.map((o) => o.name.split(' ')[0])).toEqual(['alpha', 'zeta']);
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
