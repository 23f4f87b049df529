import { request, type ClientRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { releaseApi } from '../releases/release-test-world.ts';
import { fleetMatrix, send, type FleetWorld, type UserWho } from '../model/access/matrix-harness.ts';

/**
 * The SDK's chunked upload (files over 5 MiB) on small parts: beginUpload → a PUT per part to
 * the URL handed out (no token, like a pre-signed URL) → commitUpload; who may begin one; parts
 * and ETags checked; cancel and delete leave nothing behind.
 */
const m = fleetMatrix();
const as = (who: UserWho | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => send(m.ctx, who && m.users[who].token, method, url, payload);
const put = (url: string, body: string) => {
  const u = new URL(url);
  return m.ctx.app.inject({ method: 'PUT', url: u.pathname, payload: Buffer.from(body) });
};

async function emptyAsset(w: FleetWorld, key: string) {
  const res = await as('developer', 'POST', '/v7/release_asset', { release: w.releaseId, asset_key: key, asset: null });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const begin = (who: UserWho, id: number, size: number, chunk = 4) =>
  as(who, 'POST', `/v7/release_asset(${id})/beginUpload`, { asset: { filename: 'fw.bin', content_type: 'application/octet-stream', size, chunk_size: chunk } });

describe('chunked release asset upload', () => {
  it('a developer uploads in parts; the joined file downloads whole', async () => {
    const w = await m.makeWorld();
    const id = await emptyAsset(w, 'fw');
    const b = await begin('developer', id, 10);
    expect(b.statusCode, b.body).toBe(200);
    const { uuid, uploadParts } = b.json().asset as { uuid: string; uploadParts: { url: string; chunkSize: number; partNumber: number }[] };
    expect(uploadParts.map((p) => [p.partNumber, p.chunkSize])).toEqual([[1, 4], [2, 4], [3, 2]]);
    const text = 'abcdefghij';
    const Parts = [];
    for (const p of uploadParts) {
      const r = await put(p.url, text.slice((p.partNumber - 1) * 4, (p.partNumber - 1) * 4 + p.chunkSize));
      expect(r.statusCode, r.body).toBe(200);
      Parts.push({ PartNumber: p.partNumber, ETag: String(r.headers.etag).replace(/"/g, '') });
    }
    const c = await as('developer', 'POST', `/v7/release_asset(${id})/commitUpload`, { uuid, providerCommitData: { Parts } });
    expect(c.statusCode, c.body).toBe(200);
    const asset = (await as('developer', 'GET', `/v7/release_asset(${id})?$select=asset`)).json().d[0].asset as { href: string; size: number };
    expect(asset.size).toBe(10);
    const u = new URL(asset.href);
    expect((await m.ctx.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` })).body).toBe(text);
    expect(await m.count('release_asset_upload', { uuid })).toBe(0);
  });

  it('an observer may not begin (401), an outsider sees no row (404); too large is 413', async () => {
    const w = await m.makeWorld();
    const id = await emptyAsset(w, 'fw');
    expect((await begin('observer', id, 10)).statusCode).toBe(401);
    expect((await begin('outsider', id, 10)).statusCode).toBe(404);
    expect((await begin('developer', id, 200 * 1024 * 1024, 5 * 1024 * 1024)).statusCode).toBe(413);
    expect(await m.count('release_asset_upload', { release_asset: id })).toBe(0);
  });

  it('refuses a part of the wrong size, an unknown upload, a wrong ETag; cancel and delete drop the parts', async () => {
    const w = await m.makeWorld();
    const id = await emptyAsset(w, 'fw');
    const { uuid, uploadParts } = (await begin('developer', id, 6)).json().asset as { uuid: string; uploadParts: { url: string }[] };
    expect((await put(uploadParts[0]!.url, 'abc')).statusCode).toBe(400);
    expect((await put(uploadParts[0]!.url.replace(uuid, '00000000-0000-4000-8000-000000000000'), 'abcd')).statusCode).toBe(404);
    // Answered from the headers, before the body is read: an unknown upload, or a part announced
    // at another size (no one can make the server hold 100 MB per connection).
    const huge = { 'content-length': String(100 * 1024 * 1024) };
    const unknownHuge = await m.ctx.app.inject({ method: 'PUT', url: new URL(uploadParts[0]!.url.replace(uuid, '00000000-0000-4000-8000-000000000000')).pathname, headers: huge, payload: Buffer.from('x') });
    expect(unknownHuge.statusCode).toBe(404);
    const announced = await m.ctx.app.inject({ method: 'PUT', url: new URL(uploadParts[0]!.url).pathname, headers: huge, payload: Buffer.from('x') });
    expect([announced.statusCode, announced.json().error]).toEqual([400, `Part 1 must be 4 bytes, not ${100 * 1024 * 1024}`]);
    expect((await put(uploadParts[0]!.url, 'abcd')).statusCode).toBe(200);
    expect((await put(uploadParts[1]!.url, 'ef')).statusCode).toBe(200);
    const bad = await as('developer', 'POST', `/v7/release_asset(${id})/commitUpload`, { uuid, providerCommitData: { Parts: [{ PartNumber: 1, ETag: 'x' }, { PartNumber: 2, ETag: 'y' }] } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect((await as('observer', 'POST', `/v7/release_asset(${id})/cancelUpload`, { uuid })).statusCode).toBe(401);
    expect((await as('developer', 'POST', `/v7/release_asset(${id})/cancelUpload`, { uuid })).statusCode).toBe(200);
    expect(await m.count('release_asset_upload_part', { upload: uuid })).toBe(0);

    const again = (await begin('developer', id, 6)).json().asset as { uuid: string };
    expect((await as('developer', 'DELETE', `/v7/release_asset(${id})`)).statusCode).toBe(200);
    expect(await m.count('release_asset_upload', { uuid: again.uuid })).toBe(0);
  });

  it('takes balena-sdk\u2019s five parts at once, and a part beyond the memory budget waits its turn rather than failing', async () => {
    // An app of its own, whose budget holds two 4-byte parts.
    const small = await createTestApp({ releaseAssetMemoryBytes: 8 });
    try {
      const api = await releaseApi(small);
      const { id: releaseId } = await api.postRelease(await api.newFleet());
      const id = (await api.v7('POST', 'release_asset', { release: releaseId, asset_key: 'fw', asset: null })).json().id as number;
      const parts = 5;
      const began = await api.v7('POST', `release_asset(${id})/beginUpload`, { asset: { filename: 'fw.bin', content_type: 'application/octet-stream', size: parts * 4, chunk_size: 4 } });
      const { uploadParts } = began.json().asset as { uploadParts: { url: string }[] };
      const base = await small.app.listen({ port: 0, host: '127.0.0.1' });
      const open = (url: string): { req: ClientRequest; status: Promise<number> } => {
        const req = request(`${base}${new URL(url).pathname}`, { method: 'PUT', headers: { 'content-length': '4', 'content-type': 'application/octet-stream' } });
        const status = new Promise<number>((resolve, reject) => {
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
        });
        req.write('a');
        return { req, status };
      };
      // All five begin at once, as the SDK sends them; two fit, three wait.
      const sent = uploadParts.map((p) => open(p.url));
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const s of sent) s.req.end('bcd');
      expect(await Promise.all(sent.map((s) => s.status))).toEqual(Array(parts).fill(200));
      // A part whose sender went away gives its room back: the next ones still get in.
      const gone = open(uploadParts[0]!.url);
      await new Promise((resolve) => setTimeout(resolve, 100));
      gone.req.destroy();
      await gone.status.catch(() => 0);
      const again = await Promise.all(uploadParts.slice(1, 3).map((p) => small.app.inject({ method: 'PUT', url: new URL(p.url).pathname, payload: Buffer.from('abcd') })));
      expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    } finally {
      await small.close();
    }
  });
});

