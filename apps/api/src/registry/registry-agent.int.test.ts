import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skopeoPush } from '../test/registry-harness.ts';
import { createFleetWithDeveloper, expectRunningRelease, startAppWithRegistry, startPullingDevice, type AppWithRegistry } from '../test/registry-app.ts';
import { until } from '../test/until.ts';
import { writeOciImage } from '../test/oci-image.ts';
import { callApi, finishRelease, startRelease } from './registry-test-release.ts';

/**
 * The device agent with a registry (DESIGN "Devices", compat §5.6): it pulls its release's
 * manifests and blobs from the Docker distribution registry with its own token, then runs the
 * release; an image the registry does not have keeps it downloading.
 */

let app: AppWithRegistry;
let apiUrl: string;
let scratch: string;

beforeAll(async () => {
  app = await startAppWithRegistry();
  apiUrl = app.apiUrl;
  scratch = mkdtempSync(join(tmpdir(), 'flotilla-registry-agent-'));
});
afterAll(async () => {
  await app?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('device agent pulling from the registry', () => {
  it('downloads the pushed release from the registry and runs it; an image missing from the registry keeps it downloading', async () => {
    const db = app.ctx.database.db;
    const { fleet, developer } = await createFleetWithDeveloper(db);

    const release = await startRelease(apiUrl, fleet, developer.apiKey);
    const image = writeOciImage(scratch);
    await skopeoPush(image.dir, release.location, 'developer', developer.apiKey);
    await finishRelease(apiUrl, developer.apiKey, release, image);
    await callApi(apiUrl, developer.apiKey, 'PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: release.releaseId });

    const { sim, device } = await startPullingDevice({ apiUrl, provisioningKey: fleet.provisioningKey, registryUrl: app.registry.url, stateFile: join(scratch, 'devices.json') });
    try {
      await expectRunningRelease(db, device.uuid, release);

      // A release whose image was never pushed: the pull fails at the manifest (by the digest the target state names), the device keeps downloading and says why.
      const unpushed = await startRelease(apiUrl, fleet, developer.apiKey);
      await finishRelease(apiUrl, developer.apiKey, unpushed, { manifestDigest: image.manifestDigest, blobBytes: image.blobBytes });
      await callApi(apiUrl, developer.apiKey, 'PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: unpushed.releaseId });
      await until('the pull of a missing image failing', async () => device.lastError, (e) => e !== null && /manifests\/sha256:[0-9a-f]{64}: 404/.test(e), 20_000);
      expect(device.status).toBe('Downloading');
      const row = await db.selectFrom('device').select(['is_running__release']).where('uuid', '=', device.uuid).executeTakeFirstOrThrow();
      expect(row.is_running__release).toBe(release.releaseId);
    } finally {
      await sim.stop();
    }
  }, 60_000);
});
