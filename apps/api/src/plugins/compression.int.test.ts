// Compressed replies: JSON/text from the API on the fly (@fastify/compress), the dashboard
// from its precompressed build files (@fastify/static preCompressed), the 304 untouched.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createTestWebDist, type TestWebDist } from '../web/test-web-dist.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createRelease, newDeviceUuid } from '../devices/device-test-factories.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

let ctx: TestContext;
let dist: TestWebDist;
beforeAll(async () => {
  dist = createTestWebDist();
  ctx = await createTestApp({ webDist: dist.dir });
});
afterAll(async () => {
  await ctx?.close();
  dist?.remove();
});

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('API replies', () => {
  it('compresses a JSON reply with what the client accepts, brotli first', async () => {
    const plain = await get('/config/vars');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await get('/config/vars', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decoded(br))).toEqual(plain.json());

    // What Node's balena-request sends (compat §1.3).
    const gzip = await get('/config/vars', { 'accept-encoding': 'compress, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toContain('application/json');
    expect(JSON.parse(decoded(gzip))).toEqual(plain.json());
  });

  it('leaves a reply alone when the client accepts no encoding of ours', async () => {
    for (const acceptEncoding of ['identity', 'deflate;q=0, zstd', 'br;q=0, gzip;q=0']) {
      const res = await get('/config/vars', { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.json()).toHaveProperty('reservedNames');
    }
  });

  it('does not compress tiny replies', async () => {
    const res = await get('/ping', { 'accept-encoding': 'br, gzip' });
    expect(res.body).toBe('OK');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the target-state ETag: 200 compressed, then a bare 304', async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.app.db);
    await createRelease(ctx.app.db, fleet.applicationId, { makeTarget: true });
    // Enough fleet variables that the state is worth compressing.
    const variables = Array.from({ length: 20 }, (_, i) => ({ application: fleet.applicationId, name: `SETTING_${i}`, value: `value number ${i} of the fleet` }));
    await ctx.app.db.insertInto('application_environment_variable').values(variables).execute();
    const uuid = newDeviceUuid();
    const apiKey = generateApiKeySecret();
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/device/register',
      headers: { authorization: `Bearer ${fleet.provisioningKey}` },
      payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const headers = { authorization: `Bearer ${apiKey}`, 'accept-encoding': 'gzip' };

    const first = await get(`/device/v3/${uuid}/state`, headers);
    expect(first.statusCode).toBe(200);
    expect(decoded(first).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(JSON.parse(decoded(first))).toHaveProperty(uuid);

    const again = await get(`/device/v3/${uuid}/state`, { ...headers, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
  });
});

describe('the dashboard build', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('serves the precompressed bundle for Accept-Encoding %j', async (acceptEncoding, expected) => {
    const res = await get(dist.bundlePath, { 'accept-encoding': acceptEncoding });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(decoded(res)).toBe(dist.bundle);
  });

  it('serves the plain bundle to a client that accepts no encoding', async () => {
    const res = await get(dist.bundlePath);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(dist.bundle);
  });

  it.each(['/', '/fleets/12/devices', '/organization/invitation/eyJyIjoib3JnIn0.c2VjcmV0'])('answers the deep link %s with the precompressed index.html', async (url) => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(dist.indexHtml);
  });

  it('compresses a file that has no precompressed sibling on the fly', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toContain('<svg');
  });

  it('does not serve the compressed siblings under their own URLs', async () => {
    for (const url of [`${dist.bundlePath}.br`, `${dist.bundlePath}.gz`, '/index.html.br']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
