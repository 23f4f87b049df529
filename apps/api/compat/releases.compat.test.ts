// balena-sdk 23 models.release and the `balena deploy` call sequence (compat/balena-api.md §6.1,
// §8) against a live Flotilla server and the Docker distribution registry it gives tokens for.
import { rmSync } from 'node:fs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../src/test/harness.ts';
import { freePort, skopeoPush, startTestRegistry, type TestRegistry } from '../src/test/registry-harness.ts';
import { writeOciImage } from '../src/test/oci-image.ts';
import { balenaDeploy, type DeployService } from './balena-deploy.ts';
import { orgAndFleet, recordStatuses, sdkFor, signedUpSdk, type LiveServer, type Sdk } from './sdk-fixtures.ts';

// One server per file, with REGISTRY_URL set and the registry trusting its tokens.
const server: { current: LiveServer } = { current: undefined as unknown as LiveServer };
let registry: TestRegistry;
const imageDirs: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  const ctx = await createTestApp({ registryUrl: `http://127.0.0.1:${port}` });
  const url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  server.current = { ...ctx, url };
  const certificatePem = await (await fetch(`${url}/auth/v1/registry-cert`)).text();
  registry = await startTestRegistry({ port, realm: `${url}/auth/v1/token`, certificatePem });
});
afterAll(async () => {
  await registry?.stop();
  await server.current?.close();
  for (const dir of imageDirs) rmSync(dir, { recursive: true, force: true });
});

/** `docker push` as balena deploy does it: the user's name and session token as registry credentials. */
function pushAs(sdk: Sdk, username: string) {
  return async (location: string) => {
    const image = writeOciImage();
    imageDirs.push(image.dir);
    await skopeoPush(image.dir, location, username, (await sdk.auth.getToken())!);
    return { contentHash: image.manifestDigest, size: image.blobBytes };
  };
}

/** Every request the SDK sends, as `METHOD /decoded/url`, in order. */
function recordRequests(sdk: Sdk): string[] {
  const seen: string[] = [];
  sdk.interceptors.push({
    request(options: { method?: string; url: string; baseUrl?: string }) {
      const url = decodeURIComponent(options.url.replace(options.baseUrl ?? server.current.url, ''));
      seen.push(`${options.method ?? 'GET'} ${url}`);
      return options;
    },
  } as never);
  return seen;
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const TWO_SERVICES: DeployService[] = [
  { name: 'main', labels: { 'io.balena.features.dbus': '1' }, environment: { MODE: 'production' } },
  { name: 'metrics', labels: {}, environment: {} },
];

describe('balena deploy', () => {
  it('runs the CLI’s call sequence; the release ends success with its images listed', async () => {
    const { sdk, username } = await signedUpSdk(server.current);
    const { fleetId } = await orgAndFleet(sdk);
    const requests = recordRequests(sdk);
    const statuses = recordStatuses(sdk);
    const deployed = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, semver: '1.0.0', push: pushAs(sdk, username) });

    expect(statuses.filter((s) => s.status >= 300)).toEqual([]);
    const shape = requests.map((r) => r.replace(/\d+/g, 'N').replace(/'[^']*'/g, "'…'").split('?')[0]);
    // No whoami on the wire: the SDK memoises it from the sign-in (the CLI's pre-run check).
    expect(shape).toEqual([
      'GET /vN/user(N)',
      'GET /vN/application(N)',
      'POST /vN/release',
      ...['main', 'metrics'].flatMap((name) => [
        `GET /vN/service(application=N,service_name='…')`,
        'POST /vN/service',
        'POST /vN/image',
        'POST /vN/image__is_part_of__release',
        ...(name === 'main' ? ['POST /vN/image_label', 'POST /vN/image_environment_variable'] : []),
      ]),
      'GET /vN/release',
      'GET /auth/vN/token',
      'PATCH /vN/image(N)',
      'PATCH /vN/image(N)',
      'PATCH /vN/release(N)',
    ]);
    // The image location is the server's, in the POST answer, and the registry token grants pushing there.
    for (const image of deployed.images) expect(image.location).toMatch(new RegExp(`^${registry.host}/v2/[0-9a-f]{32}$`));
    expect(deployed.previous).toEqual([]);
    const { access } = decodeJwt(deployed.registryToken) as { access: { name: string; actions: string[] }[] };
    expect(access).toEqual(deployed.images.map((i) => ({ type: 'repository', name: i.location.slice(i.location.indexOf('/') + 1), actions: ['pull', 'push'] })));

    const release = await sdk.models.release.getWithImageDetails(deployed.releaseId, { image: { $select: ['status', 'content_hash', 'image_size', 'is_stored_at__image_location'] } });
    expect(release).toMatchObject({ id: deployed.releaseId, commit: deployed.commit, status: 'success', source: 'local', is_final: true, raw_version: '1.0.0', semver: '1.0.0' });
    expect(release.end_timestamp).not.toBeNull();
    expect(release.user).toMatchObject({ username });
    // SDK 23 types `images` from its own base $select only; the extra fields asked for are there.
    const images = release.images as unknown as { service_name: string; status: string; content_hash: string | null; image_size: number | string; is_stored_at__image_location: string }[];
    expect(images.map((i) => [i.service_name, i.status, i.is_stored_at__image_location])).toEqual(deployed.images.map((i) => [i.service, 'success', i.location]));
    expect(images.every((i) => /^sha256:[0-9a-f]{64}$/.test(i.content_hash ?? '') && Number(i.image_size) > 0)).toBe(true);
    // What the release records is in the registry: each manifest, by the recorded digest.
    for (const image of images) {
      const repo = image.is_stored_at__image_location.slice(registry.host.length + 1);
      const manifest = await fetch(`${registry.url}/v2/${repo}/manifests/${image.content_hash}`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${deployed.registryToken}`, accept: 'application/vnd.oci.image.manifest.v1+json' },
      });
      expect(manifest.status).toBe(200);
    }

    // Labels and environment are readable through the release's images, as the target state reads them.
    const [withVars] = (await sdk.pine.get({
      resource: 'release',
      options: {
        $select: 'id',
        $filter: { id: deployed.releaseId },
        $expand: { release_image: { $select: 'id', $expand: { image_label: { $select: ['label_name', 'value'] }, image_environment_variable: { $select: ['name', 'value'] } }, $orderby: { id: 'asc' } } },
      },
    } as never)) as { release_image: { image_label: unknown[]; image_environment_variable: unknown[] }[] }[];
    expect(withVars!.release_image[0]).toMatchObject({ image_label: [{ label_name: 'io.balena.features.dbus', value: '1' }], image_environment_variable: [{ name: 'MODE', value: 'production' }] });

    // The next deploy reuses the services and learns the last successful release's repositories.
    const next = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, semver: '1.1.0' });
    expect(next.previous.map((r) => r.id)).toEqual([deployed.releaseId]);
    expect(next.previous[0]!.release_image.map((ri) => ri.image[0]!.is_stored_at__image_location).sort()).toEqual(deployed.images.map((i) => i.location).sort());
    const services = await sdk.pine.get({ resource: 'service', options: { $select: 'service_name', $filter: { application: fleetId } } });
    expect(services).toHaveLength(2);
  });

  it('a release being pushed stays running; another user can neither deploy to the fleet nor see the release', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId } = await orgAndFleet(sdk);
    const running = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, unfinished: true });
    expect(await sdk.models.release.get(running.releaseId, { $select: ['status', 'end_timestamp'] })).toEqual({ status: 'running', end_timestamp: null });

    const { sdk: stranger } = await signedUpSdk(server.current);
    const { id: strangerId } = await stranger.auth.getUserInfo();
    await expect(
      stranger.pine.post({
        resource: 'release',
        body: { belongs_to__application: fleetId, is_created_by__user: strangerId, commit: 'f'.repeat(32), status: 'running', source: 'local', composition: {}, start_timestamp: new Date().toISOString() },
      } as never),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect((await sdk.models.release.getAllByApplication(fleetId, { $select: 'id' })).map((r) => r.id)).toEqual([running.releaseId]);
    await expect(stranger.models.release.get(running.releaseId)).rejects.toMatchObject({ code: 'BalenaReleaseNotFound' });
  });
});

describe('models.release', () => {
  it('get by id, commit and {application, rawVersion}; getAllByApplication newest first; getLatestByApplication', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId, slug } = await orgAndFleet(sdk);
    const first = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, semver: '1.0.0' });
    const second = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, semver: '2.0.0' });
    const running = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, semver: '3.0.0', unfinished: true });

    expect((await sdk.models.release.get(first.releaseId, { $select: 'commit' })).commit).toBe(first.commit);
    expect((await sdk.models.release.get(first.commit, { $select: 'id' })).id).toBe(first.releaseId);
    expect((await sdk.models.release.get({ application: slug, rawVersion: '2.0.0' }, { $select: 'id' })).id).toBe(second.releaseId);
    await expect(sdk.models.release.get(999_999)).rejects.toMatchObject({ code: 'BalenaReleaseNotFound' });
    await expect(sdk.models.release.get('0'.repeat(32))).rejects.toMatchObject({ code: 'BalenaReleaseNotFound' });

    const all = await sdk.models.release.getAllByApplication(slug, { $select: ['id', 'status'] });
    expect(all.map((r) => r.id)).toEqual([running.releaseId, second.releaseId, first.releaseId]);
    expect((await sdk.models.release.getLatestByApplication(fleetId, { $select: 'id' }))?.id).toBe(second.releaseId);
  });

  it('finalize, setIsInvalidated, setNote and setKnownIssueList', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId } = await orgAndFleet(sdk);
    const draft = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES, semver: '1.4.0', isDraft: true });
    const before = await sdk.models.release.get(draft.releaseId, { $select: ['is_final', 'raw_version', 'revision', 'is_finalized_at__date'] });
    expect(before).toMatchObject({ is_final: false, revision: null, is_finalized_at__date: null });
    expect(before.raw_version).toMatch(/^1\.4\.0-\d{13}$/);

    await sdk.models.release.finalize(draft.commit);
    const after = await sdk.models.release.get(draft.releaseId, { $select: ['is_final', 'raw_version', 'revision', 'is_finalized_at__date'] });
    expect(after).toMatchObject({ is_final: true, raw_version: '1.4.0', revision: 0 });
    expect(after.is_finalized_at__date).not.toBeNull();

    await sdk.models.release.setIsInvalidated(draft.releaseId, true);
    expect((await sdk.models.release.get(draft.releaseId, { $select: 'is_invalidated' })).is_invalidated).toBe(true);
    await sdk.models.release.setIsInvalidated(draft.releaseId, false);
    expect((await sdk.models.release.get(draft.releaseId, { $select: 'is_invalidated' })).is_invalidated).toBe(false);

    await sdk.models.release.setNote(draft.releaseId, 'Rolled out to the **lab** first');
    await sdk.models.release.setKnownIssueList(draft.commit, 'Wi-Fi drops on boot');
    expect(await sdk.models.release.get(draft.releaseId, { $select: ['note', 'known_issue_list'] })).toEqual({ note: 'Rolled out to the **lab** first', known_issue_list: 'Wi-Fi drops on boot' });
    await sdk.models.release.setNote(draft.releaseId, null);
    await sdk.models.release.setKnownIssueList(draft.releaseId, null);
    expect(await sdk.models.release.get(draft.releaseId, { $select: ['note', 'known_issue_list'] })).toEqual({ note: null, known_issue_list: null });
  });

  it('tags: set (and overwrite), getAllByRelease, getAllByApplication, remove', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId, slug } = await orgAndFleet(sdk);
    const { releaseId, commit } = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES });
    await sdk.models.release.tags.set(releaseId, 'stage', 'beta');
    await sdk.models.release.tags.set(commit, 'approved-by', 'ops');
    await sdk.models.release.tags.set(releaseId, 'stage', 'stable');
    const byRelease = await sdk.models.release.tags.getAllByRelease(commit, { $select: ['tag_key', 'value'] });
    expect(byRelease).toEqual([
      { tag_key: 'approved-by', value: 'ops' },
      { tag_key: 'stage', value: 'stable' },
    ]);
    const byFleet = await sdk.models.release.tags.getAllByApplication(slug, { $select: ['tag_key', 'value'], $orderby: { tag_key: 'asc' } });
    expect(byFleet).toEqual(byRelease);
    await sdk.models.release.tags.remove(releaseId, 'stage');
    expect((await sdk.models.release.tags.getAllByRelease(releaseId)).map((t) => t.tag_key)).toEqual(['approved-by']);
  });

  it('asset: getAllByRelease, get by id and by {release, asset_key}, remove', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId } = await orgAndFleet(sdk);
    const { releaseId } = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES });
    // The first step of the SDK's multipart upload: the asset row with no file yet.
    const created = (await sdk.pine.post({ resource: 'release_asset', body: { release: releaseId, asset_key: 'manual.pdf', asset: null } } as never)) as { id: number };
    expect((await sdk.models.release.asset.getAllByRelease(releaseId, { $select: ['id', 'asset_key'] })).map((a) => a.asset_key)).toEqual(['manual.pdf']);
    expect((await sdk.models.release.asset.get(created.id, { $select: 'asset_key' })).asset_key).toBe('manual.pdf');
    expect((await sdk.models.release.asset.get({ release: releaseId, asset_key: 'manual.pdf' }, { $select: 'id' })).id).toBe(created.id);
    await expect(sdk.models.release.asset.download(created.id)).rejects.toThrow('Release asset does not contain any uploaded file');
    await sdk.models.release.asset.remove({ release: releaseId, asset_key: 'manual.pdf' });
    expect(await sdk.models.release.asset.getAllByRelease(releaseId)).toEqual([]);
  });

  it('asset: upload (a small file as multipart, a large one in parts) and download with the unmodified SDK', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId } = await orgAndFleet(sdk);
    const { releaseId } = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES });

    const small = await sdk.models.release.asset.upload({ release: releaseId, asset_key: 'readme.txt', asset: new File(['hello from the sdk'], 'readme.txt', { type: 'text/plain' }) });
    expect(small.asset).toMatchObject({ filename: 'readme.txt', content_type: 'text/plain', size: 18 });
    expect((await bytesOf(await sdk.models.release.asset.download(small.id))).toString()).toBe('hello from the sdk');
    await expect(sdk.models.release.asset.upload({ release: releaseId, asset_key: 'readme.txt', asset: new File(['again'], 'readme.txt') })).rejects.toMatchObject({ name: 'ReleaseAssetAlreadyExists' });
    await sdk.models.release.asset.upload({ release: releaseId, asset_key: 'readme.txt', asset: new File(['v2'], 'readme-v2.txt', { type: 'text/plain' }) }, { overwrite: true });
    expect((await bytesOf(await sdk.models.release.asset.download({ release: releaseId, asset_key: 'readme.txt' }))).toString()).toBe('v2');

    // Over the SDK's 5 MiB: beginUpload, a PUT per 5 MiB part, commitUpload.
    const large = Buffer.alloc(6 * 1024 * 1024 + 123);
    for (let i = 0; i < large.length; i++) large[i] = i % 251;
    const progress: number[] = [];
    const big = await sdk.models.release.asset.upload(
      { release: releaseId, asset_key: 'firmware.bin', asset: new File([large], 'firmware.bin', { type: 'application/octet-stream' }) },
      { onUploadProgress: ({ uploaded }) => void progress.push(uploaded) },
    );
    expect(big.asset).toMatchObject({ filename: 'firmware.bin', size: large.length });
    expect(progress.at(-1)).toBe(large.length);
    expect((await bytesOf(await sdk.models.release.asset.download(big.id))).equals(large)).toBe(true);
  }, 180_000); // over 6 MiB through the embedded database, twice, on a busy machine

  it('asset: the href is signed per read and expires, and a refused download reads as a sentence through the SDK’s stream', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { fleetId } = await orgAndFleet(sdk);
    const { releaseId } = await balenaDeploy(sdk, server.current.url, fleetId, { services: TWO_SERVICES });
    const small = await sdk.models.release.asset.upload({ release: releaseId, asset_key: 'notes.txt', asset: new File(['signed'], 'notes.txt', { type: 'text/plain' }) });
    const { asset } = await sdk.models.release.asset.get(small.id, { $select: 'asset' });
    const href = new URL((asset as { href: string }).href);
    const [expires] = href.searchParams.get('key')!.split('-');
    // Like a pre-signed URL: good for one to two hours from now, never for good.
    expect(Number(expires) * 1000 - Date.now()).toBeGreaterThan(3_600_000 - 5_000);
    expect(Number(expires) * 1000 - Date.now()).toBeLessThanOrEqual(7_200_000);
    // A key stretched to another time (the signature no longer matches) is refused, and balena-request's
    // stream path, which makes the whole body the message, reads the server's sentence (it read `{"error":…}`).
    href.searchParams.set('key', `${Number(expires) + 86_400}-${href.searchParams.get('key')!.split('-')[1]}`);
    const anonymous = sdkFor(server.current);
    await expect(anonymous.request.stream({ method: 'GET', baseUrl: href.origin, url: `${href.pathname}${href.search}` })).rejects.toMatchObject({ statusCode: 404, message: 'Request error: Release asset not found' });
    // The SDK's own download reads the row again, so it always has a good href.
    expect((await bytesOf(await sdk.models.release.asset.download(small.id))).toString()).toBe('signed');
  });
});
