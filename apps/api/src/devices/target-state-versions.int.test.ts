import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createFleetWithProvisioningKey, createRelease, newDeviceUuid } from './device-test-factories.ts';

/**
 * A device's stored target-state tag (issue 16 W1) is trusted while the device's and its fleet's
 * `target_version` stay, which the triggers of migration 0098 bump on every write to a row a
 * state is made of (target-state.repository.ts). A table left out would strand devices on an
 * old state, so each
 * one is written here, as any write path would (plain SQL, past the API), and the owner's version
 * must move; writes outside the state (heartbeat, metrics, note, status) must not move it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function setup() {
  const db = ctx.database.db;
  const fleet = await createFleetWithProvisioningKey(db);
  const release = await createRelease(db, fleet.applicationId, { makeTarget: true });
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/device/register',
    headers: { authorization: `Bearer ${fleet.provisioningKey}` },
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey },
  });
  expect(res.statusCode).toBe(201);
  const deviceId = (res.json() as { id: number }).id;
  const install = await sql<{ id: number }>`SELECT id FROM service_install WHERE device = ${deviceId} AND installs__service = ${release.serviceId}`.execute(db);
  expect(install.rows[0], 'registration installs the fleet’s services').toBeDefined();
  return { db, fleet, release, deviceId, uuid, apiKey, installId: install.rows[0]!.id };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function versions(s: Setup): Promise<{ device: string; fleet: string }> {
  const r = await sql<{ device: string; fleet: string }>`
    SELECT d.target_version::text AS device, a.target_version::text AS fleet
      FROM device d JOIN application a ON a.id = ${s.fleet.applicationId} WHERE d.id = ${s.deviceId}`.execute(s.db);
  return r.rows[0]!;
}

/** Runs `write` and says whose version moved. */
async function moved(s: Setup, write: () => Promise<unknown>): Promise<{ device: boolean; fleet: boolean }> {
  const before = await versions(s);
  await write();
  const after = await versions(s);
  return { device: after.device !== before.device, fleet: after.fleet !== before.fleet };
}

const FLEET = { device: false, fleet: true };
const DEVICE = { device: true, fleet: false };
const NONE = { device: false, fleet: false };

describe('target-state versions (migration 0098)', () => {
  it('move the fleet’s version on every write to a fleet-side row of the state', async () => {
    const s = await setup();
    const { db } = s;
    const app = s.fleet.applicationId;
    const { releaseId, serviceId, imageId, releaseImageId } = s.release;
    const x = (q: ReturnType<typeof sql>) => () => q.execute(db);
    const cases: [string, () => Promise<unknown>][] = [
      ['application name', x(sql`UPDATE application SET app_name = app_name || '-2' WHERE id = ${app}`)],
      ['fleet config variable added', x(sql`INSERT INTO application_config_variable (application, name, value) VALUES (${app}, 'BALENA_SUPERVISOR_POLL_INTERVAL', '900000')`)],
      ['fleet config variable changed', x(sql`UPDATE application_config_variable SET value = '800000' WHERE application = ${app}`)],
      ['fleet environment variable added', x(sql`INSERT INTO application_environment_variable (application, name, value) VALUES (${app}, 'A', '1')`)],
      ['fleet environment variable removed', x(sql`DELETE FROM application_environment_variable WHERE application = ${app} AND name = 'A'`)],
      ['release composition', x(sql`UPDATE release SET composition = '{"services":{}}'::jsonb WHERE id = ${releaseId}`)],
      ['service renamed', x(sql`UPDATE service SET service_name = 'main2' WHERE id = ${serviceId}`)],
      ['service label', x(sql`INSERT INTO service_label (service, label_name, value) VALUES (${serviceId}, 'io.balena.features.kernel-modules', '1')`)],
      ['service environment variable', x(sql`INSERT INTO service_environment_variable (service, name, value) VALUES (${serviceId}, 'B', '2')`)],
      ['image location', x(sql`UPDATE image SET is_stored_at__image_location = 'registry.local/v2/other' WHERE id = ${imageId}`)],
      ['image content hash', x(sql`UPDATE image SET content_hash = 'sha256:00' WHERE id = ${imageId}`)],
      ['image label', x(sql`INSERT INTO image_label (release_image, label_name, value) VALUES (${releaseImageId}, 'l', 'v')`)],
      ['image environment variable', x(sql`INSERT INTO image_environment_variable (release_image, name, value) VALUES (${releaseImageId}, 'C', '3')`)],
      ['release image added', () => createRelease(db, app, { serviceName: 'extra' }).then((r) => sql`INSERT INTO release_image (image, is_part_of__release) VALUES (${r.imageId}, ${releaseId})`.execute(db))],
      ['fleet target release', () => createRelease(db, app, { makeTarget: true })],
    ];
    for (const [name, write] of cases) expect(await moved(s, write), name).toEqual(FLEET);
  });

  it('move the device’s version on every write to a device-side row of the state', async () => {
    const s = await setup();
    const { db, deviceId, installId } = s;
    const x = (q: ReturnType<typeof sql>) => () => q.execute(db);
    const cases: [string, () => Promise<unknown>][] = [
      ['device name', x(sql`UPDATE device SET device_name = 'renamed' WHERE id = ${deviceId}`)],
      ['device pin', x(sql`UPDATE device SET is_pinned_on__release = ${s.release.releaseId} WHERE id = ${deviceId}`)],
      ['device config variable', x(sql`INSERT INTO device_config_variable (device, name, value) VALUES (${deviceId}, 'BALENA_SUPERVISOR_LOCAL_MODE', '1')`)],
      ['device environment variable', x(sql`INSERT INTO device_environment_variable (device, name, value) VALUES (${deviceId}, 'D', '4')`)],
      ['device environment variable changed', x(sql`UPDATE device_environment_variable SET value = '5' WHERE device = ${deviceId}`)],
      ['device service variable', x(sql`INSERT INTO device_service_environment_variable (service_install, name, value) VALUES (${installId}, 'E', '6')`)],
      ['device service variable removed', x(sql`DELETE FROM device_service_environment_variable WHERE service_install = ${installId}`)],
      ['service install removed', x(sql`DELETE FROM service_install WHERE id = ${installId}`)],
    ];
    for (const [name, write] of cases) expect(await moved(s, write), name).toEqual(DEVICE);
  });

  it('a move to another fleet moves the device’s version', async () => {
    const s = await setup();
    const other = await createFleetWithProvisioningKey(s.db);
    expect((await moved(s, () => sql`UPDATE device SET belongs_to__application = ${other.applicationId} WHERE id = ${s.deviceId}`.execute(s.db))).device).toBe(true);
  });

  it('leave both versions alone for writes outside the state', async () => {
    const s = await setup();
    const { db, deviceId } = s;
    const app = s.fleet.applicationId;
    const x = (q: ReturnType<typeof sql>) => () => q.execute(db);
    const cases: [string, () => Promise<unknown>][] = [
      ['heartbeat', x(sql`UPDATE device SET api_heartbeat_state = 'online', last_connectivity_event = now() WHERE id = ${deviceId}`)],
      ['metrics and status', x(sql`UPDATE device SET memory_usage = 10, cpu_usage = 5, status = 'Idle', metrics_reported_at = now() WHERE id = ${deviceId}`)],
      ['device note', x(sql`UPDATE device SET note = 'greenhouse' WHERE id = ${deviceId}`)],
      ['a variable written with its own value', x(sql`UPDATE application_config_variable SET value = value WHERE application = ${app}`)],
      ['dashboard-only config variable', x(sql`INSERT INTO application_config_variable (application, name, value) VALUES (${app}, 'BALENA_UI_THEME', 'dark')`)],
    ];
    for (const [name, write] of cases) expect(await moved(s, write), name).toEqual(NONE);
    // A new release, not the target: its release_image row bumps the fleet (a deploy costs one
    // full answer, the same body), never the device.
    const deployed = await moved(s, () => createRelease(db, app).then((r) => sql`UPDATE release SET status = 'failed' WHERE id = ${r.releaseId}`.execute(db)));
    expect(deployed.device, 'a new release, not the target').toBe(false);
  });

  it('the poll answers 304 to the tag it gave until a version moves, then 200 with a new tag', async () => {
    const s = await setup();
    const poll = (etag?: string) =>
      ctx.app.inject({ method: 'GET', url: `/device/v3/${s.uuid}/state`, headers: { authorization: `Bearer ${s.apiKey}`, ...(etag ? { 'if-none-match': etag } : {}) } });
    const first = await poll();
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await poll(tag)).statusCode).toBe(304);
    expect((await poll(`"nope", ${tag.slice(2)}`)).statusCode, 'strong form, in a list').toBe(304);
    expect((await poll('*')).statusCode).toBe(304);
    await sql`INSERT INTO device_environment_variable (device, name, value) VALUES (${s.deviceId}, 'F', '7')`.execute(s.db);
    const next = await poll(tag);
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(tag);
    expect(next.json()).toMatchObject({ [s.uuid]: { apps: expect.any(Object) } });
    // v2 and v3 shapes differ: one's tag never answers the other's poll.
    const v2 = await ctx.app.inject({ method: 'GET', url: `/device/v2/${s.uuid}/state`, headers: { authorization: `Bearer ${s.apiKey}`, 'if-none-match': next.headers.etag as string } });
    expect(v2.statusCode).toBe(200);
  });
});
