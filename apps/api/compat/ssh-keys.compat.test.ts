// balena-sdk models.key (SSH public keys, resource user__has__public_key) against a live
// Flotilla server (compat/balena-api.md; accounts spec §3 ssh key, §5 key validation).
import { describe, expect, it } from 'vitest';
import { recordStatuses, sdkFor, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';
import { ed25519Key } from '../src/test/ssh-public-key.ts';

const server = useLiveServer();

interface KeyRow {
  id: number;
  title: string;
  public_key: string;
  fingerprint: string | null;
  user: { __id: number };
  created_at: string;
}

describe('ssh keys (models.key)', () => {
  it('creates a key (trimmed, fingerprinted, owned by the caller), gets it, lists it and removes it', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { id: userId } = await sdk.auth.getUserInfo();
    const { publicKey, fingerprint } = ed25519Key();
    const statuses = recordStatuses(sdk);

    const created = (await sdk.models.key.create('Laptop', `  ${publicKey}\n`)) as unknown as KeyRow;
    expect(statuses.at(-1)).toMatchObject({ status: 201 });
    expect(created).toMatchObject({ id: expect.any(Number), title: 'Laptop', public_key: publicKey, fingerprint, user: { __id: userId } });

    const second = ed25519Key('ci');
    await sdk.models.key.create('CI runner', second.publicKey);

    const fetched = (await sdk.models.key.get(created.id)) as unknown as KeyRow;
    expect(fetched).toMatchObject({ id: created.id, title: 'Laptop', public_key: publicKey, fingerprint });
    expect(new Date(fetched.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const all = (await sdk.models.key.getAll({ $select: ['title', 'fingerprint'], $orderby: { title: 'asc' } } as never)) as unknown as KeyRow[];
    expect(all).toEqual([
      { title: 'CI runner', fingerprint: second.fingerprint },
      { title: 'Laptop', fingerprint },
    ]);

    await sdk.models.key.remove(created.id);
    await expect(sdk.models.key.get(created.id)).rejects.toMatchObject({ code: 'BalenaKeyNotFound' });
    expect(((await sdk.models.key.getAll({ $select: ['title'] })) as unknown as KeyRow[]).map((k) => k.title)).toEqual(['CI runner']);
  });

  it('refuses an unsupported or malformed key and a blank title with 400, saving nothing', async () => {
    const { sdk } = await signedUpSdk(server.current);
    await expect(sdk.models.key.create('Bad', 'ssh-foo AAAAB3NzaC1yc2E')).rejects.toMatchObject({
      code: 'BalenaRequestError',
      statusCode: 400,
      body: expect.stringContaining('Invalid public key'),
    });
    await expect(sdk.models.key.create('Bad', 'not a key at all')).rejects.toMatchObject({ statusCode: 400 });
    await expect(sdk.models.key.create('   ', ed25519Key().publicKey)).rejects.toMatchObject({
      statusCode: 400,
      body: expect.stringContaining('A title is required'),
    });
    expect(await sdk.models.key.getAll()).toEqual([]);
  });

  it("keeps each user's keys private: another user can neither see, fetch, remove nor add to them", async () => {
    const owner = await signedUpSdk(server.current);
    const other = await signedUpSdk(server.current);
    const key = (await owner.sdk.models.key.create('Owner key', ed25519Key().publicKey)) as unknown as KeyRow;

    expect(await other.sdk.models.key.getAll()).toEqual([]);
    await expect(other.sdk.models.key.get(key.id)).rejects.toMatchObject({ code: 'BalenaKeyNotFound' });
    // The delete is scoped to the caller's rows: it matches nothing, and the key stays.
    await other.sdk.models.key.remove(key.id).catch(() => undefined);
    expect(await owner.sdk.models.key.get(key.id)).toMatchObject({ id: key.id, title: 'Owner key' });

    // Creating a key for someone else over the raw resource is refused.
    const { id: ownerUserId } = await owner.sdk.auth.getUserInfo();
    await expect(
      other.sdk.pine.post({ resource: 'user__has__public_key', body: { title: 'Planted', public_key: ed25519Key().publicKey, user: ownerUserId } }),
    ).rejects.toMatchObject({ statusCode: expect.any(Number) });
    const titles = ((await owner.sdk.models.key.getAll({ $select: ['title'] })) as unknown as KeyRow[]).map((k) => k.title);
    expect(titles).toEqual(['Owner key']);
  });

  it('needs a session: an anonymous client cannot add keys and reads none', async () => {
    const { sdk } = await signedUpSdk(server.current);
    await sdk.models.key.create('Existing', ed25519Key().publicKey);
    const anon = sdkFor(server.current);
    await expect(anon.models.key.create('x', ed25519Key().publicKey)).rejects.toMatchObject({ code: 'BalenaNotLoggedIn' });
    // As on balena, reads are filtered by the caller's permissions: nobody's keys for nobody.
    expect(await anon.models.key.getAll()).toEqual([]);
  });
});
