import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { freePort, skopeoPush, startTestRegistry, type TestRegistry } from '../test/registry-harness.ts';
import { writeOciImage } from '../test/oci-image.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../devices/device-test-factories.ts';
import { startFleetSimulator } from '../../../device/src/simulator.ts';
import { callApi, finishRelease, startRelease } from './registry-test-release.ts';

/**
 * The device agent with a registry (DESIGN "Devices", compat §5.6): it pulls its release's
 * manifests and blobs from the Docker distribution registry with its own token, then runs the
 * release; an image the registry does not have keeps it downloading.
 */

let ctx: TestContext;
let registry: TestRegistry;
let apiUrl: string;
let scratch: string;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestApp({ registryUrl: `http://127.0.0.1:${port}` });
  apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const cert = await fetch(`${apiUrl}/auth/v1/registry-cert`);
  registry = await startTestRegistry({ port, realm: `${apiUrl}/auth/v1/token`, certificatePem: await cert.text() });
  scratch = mkdtempSync(join(tmpdir(), 'flotilla-registry-agent-'));
});
afterAll(async () => {
  await registry?.stop();
  await ctx?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

describe('device agent pulling from the registry', () => {
  it('downloads the pushed release from the registry and runs it; an image missing from the registry keeps it downloading', async () => {
    const db = ctx.database.db;
    const fleet = await createFleetWithProvisioningKey(db);
    const developer = await createUserWithKey(db, fleet.applicationId, 'developer');

    const release = await startRelease(apiUrl, fleet, developer.apiKey);
    const image = writeOciImage(scratch);
    await skopeoPush(image.dir, release.location, 'developer', developer.apiKey);
    await finishRelease(apiUrl, developer.apiKey, release, image);
    await callApi(apiUrl, developer.apiKey, 'PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: release.releaseId });

    const sim = await startFleetSimulator({
      apiUrl,
      provisioningKey: fleet.provisioningKey,
      count: 1,
      intervalMs: 200,
      updateStepMs: 50,
      metricsIntervalMs: 0,
      appLogIntervalMs: 0,
      link: false,
      registryUrl: registry.url,
      stateFile: join(scratch, 'devices.json'),
    });
    try {
      await sim.waitUntilProvisioned(15_000);
      const [device] = sim.devices;
      const running = await until(
        'the device running the release',
        () => db.selectFrom('device').select(['is_running__release', 'update_status', 'status']).where('uuid', '=', device!.uuid).executeTakeFirstOrThrow(),
        (d) => d.is_running__release === release.releaseId && d.update_status === 'done',
      );
      expect(running.status).toBe('Idle');
      const installs = await db.selectFrom('image_install').select(['status']).where('installs__image', '=', release.imageId).execute();
      expect(installs.map((i) => i.status)).toEqual(['Running']);

      // A release whose image was never pushed: the pull fails at the manifest (by the digest the target state names), the device keeps downloading and says why.
      const unpushed = await startRelease(apiUrl, fleet, developer.apiKey);
      await finishRelease(apiUrl, developer.apiKey, unpushed, { manifestDigest: image.manifestDigest, blobBytes: image.blobBytes });
      await callApi(apiUrl, developer.apiKey, 'PATCH', `/v7/application(${fleet.applicationId})`, { should_be_running__release: unpushed.releaseId });
      await until('the pull of a missing image failing', async () => device!.lastError, (e) => e !== null && /manifests\/sha256:[0-9a-f]{64}: 404/.test(e));
      expect(device!.status).toBe('Downloading');
      const row = await db.selectFrom('device').select(['is_running__release']).where('uuid', '=', device!.uuid).executeTakeFirstOrThrow();
      expect(row.is_running__release).toBe(release.releaseId);
    } finally {
      await sim.stop();
    }
  }, 60_000);
});
