// balena-cli 25 organization and fleet commands against a live Flotilla server (issue 15): list,
// show, create, rename, pin and track-latest, each asserted on what the CLI prints, and a second
// user's CLI answered with the CLI's own not-found message for a fleet it may not see.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRelease } from '../../src/devices/device-test-factories.ts';
import { orgAndFleet, registeredDevice, unique, useLiveServer, type Sdk } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();
// Each CLI call costs a node start-up (1–5 s): one signed-up user and its logged-in CLI serve the
// file, and every test makes its own organization and fleet.
let sdk: Sdk;
let username: string;
let cli: BalenaCli;

beforeAll(async () => {
  ({ sdk, username, cli } = await signedUpCli(server.current));
});

const notFound = (slug: string) => `Application not found: ${slug}`;

describe('balena organization list', () => {
  it('lists the personal organization and one the user created, by name and handle', async () => {
    const { handle } = await orgAndFleet(sdk);
    const org = await sdk.models.organization.get(handle, { $select: 'name' });
    const out = await cli.ok(['organization', 'list']);
    expect(out).toMatch(/^NAME\s+HANDLE/);
    expect(out).toMatch(new RegExp(`^${org.name}\\s+${handle}$`, 'm'));
    expect(out).toMatch(new RegExp(`^${username}\\s+${username}$`, 'm'));
  });
});

describe('balena fleet', () => {
  it('lists fleets with their device counts and shows one', { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    await registeredDevice(sdk, fleet.slug);
    const list = await cli.ok(['fleet', 'list']);
    expect(list).toMatch(/^ID\s+NAME\s+SLUG\s+DEVICE TYPE\s+DEVICE COUNT\s+ONLINE DEVICES/);
    expect(list).toMatch(new RegExp(`^${fleet.fleetId}\\s+${fleet.name}\\s+${fleet.slug}\\s+raspberrypi4-64\\s+1\\s+0$`, 'm'));

    const shown = await cli.ok(['fleet', fleet.slug]);
    expect(shown).toContain(`== ${fleet.name}`);
    expect(shown).toMatch(new RegExp(`^ID:\\s+${fleet.fleetId}$`, 'm'));
    expect(shown).toMatch(/^DEVICE TYPE:\s+raspberrypi4-64$/m);
    expect(shown).toMatch(new RegExp(`^SLUG:\\s+${fleet.slug}$`, 'm'));
  });

  it('creates a fleet in an organization with a device type', { timeout: 120_000 }, async () => {
    const { handle } = await orgAndFleet(sdk);
    const name = `cli${unique()}`;
    const created = await cli.ok(['fleet', 'create', name, '--organization', handle, '--type', 'raspberrypi4-64']);
    expect(created).toContain(`Fleet created: slug "${handle}/${name}", device type "raspberrypi4-64"`);
    const shown = await cli.ok(['fleet', `${handle}/${name}`]);
    expect(shown).toContain(`== ${name}`);
    expect(shown).toMatch(/^DEVICE TYPE:\s+raspberrypi4-64$/m);
  });

  it('renames a fleet: the new slug answers and the old one is gone', { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const newName = `renamed${unique()}`;
    const renamed = await cli.ok(['fleet', 'rename', fleet.slug, newName]);
    expect(renamed).toMatch(new RegExp(`Fleet renamed\\s+From:\\s+name: ${fleet.name}\\s+slug: ${fleet.slug}\\s+To:\\s+name: ${newName}\\s+slug: ${fleet.handle}/${newName}`));
    expect(await cli.ok(['fleet', `${fleet.handle}/${newName}`])).toContain(`== ${newName}`);
    const old = await cli.run(['fleet', fleet.slug]);
    expect(old.code).not.toBe(0);
    expect(old.stderr).toContain(notFound(fleet.slug));
  });

  it('pins a fleet to a release, then tracks the latest one again', { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const older = await createRelease(server.current.database.db, fleet.fleetId);
    const latest = await createRelease(server.current.database.db, fleet.fleetId);

    expect(await cli.ok(['fleet', 'pin', fleet.slug, older.commit])).toBe('');
    expect(await cli.ok(['fleet', 'pin', fleet.slug])).toContain(`This fleet is currently pinned to ${older.commit}.`);
    expect(await cli.ok(['fleet', fleet.slug])).toMatch(new RegExp(`^COMMIT:\\s+${older.commit}$`, 'm'));

    expect(await cli.ok(['fleet', 'track-latest', fleet.slug])).toBe('');
    expect(await cli.ok(['fleet', 'pin', fleet.slug])).toContain(`This fleet is currently pinned to ${latest.commit}.`);
    const app = await sdk.models.application.get(fleet.slug, { $select: 'should_track_latest_release' });
    expect(app.should_track_latest_release).toBe(true);
  });

  it("answers another user's CLI with not-found for a fleet it cannot see, and changes nothing", { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const release = await createRelease(server.current.database.db, fleet.fleetId);
    const { cli: other } = await signedUpCli(server.current);

    for (const args of [
      ['fleet', fleet.slug],
      ['fleet', 'rename', fleet.slug, 'stolen'],
      ['fleet', 'pin', fleet.slug, release.commit],
      ['fleet', 'track-latest', fleet.slug],
    ]) {
      const result = await other.run(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toContain(`BalenaApplicationNotFound: ${notFound(fleet.slug)}`);
    }
    expect(await other.ok(['fleet', 'list'])).not.toContain(fleet.slug);

    const after = await sdk.models.application.get(fleet.fleetId, { $select: ['app_name', 'should_track_latest_release'], $expand: { should_be_running__release: { $select: 'id' } } });
    expect(after).toMatchObject({ app_name: fleet.name, should_track_latest_release: true, should_be_running__release: [] });
  });
});
