// balena-cli 25 commands the other CLI suites do not run, each asserted on what the CLI prints and
// on what the server then holds (read back through balena-sdk): `organization create|rename|rm`,
// `fleet rm`, `device public-url`, `support enable|disable`, `os versions [--esr]`,
// `release-asset upload|list|download|delete` and `logout`.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOsReleaseCatalog } from '../../src/os-releases/os-release-catalog.ts';
import { seedOsReleases } from '../../src/os-releases/os-release-seed.ts';
import { balenaDeploy } from '../balena-deploy.ts';
import { orgAndFleet, registeredDevice, unique, useLiveServer, type Sdk } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();
// One signed-up user and its logged-in CLI serve the file (each CLI call is a node start-up).
let sdk: Sdk;
let cli: BalenaCli;
beforeAll(async () => {
  await seedOsReleases(server.current.database.db, loadOsReleaseCatalog());
  ({ sdk, cli } = await signedUpCli(server.current));
});

describe('balena organization create|rename|rm, fleet rm', () => {
  it('creates, renames and removes an organization; removes a fleet', { timeout: 120_000 }, async () => {
    const name = `org${unique()}`;
    const created = await cli.ok(['organization', 'create', name]);
    expect(created).toMatch(new RegExp(`^NAME:\\s+${name}$`, 'm'));
    const handle = /^HANDLE:\s+(\S+)$/m.exec(created)![1]!;

    await cli.ok(['organization', 'rename', handle, `${name} renamed`]);
    expect((await sdk.models.organization.get(handle, { $select: 'name' })).name).toBe(`${name} renamed`);

    const fleet = (await sdk.models.application.create({ name: `fleet${unique()}`, deviceType: 'raspberrypi4-64', organization: handle })) as { slug: string };
    await cli.ok(['fleet', 'rm', fleet.slug, '--yes']);
    expect(await sdk.models.application.has(fleet.slug)).toBe(false);
    const again = await cli.run(['fleet', 'rm', fleet.slug, '--yes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Application not found: ${fleet.slug}`);

    await cli.ok(['organization', 'rm', handle, '--yes']);
    expect(await sdk.models.organization.getAll({ $select: 'handle', $filter: { handle } })).toEqual([]);
    const missing = await cli.run(['organization', 'rm', handle, '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`Organization not found: ${handle}`);
  });
});

describe('balena device public-url, support', () => {
  it('enables, reports and disables the public URL; grants and revokes support access', { timeout: 120_000 }, async () => {
    const { slug } = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, slug);

    expect((await cli.ok(['device', 'public-url', uuid, '--status'])).trim()).toBe('false');
    await cli.ok(['device', 'public-url', uuid, '--enable']);
    expect((await cli.ok(['device', 'public-url', uuid, '--status'])).trim()).toBe('true');
    // https://<uuid>.<deviceUrlsBase> from GET /config.
    expect((await cli.ok(['device', 'public-url', uuid])).trim()).toMatch(new RegExp(`^https://${uuid}\\.\\S+$`));
    await cli.ok(['device', 'public-url', uuid, '--disable']);
    expect(await sdk.models.device.hasDeviceUrl(uuid)).toBe(false);

    const granted = await cli.ok(['support', 'enable', '--device', uuid, '--duration', '2d']);
    expect(granted).toMatch(/Access has been granted for 2d, expiring \d{4}-\d\d-\d\dT/);
    const until = async () => (await sdk.models.device.get(uuid, { $select: 'is_accessible_by_support_until__date' })).is_accessible_by_support_until__date;
    expect(Date.parse((await until())!)).toBeGreaterThan(Date.now() + 47 * 3600_000);
    await cli.ok(['support', 'disable', '--device', uuid]);
    expect(await until()).toBeNull();

    await cli.ok(['support', 'enable', '--fleet', slug]);
    expect((await sdk.models.application.get(slug, { $select: 'is_accessible_by_support_until__date' })).is_accessible_by_support_until__date).not.toBeNull();
    await cli.ok(['support', 'disable', '--fleet', slug]);
    expect((await sdk.models.application.get(slug, { $select: 'is_accessible_by_support_until__date' })).is_accessible_by_support_until__date).toBeNull();
  });
});

describe('balena os versions', () => {
  it('lists the catalog versions of a device type, newest first, and the ESR line with --esr', { timeout: 60_000 }, async () => {
    const expected = (await sdk.models.os.getAvailableOsVersions('raspberrypi4-64')).filter((v) => v.osType === 'default');
    expect(expected.length).toBeGreaterThan(1);
    const out = (await cli.ok(['os', 'versions', 'raspberrypi4-64'])).trim().split('\n');
    expect(out.map((l) => l.split(' ')[0])).toEqual(expected.map((v) => `v${v.raw_version}`));

    const esr = (await sdk.models.os.getAvailableOsVersions('raspberrypi4-64')).filter((v) => v.osType === 'esr');
    const esrOut = (await cli.ok(['os', 'versions', 'raspberrypi4-64', '--esr'])).trim().split('\n');
    expect(esrOut.map((l) => l.split(' ')[0])).toEqual(esr.map((v) => `v${v.raw_version}`));

    const unknown = await cli.run(['os', 'versions', 'no-such-type']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Device type slug not recognized');
  });
});

describe('balena release-asset', () => {
  it('uploads (and refuses a second upload without --overwrite), lists, downloads and deletes', { timeout: 120_000 }, async () => {
    const { fleetId } = await orgAndFleet(sdk);
    const { releaseId, commit } = await balenaDeploy(sdk, server.current.url, fleetId, { services: [{ name: 'main' }] });
    const dir = mkdtempSync(join(tmpdir(), 'release-asset-'));
    writeFileSync(join(dir, 'notes.txt'), 'release notes\n');

    expect(await cli.ok(['release-asset', 'list', String(releaseId)])).toContain('No assets found for this release');
    expect(await cli.ok(['release-asset', 'upload', String(releaseId), join(dir, 'notes.txt'), '--key', 'notes.txt'])).toContain("Release asset 'notes.txt' uploaded successfully");
    const twice = await cli.run(['release-asset', 'upload', String(releaseId), join(dir, 'notes.txt'), '--key', 'notes.txt']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('already exists');

    // By commit as well as by id.
    expect(await cli.ok(['release-asset', 'list', commit])).toMatch(/^notes\.txt\s+\d+\s+notes\.txt\s+14 B\s+text\/plain$/m);
    await cli.ok(['release-asset', 'download', String(releaseId), '--key', 'notes.txt', '--output', join(dir, 'back.txt')]);
    expect(readFileSync(join(dir, 'back.txt'), 'utf8')).toBe('release notes\n');

    await cli.ok(['release-asset', 'delete', String(releaseId), '--key', 'notes.txt', '--yes']);
    expect(await sdk.models.release.asset.getAllByRelease(releaseId)).toEqual([]);
  });
});

describe('balena logout', () => {
  it('forgets the login: whoami then asks to log in', { timeout: 60_000 }, async () => {
    const { cli: other } = await signedUpCli(server.current);
    await other.ok(['logout']);
    const who = await other.run(['whoami']);
    expect(who.code).toBe(1);
    expect(who.stderr).toContain('Login required');
  });
});
