import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { releaseApi, type ReleaseApi } from '../releases/release-test-world.ts';

/** RELEASE_ASSET_MAX_BYTES: a larger file is 413 and leaves no row; one at the limit is stored. */
let ctx: TestContext;
let api: ReleaseApi;
beforeAll(async () => {
  ctx = await createTestApp({ releaseAssetMaxBytes: 1024 });
  api = await releaseApi(ctx);
}, 60_000);
afterAll(async () => ctx?.close());

const upload = (releaseId: number, key: string, bytes: number) => {
  const fd = new FormData();
  fd.append('release', String(releaseId));
  fd.append('asset_key', key);
  fd.append('asset', new Blob([new Uint8Array(bytes).fill(7)], { type: 'application/octet-stream' }), `${key}.bin`);
  return ctx.app.inject({ method: 'POST', url: '/v7/release_asset', payload: fd, headers: { authorization: `Bearer ${api.token}` } });
};

describe('release asset size limit', () => {
  it('answers 413 above the limit and stores nothing; at the limit the file is kept whole', async () => {
    const { id: releaseId } = await api.postRelease(await api.newFleet());
    const big = await upload(releaseId, 'big', 1025);
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().error).toMatch(/1024 bytes/);
    const fit = await upload(releaseId, 'fit', 1024);
    expect(fit.statusCode, fit.body).toBe(201);
    expect(fit.json().asset.size).toBe(1024);
    const keys = await api.v7('GET', `release_asset?$filter=release eq ${releaseId}&$select=asset_key`);
    expect(keys.json().d).toEqual([{ asset_key: 'fit' }]);
  });
});
