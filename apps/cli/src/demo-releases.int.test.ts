// The demo seed's releases (scripts/demo-releases.ts, run by `npm start`) through this CLI's
// function against a live server: two versions, the fleet targets the newer, and a second
// start creates nothing.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../api/src/test/harness.ts';
import { createFleetWithProvisioningKey, createUserWithKey } from '../../api/src/devices/device-test-factories.ts';
import { ensureDemoReleases } from '../../../scripts/demo-releases.ts';

let ctx: TestContext;
let url: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx?.close();
});

it('creates 1.0.0 and 1.1.0 with main and metrics once; the fleet tracking latest targets 1.1.0', async () => {
  const fleet = await createFleetWithProvisioningKey(ctx.database.db);
  const { apiKey } = await createUserWithKey(ctx.database.db, fleet.applicationId, 'developer');
  const db = ctx.database.db;
  const releases = () =>
    db.selectFrom('release').select(['id', 'raw_version', 'status', 'is_final']).where('belongs_to__application', '=', fleet.applicationId).orderBy('id').execute();

  await ensureDemoReleases(url, apiKey, fleet.applicationId);
  const made = await releases();
  expect(made.map((r) => [r.raw_version, r.status, r.is_final])).toEqual([
    ['1.0.0', 'success', true],
    ['1.1.0', 'success', true],
  ]);
  const target = await db.selectFrom('application').select(['should_track_latest_release', 'should_be_running__release']).where('id', '=', fleet.applicationId).executeTakeFirstOrThrow();
  expect(target).toEqual({ should_track_latest_release: true, should_be_running__release: made[1]!.id });
  const services = await db
    .selectFrom('release_image as ri')
    .innerJoin('image as i', 'i.id', 'ri.image')
    .innerJoin('service as s', 's.id', 'i.is_a_build_of__service')
    .select(['ri.is_part_of__release as release', 's.service_name'])
    .where('ri.is_part_of__release', 'in', made.map((r) => r.id))
    .orderBy('ri.is_part_of__release')
    .orderBy('s.service_name')
    .execute();
  expect(services.map((s) => s.service_name)).toEqual(['main', 'metrics', 'main', 'metrics']);

  // A second start.
  await ensureDemoReleases(url, apiKey, fleet.applicationId);
  expect(await releases()).toEqual(made);
});
