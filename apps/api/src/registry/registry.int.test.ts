import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/harness.ts';
import { skopeoPush, type TestRegistry } from '../test/registry-harness.ts';
import { createFleetWithDeveloper, startAppWithRegistry, type AppWithRegistry } from '../test/registry-app.ts';
import { writeOciImage, type OciImage } from '../test/oci-image.ts';
import { createFleetWithProvisioningKey, createUserWithKey, type TestFleetWithKey } from '../devices/device-test-factories.ts';
import { callApi, registerDevice, startRelease } from './registry-test-release.ts';
import { enableTwoFactor, signIn } from '../two-factor/two-factor.test-helpers.ts';
import { RegistryClient, RegistryError } from '../../../device/src/registry-client.ts';

/**
 * The token service against the real Docker distribution registry (Debian docker-registry,
 * token auth pointed at this API): who may push and pull which repository (compat §4, §5.6).
 */

let app: AppWithRegistry;
let ctx: TestContext;
let registry: TestRegistry;
let apiUrl: string;
const images: OciImage[] = [];

beforeAll(async () => {
  app = await startAppWithRegistry();
  ({ ctx, registry, apiUrl } = app);
});
afterAll(async () => {
  await app?.close();
  for (const i of images) rmSync(i.dir, { recursive: true, force: true });
});

const createRelease = (fleet: TestFleetWithKey, key: string) => startRelease(apiUrl, fleet, key);
const api = <T,>(key: string, method: string, path: string) => callApi<T>(apiUrl, key, method, path);

function freshImage(): OciImage {
  const image = writeOciImage();
  images.push(image);
  return image;
}

async function token(auth: string, scope: string): Promise<{ status: number; access?: unknown }> {
  const res = await fetch(`${apiUrl}/auth/v1/token?service=${encodeURIComponent(registry.host)}&scope=${encodeURIComponent(scope)}`, { headers: { authorization: auth } });
  if (!res.ok) return { status: res.status };
  const body = (await res.json()) as { token: string; access_token: string; expires_in: number };
  expect(body.access_token).toBe(body.token);
  expect(body.expires_in).toBeGreaterThan(0);
  const claims = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as { access: unknown; aud: string };
  expect(claims.aud).toBe(registry.host);
  return { status: res.status, access: claims.access };
}
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('registry token service with the Docker distribution registry', () => {
  it('assigns each image a location in the configured registry', async () => {
    const { fleet, developer } = await createFleetWithDeveloper(ctx.database.db);
    const release = await createRelease(fleet, developer.apiKey);
    expect(release.location).toMatch(new RegExp(`^${registry.host.replace(/\./g, '\\.')}/v2/[0-9a-f]{32}$`));
    const read = await api<{ d: Array<{ is_stored_at__image_location: string }> }>(developer.apiKey, 'GET', `/v7/image(${release.imageId})?$select=is_stored_at__image_location`);
    expect(read.d[0]?.is_stored_at__image_location).toBe(release.location);
    // A new device's config.json names the same registry (compat §5.1 registryEndpoint).
    const config = await callApi<{ registryEndpoint: string }>(apiUrl, developer.apiKey, 'POST', '/download-config', { appId: fleet.applicationId, version: '6.0.0' });
    expect(config.registryEndpoint).toBe(registry.host);
  });

  it('lets a developer push to their fleet; an observer and an outsider are refused by the registry', async () => {
    const { fleet, developer } = await createFleetWithDeveloper(ctx.database.db);
    const observer = await createUserWithKey(ctx.database.db, fleet.applicationId, 'observer');
    const outsider = await createUserWithKey(ctx.database.db, fleet.applicationId, null);
    const release = await createRelease(fleet, developer.apiKey);
    const image = freshImage();

    await expect(skopeoPush(image.dir, release.location, 'observer', observer.apiKey)).rejects.toThrow(/denied|unauthorized|authentication required/i);
    await expect(skopeoPush(image.dir, release.location, 'outsider', outsider.apiKey)).rejects.toThrow(/denied|unauthorized|authentication required/i);
    await skopeoPush(image.dir, release.location, 'developer', developer.apiKey);

    // The observer may pull what the developer pushed, and only pull.
    const repo = release.location.slice(registry.host.length + 1);
    expect((await token(basic('observer', observer.apiKey), `repository:${repo}:pull,push`)).access).toEqual([{ type: 'repository', name: repo, actions: ['pull'] }]);
    expect((await token(`Bearer ${developer.apiKey}`, `repository:${repo}:pull,push`)).access).toEqual([{ type: 'repository', name: repo, actions: ['pull', 'push'] }]);
    // An outsider's answer for an existing repository is the one for a missing repository.
    expect((await token(basic('x', outsider.apiKey), `repository:${repo}:pull`)).access).toEqual([{ type: 'repository', name: repo, actions: [] }]);
    expect((await token(basic('x', outsider.apiKey), 'repository:v2/0123456789abcdef0123456789abcdef:pull')).access).toEqual([
      { type: 'repository', name: 'v2/0123456789abcdef0123456789abcdef', actions: [] },
    ]);
    expect((await token(basic('x', 'not-a-key'), `repository:${repo}:pull`)).status).toBe(401);

    // balena deploy asks for all its repositories at once, as qs-indexed `scope[0]`, `scope[1]` (Bearer session token or API key).
    const missing = 'v2/0123456789abcdef0123456789abcdef';
    const indexed = await fetch(
      `${apiUrl}/auth/v1/token?service=${encodeURIComponent(registry.host)}&scope%5B0%5D=${encodeURIComponent(`repository:${repo}:pull,push`)}&scope%5B1%5D=${encodeURIComponent(`repository:${missing}:pull,push`)}`,
      { headers: { authorization: `Bearer ${developer.apiKey}` } },
    );
    expect(indexed.status).toBe(200);
    const claims = JSON.parse(Buffer.from(((await indexed.json()) as { token: string }).token.split('.')[1]!, 'base64url').toString()) as { access: unknown };
    expect(claims.access).toEqual([
      { type: 'repository', name: repo, actions: ['pull', 'push'] },
      { type: 'repository', name: missing, actions: [] },
    ]);
  }, 60_000);

  it('signs for the configured registry only, whatever service the client names, and that registry takes the token', async () => {
    const { fleet, developer } = await createFleetWithDeveloper(ctx.database.db);
    const release = await createRelease(fleet, developer.apiKey);
    const image = freshImage();
    await skopeoPush(image.dir, release.location, 'developer', developer.apiKey);
    const repo = release.location.slice(registry.host.length + 1);
    const scope = encodeURIComponent(`repository:${repo}:pull`);
    // Another service that trusts the same certificate, this registry under another port, none at all.
    for (const service of ['other-registry.example.com', `${registry.host.split(':')[0]}:1`, undefined]) {
      const res = await fetch(`${apiUrl}/auth/v1/token?${service === undefined ? '' : `service=${encodeURIComponent(service)}&`}scope=${scope}`, { headers: { authorization: `Bearer ${developer.apiKey}` } });
      expect(res.status).toBe(200);
      const { token: signed } = (await res.json()) as { token: string };
      const claims = JSON.parse(Buffer.from(signed.split('.')[1]!, 'base64url').toString()) as { aud: string; access: unknown };
      expect(claims.aud, `service=${service}`).toBe(registry.host);
      expect(claims.access).toEqual([{ type: 'repository', name: repo, actions: ['pull'] }]);
      const manifest = await fetch(`${registry.url}/v2/${repo}/manifests/latest`, { headers: { authorization: `Bearer ${signed}`, accept: 'application/vnd.oci.image.manifest.v1+json' } });
      expect(manifest.status, `service=${service}`).toBe(200);
    }
  }, 60_000);

  it('refuses a session still waiting for its second factor, as Basic password as well as Bearer', async () => {
    const { fleet, developer } = await createFleetWithDeveloper(ctx.database.db);
    const release = await createRelease(fleet, developer.apiKey);
    const repo = release.location.slice(registry.host.length + 1);
    const user = await enableTwoFactor(ctx.app);
    const pending = await signIn(ctx.app, user);
    const scope = `repository:${repo}:pull,push`;
    expect(await token(basic(user.email, pending), scope)).toEqual({ status: 401 });
    expect(await token(`Bearer ${pending}`, scope)).toEqual({ status: 401 });
    // Once the code is given, the same user gets a token (with no actions: not a member of the fleet).
    expect(await token(basic(user.email, user.passedToken), scope)).toEqual({ status: 200, access: [{ type: 'repository', name: repo, actions: [] }] });
  });

  it('answers anonymous callers with empty access to private repositories, and refuses a malformed query', async () => {
    const { fleet, developer } = await createFleetWithDeveloper(ctx.database.db);
    const release = await createRelease(fleet, developer.apiKey);
    const repo = release.location.slice(registry.host.length + 1);
    const anonymous = await fetch(`${apiUrl}/auth/v1/token?service=${encodeURIComponent(registry.host)}&scope=${encodeURIComponent(`repository:${repo}:pull`)}`);
    expect(anonymous.status).toBe(200);
    const claims = JSON.parse(Buffer.from(((await anonymous.json()) as { token: string }).token.split('.')[1]!, 'base64url').toString()) as { access: unknown; sub: string };
    expect(claims).toMatchObject({ sub: '', access: [{ type: 'repository', name: repo, actions: [] }] });
    const tooLong = await ctx.app.inject({ method: 'GET', url: `/auth/v1/token?scope=${'a'.repeat(2000)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: expect.stringMatching(/^scope\S*: Too big/) });
    // A fleet (provisioning) key is no registry credential.
    const fleetKey = await fetch(`${apiUrl}/auth/v1/token?scope=${encodeURIComponent(`repository:${repo}:pull`)}`, { headers: { authorization: basic('x', fleet.provisioningKey) } });
    expect(fleetKey.status).toBe(401);
  });

  it("lets a device pull its fleet's release images with d_<uuid> credentials, not another fleet's", async () => {
    const fleet = await createFleetWithProvisioningKey(ctx.database.db);
    const other = await createFleetWithProvisioningKey(ctx.database.db);
    const developer = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
    const otherDeveloper = await createUserWithKey(ctx.database.db, other.applicationId, 'developer');
    const own = await createRelease(fleet, developer.apiKey);
    const foreign = await createRelease(other, otherDeveloper.apiKey);
    const ownImage = freshImage();
    await skopeoPush(ownImage.dir, own.location, 'developer', developer.apiKey);
    await skopeoPush(freshImage().dir, foreign.location, 'developer', otherDeveloper.apiKey);
    const device = await registerDevice(apiUrl, fleet);

    const client = new RegistryClient(registry.url, { username: `d_${device.uuid}`, password: device.apiKey });
    const plan = await client.plan(own.location);
    expect(plan.manifestDigest).toBe(ownImage.manifestDigest);
    let bytes = 0;
    for (const blob of plan.blobs) bytes += await client.fetchBlob(blob);
    expect(bytes).toBe(ownImage.blobBytes);

    const refused = await client.plan(foreign.location).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RegistryError);
    expect((refused as RegistryError).status).toBe(401);
    const repo = own.location.slice(registry.host.length + 1);
    // Pull only, never push; another device's uuid with this key is refused.
    expect((await token(basic(`d_${device.uuid}`, device.apiKey), `repository:${repo}:pull,push`)).access).toEqual([{ type: 'repository', name: repo, actions: ['pull'] }]);
    expect((await token(basic(`d_${randomBytes(16).toString('hex')}`, device.apiKey), `repository:${repo}:pull`)).status).toBe(401);
  }, 60_000);
});
