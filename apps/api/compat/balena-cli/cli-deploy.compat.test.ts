// balena-cli 25 `deploy <fleet> <image>` against a live Flotilla server whose REGISTRY_URL is a
// real Docker distribution registry (compat/balena-api.md §8 `deploy`, README "Releases without
// Docker"). The CLI's own deploy runs: only the Docker daemon it reads the image from and pushes
// through is stood in for (docker-engine-stand-in.ts; the push itself is skopeo with the token
// the CLI got from the API). ../balena-deploy.ts replays the same calls through the SDK; this
// checks the published CLI's sequence: the release it made of the API's answers (version from
// balena.yml, tags, note, the image's location, digest and size), the image in the registry, the
// token of a later deploy (pull on the previous release's repositories), and a device that pulls
// the deployed release and runs it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOciImage } from '../../src/test/oci-image.ts';
import { expectRunningRelease, startAppWithRegistry, startPullingDevice, type AppWithRegistry } from '../../src/test/registry-app.ts';
import { orgAndFleet, type LiveServer, type Sdk } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { startDockerEngineStandIn, type DockerEngineStandIn } from './docker-engine-stand-in.ts';
import { signedUpCli } from './signed-up-cli.ts';

let app: AppWithRegistry;
let server: LiveServer;
let scratch: string;
beforeAll(async () => {
  app = await startAppWithRegistry();
  server = { ...app.ctx, url: app.apiUrl };
  scratch = mkdtempSync(join(tmpdir(), 'cli-deploy-'));
});
afterAll(async () => {
  await app?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A project folder with only a balena.yml (the contract `deploy` reads from --source). */
function projectWithVersion(version: string): string {
  const dir = mkdtempSync(join(scratch, 'project-'));
  writeFileSync(join(dir, 'balena.yml'), `name: cli-deploy\ntype: sw.application\nversion: ${version}\n`);
  return dir;
}

/** `balena deploy`, failing with the CLI's output unless it succeeds; answers the release commit it printed. */
async function deploy(cli: BalenaCli, docker: DockerEngineStandIn, args: string[]): Promise<string> {
  const out = await cli.ok(['deploy', ...args], { env: { DOCKER_HOST: docker.dockerHost }, timeoutMs: 90_000 });
  expect(out).toContain('Deploy succeeded!');
  const commit = /Release: ([0-9a-f]{32})/.exec(out)?.[1];
  expect(commit).toBeDefined();
  return commit!;
}

interface DeployedImage {
  id: number;
  is_stored_at__image_location: string;
  content_hash: string | null;
  image_size: number | string | null;
  status: string;
}

async function imagesOf(sdk: Sdk, releaseId: number): Promise<DeployedImage[]> {
  const links = (await sdk.pine.get({
    resource: 'release_image',
    options: { $filter: { is_part_of__release: releaseId }, $expand: { image: { $select: ['id', 'is_stored_at__image_location', 'content_hash', 'image_size', 'status'] } } },
  })) as unknown as { image: DeployedImage[] }[];
  return links.map((l) => l.image[0]!);
}

/** The access a registry token grants (its JWT claims), by repository. */
function accessOf(token: string): Record<string, string[]> {
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { access: { name: string; actions: string[] }[] };
  return Object.fromEntries(claims.access.map((a) => [a.name, [...a.actions].sort()]));
}

const repositoryOf = (location: string) => location.slice(location.indexOf('/') + 1);

describe('balena deploy <fleet> <image>', () => {
  it('makes a final release of the image, pushed to the location the API assigned; the fleet tracks it and a device runs it', async () => {
    const { sdk, cli } = await signedUpCli(server);
    const fleet = await orgAndFleet(sdk);
    const oci = writeOciImage(scratch);
    const docker = await startDockerEngineStandIn({ 'example/app:1.0': { ociDir: oci.dir, size: 5_000_123 } });
    try {
      const commit = await deploy(cli, docker, [fleet.slug, 'example/app:1.0', '--source', projectWithVersion('1.2.3'), '--release-tag', 'stage', 'beta', '--note', 'deployed by the CLI']);

      const release = await sdk.models.release.get(commit, { $expand: { release_tag: { $select: ['tag_key', 'value'] }, is_created_by__user: { $select: 'username' } } });
      expect(release).toMatchObject({ status: 'success', is_final: true, source: 'local', raw_version: '1.2.3', note: 'deployed by the CLI' });
      expect(release.contract).toMatchObject({ type: 'sw.application', version: '1.2.3' });
      expect(release.release_tag).toEqual([{ tag_key: 'stage', value: 'beta' }]);
      expect(release.is_created_by__user).toEqual([{ username: (await sdk.auth.getUserInfo()).username }]);

      // What the push answered is what the CLI recorded: the manifest digest, and the size docker inspect gave.
      const [image] = await imagesOf(sdk, release.id);
      expect(image!.is_stored_at__image_location).toMatch(new RegExp(`^${app.registry.host.replace(/\./g, '\\.')}/v2/[0-9a-f]{32}$`));
      expect(image).toMatchObject({ status: 'success', content_hash: oci.manifestDigest });
      expect(Number(image!.image_size)).toBe(5_000_123);

      // The registry holds it: the user pulls the manifest with a token from the API.
      const repo = repositoryOf(image!.is_stored_at__image_location);
      const tokenResponse = await fetch(`${app.apiUrl}/auth/v1/token?service=${encodeURIComponent(app.registry.host)}&scope=${encodeURIComponent(`repository:${repo}:pull`)}`, {
        headers: { authorization: `Bearer ${await sdk.auth.getToken()}` },
      });
      const { token } = (await tokenResponse.json()) as { token: string };
      const manifest = await fetch(`${app.registry.url}/v2/${repo}/manifests/latest`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json' },
      });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('docker-content-digest')).toBe(oci.manifestDigest);

      const target = await sdk.models.application.get(fleet.slug, { $select: 'id', $expand: { should_be_running__release: { $select: 'commit' } } });
      expect(target.should_be_running__release).toEqual([{ commit }]);
      const provisioningKey = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: fleet.slug, keyExpiryDate: null });
      const { sim, device } = await startPullingDevice({ apiUrl: app.apiUrl, provisioningKey, registryUrl: app.registry.url, stateFile: join(scratch, `devices-${commit}.json`) });
      try {
        await expectRunningRelease(app.ctx.database.db, device.uuid, { releaseId: release.id, imageId: image!.id }, 'the device running the deployed release');
        expect(device.lastError).toBeNull();
      } finally {
        await sim.stop();
      }
    } finally {
      await docker.stop();
    }
  }, 180_000);

  it("a later draft deploy may pull the previous release's repository and push its own; the fleet stays on the final release", async () => {
    const { sdk, cli } = await signedUpCli(server);
    const fleet = await orgAndFleet(sdk);
    const docker = await startDockerEngineStandIn({
      'example/app:1.0': { ociDir: writeOciImage(scratch).dir, size: 1000 },
      'example/app:2.0': { ociDir: writeOciImage(scratch).dir, size: 2000 },
    });
    try {
      const first = await deploy(cli, docker, [fleet.slug, 'example/app:1.0']);
      const draft = await deploy(cli, docker, [fleet.slug, 'example/app:2.0', '--draft']);

      const [firstImage] = await imagesOf(sdk, (await sdk.models.release.get(first, { $select: 'id' })).id);
      const draftRelease = await sdk.models.release.get(draft, { $select: ['id', 'is_final', 'raw_version', 'status'] });
      expect(draftRelease).toMatchObject({ status: 'success', is_final: false, raw_version: expect.stringMatching(/^0\.0\.0-\d+$/) });
      const [draftImage] = await imagesOf(sdk, draftRelease.id);
      expect(draftImage!.status).toBe('success');

      // The CLI asks for the new repository and those of the last successful release (to mount their
      // layers); the token must let it pull the previous ones (a developer may also push there, as in
      // open-balena: devices pull by digest, so a tag pushed there changes no release).
      expect(docker.pushTokens).toHaveLength(2);
      const access = accessOf(docker.pushTokens[1]!);
      expect(Object.keys(access).sort()).toEqual([repositoryOf(draftImage!.is_stored_at__image_location), repositoryOf(firstImage!.is_stored_at__image_location)].sort());
      expect(access[repositoryOf(draftImage!.is_stored_at__image_location)]).toEqual(['pull', 'push']);
      expect(access[repositoryOf(firstImage!.is_stored_at__image_location)]).toContain('pull');

      const target = await sdk.models.application.get(fleet.slug, { $select: 'id', $expand: { should_be_running__release: { $select: 'commit' } } });
      expect(target.should_be_running__release).toEqual([{ commit: first }]);
    } finally {
      await docker.stop();
    }
  }, 180_000);
});
