import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { DEFAULT_OS_IMAGE_BYTES, loadOsReleaseCatalog, osReleaseCatalog } from './os-release-catalog.ts';
import { seedOsReleases } from './os-release-seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedOsReleases(ctx.database.db, loadOsReleaseCatalog());
});
afterAll(async () => ctx?.close());

const MiB = 1024 * 1024;
const size = async (slug: string, version: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/device-types/v1/${slug}/images/${encodeURIComponent(version)}/download-size` });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('GET /device-types/v1/:slug/images/:version/download-size', () => {
  it("answers a release's own size, else its device type's, else the default estimate, without a token", async () => {
    // apps/api/reference-data/os-releases.json: 6.1.4 gives 1228 MiB, the raspberrypi4-64 entry 1200 MiB, raspberrypi3 nothing.
    expect(await size('raspberrypi4-64', '6.1.4')).toEqual({ status: 200, body: { size: 1228 * MiB } });
    expect(await size('raspberrypi4-64', '6.0.13')).toEqual({ status: 200, body: { size: 1200 * MiB } });
    expect(await size('intel-nuc', '6.0.13')).toEqual({ status: 200, body: { size: 1536 * MiB } });
    expect(await size('raspberrypi3', '6.0.13')).toEqual({ status: 200, body: { size: DEFAULT_OS_IMAGE_BYTES } });
  });

  it('reads variant releases by raw version or by version, ESR releases, and latest as the newest default-line one', async () => {
    expect((await size('raspberrypi4-64', '2.115.1+rev1.dev')).status).toBe(200);
    expect((await size('raspberrypi4-64', '2.115.1+rev1')).status).toBe(200);
    expect((await size('raspberrypi4-64', '2024.10.1')).body).toEqual({ size: 1200 * MiB });
    // The newest default-line release is 6.1.4 (2025.1.0 is ESR, not the default line).
    expect((await size('raspberrypi4-64', 'latest')).body).toEqual({ size: 1228 * MiB });
  });

  it('is 404 for an unknown version, a type without a published OS and an unknown type', async () => {
    expect((await size('raspberrypi4-64', '9.9.9')).status).toBe(404);
    expect((await size('beaglebone-black', 'latest')).status).toBe(404);
    expect((await size('no-such-board', '6.0.13')).status).toBe(404);
  });

  it('follows the catalog: a size added later replaces the earlier one; sizes must be positive byte counts', async () => {
    await seedOsReleases(ctx.database.db, { hostOs: [{ deviceType: 'raspberrypi3', releases: [{ version: '6.0.13', phase: 'current', downloadSize: 999 * MiB }] }], supervisors: [] });
    expect((await size('raspberrypi3', '6.0.13')).body).toEqual({ size: 999 * MiB });
    expect(osReleaseCatalog.safeParse({ hostOs: [{ deviceType: 'raspberrypi3', downloadSize: -1, releases: [] }] }).success).toBe(false);
    expect(osReleaseCatalog.safeParse({ hostOs: [{ deviceType: 'raspberrypi3', releases: [{ version: '6.0.13', downloadSize: 1.5 }] }] }).success).toBe(false);
  });
});
