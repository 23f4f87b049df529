import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { loadOsReleaseCatalog, type OsReleaseCatalog } from './os-release-catalog.ts';
import { SYSTEM_ORGANIZATION, seedOsReleases } from './os-release-seed.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const counts = async () => {
  const db = ctx.database.db;
  const n = async (table: 'application' | 'release' | 'release_tag' | 'application_tag' | 'organization') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { apps: await n('application'), releases: await n('release'), releaseTags: await n('release_tag'), appTags: await n('application_tag'), orgs: await n('organization') };
};

describe('publishing the OS release catalog', () => {
  it('publishes public host and supervisor apps of the system organization once, however often it runs', async () => {
    const catalog = loadOsReleaseCatalog();
    const published = await seedOsReleases(ctx.database.db, catalog);
    const first = await counts();
    expect(first.apps).toBe(published);
    await seedOsReleases(ctx.database.db, catalog);
    expect(await counts()).toEqual(first);
    const apps = await ctx.database.db
      .selectFrom('application')
      .innerJoin('organization', 'organization.id', 'application.organization')
      .select(['application.slug', 'application.is_host', 'application.is_public', 'organization.handle'])
      .execute();
    expect(apps.every((a) => a.is_public && a.handle === SYSTEM_ORGANIZATION.handle)).toBe(true);
    expect(apps.filter((a) => !a.is_host).map((a) => a.slug).sort()).toEqual(['balena_os/aarch64-supervisor', 'balena_os/amd64-supervisor', 'balena_os/armv7hf-supervisor']);
    expect(apps.map((a) => a.slug)).toContain('balena_os/raspberrypi4-64-esr');
  });

  it('follows the file on phases and adds new versions; refuses unknown device types', async () => {
    const catalog: OsReleaseCatalog = {
      hostOs: [{ deviceType: 'raspberrypi4-64', releases: [{ version: '6.1.4', phase: 'current' }, { version: '6.2.0', phase: 'next' }] }],
      supervisors: [],
    };
    await seedOsReleases(ctx.database.db, catalog);
    const rows = await ctx.database.db
      .selectFrom('release')
      .innerJoin('application', 'application.id', 'release.belongs_to__application')
      .select(['release.raw_version', 'release.phase', 'release.status', 'release.is_final'])
      .where('application.slug', '=', 'balena_os/raspberrypi4-64')
      .where('release.raw_version', 'in', ['6.1.4', '6.2.0'])
      .orderBy('release.raw_version')
      .execute();
    expect(rows).toEqual([
      { raw_version: '6.1.4', phase: 'current', status: 'success', is_final: true },
      { raw_version: '6.2.0', phase: 'next', status: 'success', is_final: true },
    ]);
    await expect(seedOsReleases(ctx.database.db, { hostOs: [{ deviceType: 'no-such-board', releases: [] }], supervisors: [] })).rejects.toThrow(/unknown device type "no-such-board"/);
  });
});
