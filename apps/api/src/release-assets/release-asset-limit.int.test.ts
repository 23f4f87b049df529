import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { request } from 'node:http';
import { signUp } from '../auth/test-helpers.ts';
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

  it('refuses a caller who may not write before reading a byte of the file: the answer comes while the file is still being sent', async () => {
    const { id: releaseId } = await api.postRelease(await api.newFleet());
    const outsider = await signUp(ctx.app);
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = 'flotillaboundary';
    const req = request(`${base}/v7/release_asset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${outsider.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    const answered = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
    });
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    req.write(field('release', String(releaseId)) + field('asset_key', 'probe'));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="asset"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    req.write(Buffer.alloc(512, 1));
    // The file never ends: only a refusal made before reading it can answer.
    const outcome = await Promise.race([answered, new Promise<string>((resolve) => setTimeout(() => resolve('no answer in 5 s'), 5000))]);
    expect([400, 401, 403]).toContain(outcome);
    req.destroy();
    expect((await api.v7('GET', `release_asset?$filter=release eq ${releaseId}&$select=id`)).json().d).toEqual([]);
  });
});

