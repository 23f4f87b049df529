import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fleetMatrix, send, type FleetWorld, type UserWho } from '../model/access/matrix-harness.ts';
import { HREF_BUCKET_SECONDS, HREF_LIFETIME_SECONDS, hrefKeyValid, signedHref } from './asset-href.ts';

/**
 * Release assets end to end through the real HTTP API (balena-sdk `release.asset.upload` for a
 * small file: multipart POST/PATCH /v7/release_asset; `download` fetches asset.href): who may
 * upload, replace, read and download (fleets spec §6: developers write releases, observers
 * read them, an outsider sees nothing), and that deleting the row leaves no reachable file.
 */
const m = fleetMatrix();

function form(fields: Record<string, string | number>, file?: { field?: string; name: string; type: string; body: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  if (file) fd.append(file.field ?? 'asset', new Blob([file.body], { type: file.type }), file.name);
  return fd;
}

const as = (who: UserWho | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => send(m.ctx, who && m.users[who].token, method, url, payload);
const pathOf = (href: string) => {
  const u = new URL(href);
  return `${u.pathname}${u.search}`;
};

async function upload(who: UserWho, w: FleetWorld, key = 'notes.txt', body = 'hello fleet') {
  return as(who, 'POST', '/v7/release_asset', form({ release: w.releaseId, asset_key: key }, { name: 'notes.txt', type: 'text/plain', body }));
}

describe('release asset upload and download', () => {
  it('a developer uploads a file; it reads back with filename, type, size and an href that downloads it', async () => {
    const w = await m.makeWorld();
    const res = await upload('developer', w);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: number; asset: { filename: string; content_type: string; size: number; href: string } };
    expect(created.asset).toMatchObject({ filename: 'notes.txt', content_type: 'text/plain', size: 11 });
    expect(created.asset.href).toMatch(new RegExp(`^http://localhost(:\\d+)?/release-asset/v1/${created.id}/download\\?key=`));

    const read = await as('observer', 'GET', `/v7/release_asset(${created.id})?$select=asset_key,asset`);
    expect(read.json().d).toEqual([{ asset_key: 'notes.txt', asset: created.asset }]);

    // The href alone (the SDK sends no token with it).
    const dl = await as(undefined, 'GET', pathOf(created.asset.href));
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('hello fleet');
    expect(dl.headers['content-type']).toMatch(/^text\/plain/);
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    expect(dl.headers['content-security-policy']).toContain('sandbox');
  });

  it('without the key, a reader of the row downloads with its own session; an outsider, a wrong key and a missing row are the same 404', async () => {
    const w = await m.makeWorld();
    const { id, asset } = (await upload('developer', w)).json() as { id: number; asset: { href: string } };
    const bare = `/release-asset/v1/${id}/download`;
    for (const who of ['observer', 'developer', 'org-member'] as const) {
      const r = await as(who, 'GET', bare);
      expect(r.statusCode, `${who}: ${r.body}`).toBe(who === 'org-member' ? 404 : 200);
    }
    const outsider = await as('outsider', 'GET', bare);
    expect(outsider.statusCode).toBe(404);
    const missing = await as('outsider', 'GET', '/release-asset/v1/2147483000/download');
    expect(outsider.body).toBe(missing.body);
    expect((await as(undefined, 'GET', bare)).statusCode).toBe(404);
    expect((await as(undefined, 'GET', `${bare}?key=${'x'.repeat(32)}`)).statusCode).toBe(404);
    expect((await as('outsider', 'GET', pathOf(asset.href))).statusCode).toBe(200);
  });

  it('takes a form whose file comes before its fields (balena-sdk keeps the caller\u2019s order), checked once read', async () => {
    const w = await m.makeWorld();
    const fileFirst = (key: string) => {
      const fd = new FormData();
      fd.append('asset', new Blob(['first'], { type: 'text/plain' }), 'first.txt');
      fd.append('release', String(w.releaseId));
      fd.append('asset_key', key);
      return fd;
    };
    const ok = await as('developer', 'POST', '/v7/release_asset', fileFirst('first.txt'));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().asset).toMatchObject({ filename: 'first.txt', size: 5 });
    expect((await as('observer', 'POST', '/v7/release_asset', fileFirst('nope.txt'))).statusCode).toBe(401);
    expect(await m.count('release_asset', { release: w.releaseId })).toBe(1);
  });

  it('an observer may not upload; an outsider’s upload to a release it cannot see creates nothing', async () => {
    const w = await m.makeWorld();
    const observer = await upload('observer', w, 'obs.txt');
    expect(observer.statusCode, observer.body).toBe(401);
    const outsider = await upload('outsider', w, 'out.txt');
    expect([400, 401], outsider.body).toContain(outsider.statusCode);
    expect(await m.count('release_asset', { release: w.releaseId })).toBe(0);
    expect((await as(undefined, 'POST', '/v7/release_asset', form({ release: w.releaseId, asset_key: 'anon' }, { name: 'a', type: 'text/plain', body: 'a' }))).statusCode).toBe(401);
  });

  it('PATCH with a file replaces it (the old href stops working); an observer gets 401, an outsider 404', async () => {
    const w = await m.makeWorld();
    const first = (await upload('developer', w)).json() as { id: number; asset: { href: string } };
    const patch = (who: UserWho, body: string) => as(who, 'PATCH', `/v7/release_asset(${first.id})`, form({}, { name: 'v2.bin', type: 'application/octet-stream', body }));
    expect((await patch('observer', 'nope')).statusCode).toBe(401);
    expect((await patch('outsider', 'nope')).statusCode).toBe(404);
    const ok = await patch('developer', 'second version');
    expect(ok.statusCode, ok.body).toBe(200);
    const now = (await as('developer', 'GET', `/v7/release_asset(${first.id})?$select=asset`)).json().d[0].asset as { href: string; filename: string; size: number };
    expect(now).toMatchObject({ filename: 'v2.bin', size: 14 });
    expect((await as(undefined, 'GET', pathOf(first.asset.href))).statusCode).toBe(404);
    const dl = await as(undefined, 'GET', pathOf(now.href));
    expect(dl.body).toBe('second version');
    expect(dl.headers['content-type']).toBe('application/octet-stream');
  });

  it('refuses what is not an upload: multipart elsewhere (415), no file, a stray field, a bad key, a client-made asset JSON (400)', async () => {
    const w = await m.makeWorld();
    const elsewhere = await as('developer', 'POST', '/v7/release_tag', form({ release: w.releaseId, tag_key: 'k', value: 'v' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(415);
    const noFile = await as('developer', 'POST', '/v7/release_asset', form({ release: w.releaseId, asset_key: 'x' }));
    expect(noFile.statusCode, noFile.body).toBe(400);
    const wrongField = await as('developer', 'POST', '/v7/release_asset', form({ release: w.releaseId, asset_key: 'x' }, { field: 'file', name: 'a', type: 'text/plain', body: 'a' }));
    expect(wrongField.statusCode, wrongField.body).toBe(400);
    const stray = await as('developer', 'POST', '/v7/release_asset', form({ release: w.releaseId, asset_key: 'x', note: 'n' }, { name: 'a', type: 'text/plain', body: 'a' }));
    expect(stray.statusCode, stray.body).toBe(400);
    const emptyKey = await as('developer', 'POST', '/v7/release_asset', form({ release: w.releaseId, asset_key: '' }, { name: 'a', type: 'text/plain', body: 'a' }));
    expect(emptyKey.statusCode, emptyKey.body).toBe(400);
    const noSuchId = await as('developer', 'POST', '/v7/release_asset', form({ release: '99999999999', asset_key: 'x' }, { name: 'a', type: 'text/plain', body: 'a' }));
    expect(noSuchId.statusCode, noSuchId.body).toBe(400);
    const json = await as('developer', 'POST', '/v7/release_asset', { release: w.releaseId, asset_key: 'x', asset: { href: 'https://evil.example/x' } });
    expect(json.statusCode, json.body).toBe(400);
    expect(await m.count('release_asset', { release: w.releaseId })).toBe(0);
  });

  it('the href is signed per read and expires like a pre-signed URL: the row keeps no key, a leaked href stops working', async () => {
    const w = await m.makeWorld();
    const { id, asset } = (await upload('developer', w)).json() as { id: number; asset: { href: string } };
    const stored = (await sql<{ href: string; download_key: string }>`SELECT a.asset->>'href' AS href, f.download_key FROM release_asset a JOIN release_asset_file f ON f.release_asset = a.id WHERE a.id = ${id}`.execute(m.ctx.database.db)).rows[0]!;
    // The row holds the bare href: a reader of the raw row (a dump, a backup) gets no way in.
    expect(stored.href).toMatch(new RegExp(`/release-asset/v1/${id}/download$`));
    const key = new URL(asset.href).searchParams.get('key')!;
    expect(hrefKeyValid(key, stored.download_key)).toBe(true);
    const expiresAt = Number(key.split('-')[0]) * 1000;
    expect(expiresAt - Date.now()).toBeGreaterThan(HREF_LIFETIME_SECONDS * 1000 - HREF_BUCKET_SECONDS * 1000 - 5_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(HREF_LIFETIME_SECONDS * 1000);
    const bare = `/release-asset/v1/${id}/download`;
    expect((await as(undefined, 'GET', `${bare}?key=${key}`)).body).toBe('hello fleet');

    // An href read three hours ago (signed then, through the same formula) no longer downloads; nor
    // one whose time is stretched, nor the old unsigned `?key=<download key>` (hrefs before signing).
    const old = new URL(signedHref(`http://x${bare}`, stored.download_key, Date.now() - 3 * 3_600_000)).searchParams.get('key')!;
    const stretched = `${Number(key.split('-')[0]) + 86_400}-${key.split('-')[1]}`;
    for (const refused of [old, stretched, stored.download_key]) {
      const res = await as(undefined, 'GET', `${bare}?key=${encodeURIComponent(refused)}`);
      expect(res.statusCode, refused).toBe(404);
      // Errors are the sentence alone: balena-sdk streams this route (plugins/error-handler.ts).
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Release asset not found');
    }
    // The dashboard sends its session with the href it read: an expired key with a reader's session downloads.
    expect((await as('observer', 'GET', `${bare}?key=${old}`)).body).toBe('hello fleet');
    expect((await as('outsider', 'GET', `${bare}?key=${old}`)).statusCode).toBe(404);
    // Read through an expand as well, the href is signed.
    const expanded = await as('observer', 'GET', `/v7/release(${w.releaseId})?$select=id&$expand=release_asset($select=asset)`);
    expect(new URL(expanded.json().d[0].release_asset[0].asset.href).searchParams.get('key')).toBe(key);
  });

  it('deleting the asset, or its release, leaves no file behind', async () => {
    const w = await m.makeWorld();
    const a = (await upload('developer', w, 'a.txt')).json() as { id: number; asset: { href: string } };
    const b = (await upload('developer', w, 'b.txt')).json() as { id: number; asset: { href: string } };
    expect((await as('developer', 'DELETE', `/v7/release_asset(${a.id})`)).statusCode).toBe(200);
    expect((await as(undefined, 'GET', pathOf(a.asset.href))).statusCode).toBe(404);
    expect(await m.count('release_asset_file', { release_asset: a.id })).toBe(0);
    expect((await as('developer', 'DELETE', `/v7/release(${w.releaseId})`)).statusCode).toBe(200);
    expect((await as(undefined, 'GET', pathOf(b.asset.href))).statusCode).toBe(404);
    expect(await m.count('release_asset_file', { release_asset: b.id })).toBe(0);
  });
});
