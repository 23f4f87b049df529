// `flotilla release create --push` end to end: the CLI (a child process) copies a local OCI
// image into the repository our API assigned, through the real Docker registry with token auth
// at the API; a simulated device with a registry then pulls that image by the recorded digest
// and runs the release.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../api/src/test/harness.ts';
import type { TestRegistry } from '../../api/src/test/registry-harness.ts';
import { createFleetWithDeveloper, expectRunningRelease, startAppWithRegistry, startPullingDevice, type AppWithRegistry } from '../../api/src/test/registry-app.ts';
import { writeOciImage } from '../../api/src/test/oci-image.ts';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const COMPOSE = `
version: "2.4"
services:
  main:
    build: ./main
    environment:
      MODE: production
`;

let app: AppWithRegistry;
let ctx: TestContext;
let registry: TestRegistry;
let apiUrl: string;
let scratch: string;
let composeFile: string;

beforeAll(async () => {
  app = await startAppWithRegistry();
  ({ ctx, registry, apiUrl } = app);
  scratch = mkdtempSync(join(tmpdir(), 'flotilla-cli-push-'));
  composeFile = join(scratch, 'docker-compose.yml');
  writeFileSync(composeFile, COMPOSE);
});

afterAll(async () => {
  await app?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, FLOTILLA_TOKEN: '', ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

const releasesOf = (fleetId: number) => ctx.database.db.selectFrom('release').select(['id', 'status']).where('belongs_to__application', '=', fleetId).execute();

describe('flotilla release create --push', () => {
  it('pushes a local OCI image into the assigned location by default, and a device with the registry pulls it and runs the release', async () => {
    const db = ctx.database.db;
    const { fleet, developer } = await createFleetWithDeveloper(db);
    const image = writeOciImage(scratch);

    // No --push: the server publishes a registry (GET /config registryUrl), so the CLI pushes.
    const out = await run(['release', 'create', '--api', apiUrl, '--token', developer.apiKey, '--fleet', String(fleet.applicationId), '--compose', composeFile, '--image', `main=oci:${image.dir}:latest`, '--json']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const printed = JSON.parse(out.stdout) as { id: number; status: string; pushed: boolean; images: { imageId: number; location: string; contentHash: string; size: number }[] };
    expect(printed).toMatchObject({ status: 'success', pushed: true });
    const [pushed] = printed.images;
    expect(pushed!.location).toMatch(new RegExp(`^${registry.host.replace('.', '\\.')}/v2/[0-9a-f]{32}$`));
    expect(pushed).toMatchObject({ contentHash: image.manifestDigest, size: image.blobBytes });

    // content_hash and image_size as balena deploy records them after its push.
    const row = await db.selectFrom('image').select(['status', 'content_hash', 'image_size', 'is_stored_at__image_location']).where('id', '=', pushed!.imageId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'success', content_hash: image.manifestDigest, is_stored_at__image_location: pushed!.location });
    expect(Number(row.image_size)).toBe(image.blobBytes);
    // The composition keeps `build:` for a service whose image was a local directory.
    const release = await db.selectFrom('release').select(['composition', 'status']).where('id', '=', printed.id).executeTakeFirstOrThrow();
    const composition = (typeof release.composition === 'string' ? JSON.parse(release.composition) : release.composition) as { services: Record<string, Record<string, unknown>> };
    expect(composition.services.main).toEqual({ build: './main', environment: { MODE: 'production' } });

    // The fleet tracks its latest release; a device with the registry downloads the pushed image and runs it.
    await fetch(`${apiUrl}/v7/application(${fleet.applicationId})`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${developer.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ should_be_running__release: printed.id }),
    }).then((res) => expect(res.status).toBe(200));
    const { sim, device } = await startPullingDevice({ apiUrl, provisioningKey: fleet.provisioningKey, registryUrl: registry.url, stateFile: join(scratch, 'devices.json') });
    try {
      await expectRunningRelease(db, device.uuid, { releaseId: printed.id, imageId: pushed!.imageId }, 'the device running the pushed release');
      expect(device.lastError).toBeNull();
    } finally {
      await sim.stop();
    }
  }, 90_000);

  it('refuses a local image with --no-push, and names the package when skopeo is missing, before creating anything', async () => {
    const db = ctx.database.db;
    const { fleet, developer } = await createFleetWithDeveloper(db);
    const image = writeOciImage(scratch);
    const args = ['release', 'create', '--api', apiUrl, '--token', developer.apiKey, '--fleet', String(fleet.applicationId), '--compose', composeFile, '--image', `main=oci:${image.dir}:latest`];

    const noPush = await run([...args, '--no-push']);
    expect(noPush.code).toBe(1);
    expect(noPush.stderr).toBe(`flotilla: service "main": "oci:${image.dir}:latest" is an image on this machine, which devices cannot pull: add --push\n`);

    const noSkopeo = await run([...args, '--push'], { PATH: join(scratch, 'no-binaries-here') });
    expect(noSkopeo.code).toBe(1);
    expect(noSkopeo.stderr).toBe('flotilla: --push needs skopeo, which is not installed: install the "skopeo" package (e.g. apt-get install skopeo)\n');
    expect(await releasesOf(fleet.applicationId)).toEqual([]);
  }, 60_000);

  it('marks the release failed when skopeo cannot copy the image (a tag the layout does not have)', async () => {
    const db = ctx.database.db;
    const { fleet, developer } = await createFleetWithDeveloper(db);
    const image = writeOciImage(scratch);
    const out = await run(['release', 'create', '--api', apiUrl, '--token', developer.apiKey, '--fleet', String(fleet.applicationId), '--compose', composeFile, '--image', `main=oci:${image.dir}:missing-tag`, '--push']);
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(/^flotilla: skopeo copy failed: .+\n$/);
    const [release] = await releasesOf(fleet.applicationId);
    expect(release).toMatchObject({ status: 'failed' });
  }, 60_000);
});
