// balena-cli 25 device commands against a live Flotilla server (issue 15): list, show, register,
// rename, note, move, pin, track-fleet and rm, each asserted on what the CLI prints, and a second
// user's CLI answered with the CLI's own not-found messages for a fleet and device it may not see.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRelease } from '../../src/devices/device-test-factories.ts';
import { orgAndFleet, registeredDevice, useLiveServer, type Sdk } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();
// Each CLI call costs a node start-up (1–5 s): one signed-up user and its logged-in CLI serve the
// file, and every test makes its own organization, fleet and devices.
let sdk: Sdk;
let cli: BalenaCli;

beforeAll(async () => {
  ({ sdk, cli } = await signedUpCli(server.current));
});

const line = (label: string, value: string | number) => new RegExp(`^${label}:\\s+${value}$`, 'm');
const deviceName = async (uuid: string) => (await sdk.models.device.get(uuid, { $select: 'device_name' })).device_name;

describe('balena device', () => {
  it("lists a fleet's devices and shows one", { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const first = await registeredDevice(sdk, fleet.slug);
    const second = await registeredDevice(sdk, fleet.slug);
    const list = await cli.ok(['device', 'list', '--fleet', fleet.slug]);
    expect(list).toMatch(/^ID\s+UUID\s+DEVICE NAME\s+DEVICE TYPE\s+FLEET\s+STATUS\s+IS ONLINE/);
    for (const device of [first, second]) {
      expect(list).toMatch(new RegExp(`^${device.id}\\s+${device.uuid.slice(0, 7)}\\s+${await deviceName(device.uuid)}\\s+raspberrypi4-64\\s+${fleet.slug}\\s+N/a\\s+false`, 'm'));
    }

    const shown = await cli.ok(['device', first.uuid]);
    expect(shown).toContain(`== ${(await deviceName(first.uuid)).replaceAll('-', ' ').toUpperCase()}`);
    expect(shown).toMatch(line('ID', first.id));
    expect(shown).toMatch(line('UUID', first.uuid));
    expect(shown).toMatch(line('FLEET', fleet.slug));
    expect(shown).toMatch(line('DEVICE TYPE', 'raspberrypi4-64'));
    expect(shown).toMatch(line('IS ONLINE', 'false'));
  });

  it('registers a device with a generated uuid and with a given one', { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const generated = await cli.ok(['device', 'register', fleet.slug]);
    const uuid = new RegExp(`^Registering to ${fleet.slug}: ([0-9a-f]{32})$`, 'm').exec(generated)?.[1];
    expect(uuid, generated).toBeDefined();
    const given = sdk.models.device.generateUniqueKey();
    expect(await cli.ok(['device', 'register', fleet.slug, '--uuid', given])).toContain(`Registering to ${fleet.slug}: ${given}`);

    const list = await cli.ok(['device', 'list', '--fleet', fleet.slug]);
    expect(list).toContain(` ${(uuid as string).slice(0, 7)} `);
    expect(list).toContain(` ${given.slice(0, 7)} `);
  });

  it('renames a device and sets its note', { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    expect(await cli.ok(['device', 'rename', uuid, 'kitchen-pi'])).toBe('');
    expect(await cli.ok(['device', 'note', 'behind the fridge', '--device', uuid])).toBe('');
    const shown = await cli.ok(['device', uuid]);
    expect(shown).toContain('== KITCHEN PI');
    expect(shown).toMatch(line('NOTE', 'behind the fridge'));
  });

  it('moves a device to another fleet', { timeout: 120_000 }, async () => {
    const from = await orgAndFleet(sdk);
    const to = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, from.slug);
    expect(await cli.ok(['device', 'move', uuid, '--fleet', to.slug])).toContain(`Device ${uuid} was moved to fleet ${to.slug}`);
    expect(await cli.ok(['device', uuid])).toMatch(line('FLEET', to.slug));
  });

  it("pins a device to a release, then makes it track its fleet's release", { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    const release = await createRelease(server.current.database.db, fleet.fleetId);
    expect(await cli.ok(['device', 'pin', uuid, release.commit])).toBe('');
    expect(await cli.ok(['device', 'pin', uuid])).toContain(`This device is currently pinned to ${release.commit}.`);
    expect(await cli.ok(['device', 'track-fleet', uuid])).toBe('');
    const tracking = await cli.ok(['device', 'pin', uuid]);
    expect(tracking).toContain('This device is not currently pinned to any release.');
    expect(tracking).toContain(`balena release list ${fleet.slug}`);
  });

  it('removes a device: it is gone from show and list', { timeout: 120_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    expect(await cli.ok(['device', 'rm', uuid, '--yes'])).toBe('');
    const shown = await cli.run(['device', uuid]);
    expect(shown.code).not.toBe(0);
    expect(shown.stderr).toContain(`BalenaDeviceNotFound: Device not found: ${uuid}`);
    expect(await cli.ok(['device', 'list', '--fleet', fleet.slug])).not.toContain(uuid.slice(0, 7));
  });

  it("answers another user's CLI with not-found for a device and fleet it cannot see, and changes nothing", { timeout: 180_000 }, async () => {
    const fleet = await orgAndFleet(sdk);
    const { uuid } = await registeredDevice(sdk, fleet.slug);
    const release = await createRelease(server.current.database.db, fleet.fleetId);
    const { sdk: otherSdk, cli: other } = await signedUpCli(server.current);
    const ownFleet = await orgAndFleet(otherSdk);
    const own = await registeredDevice(otherSdk, ownFleet.slug);

    const deviceNotFound = `Device not found: ${uuid}`;
    const fleetNotFound = `BalenaApplicationNotFound: Application not found: ${fleet.slug}`;
    const refused: [string[], string][] = [
      [['device', uuid], deviceNotFound],
      [['device', 'rename', uuid, 'stolen'], deviceNotFound],
      [['device', 'note', 'stolen', '--device', uuid], deviceNotFound],
      [['device', 'pin', uuid, release.commit], deviceNotFound],
      [['device', 'move', uuid, '--fleet', ownFleet.slug], deviceNotFound],
      [['device', 'rm', uuid, '--yes'], deviceNotFound],
      [['device', 'list', '--fleet', fleet.slug], fleetNotFound],
      [['device', 'register', fleet.slug], fleetNotFound],
      [['device', 'move', own.uuid, '--fleet', fleet.slug], fleetNotFound],
    ];
    for (const [args, message] of refused) {
      const result = await other.run(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      // `device rm` reports each uuid it could not remove on stdout; the others throw to stderr.
      expect(result.stdout + result.stderr, args.join(' ')).toContain(message);
    }

    const device = await sdk.models.device.get(uuid, { $select: ['device_name', 'note'], $expand: { belongs_to__application: { $select: 'id' }, is_pinned_on__release: { $select: 'id' } } });
    expect(device).toMatchObject({ note: null, belongs_to__application: [{ id: fleet.fleetId }], is_pinned_on__release: [] });
    expect(device.device_name).not.toBe('stolen');
    expect(await sdk.models.device.getAllByApplication(fleet.slug, { $select: 'id' })).toHaveLength(1);
    expect((await otherSdk.models.device.get(own.uuid, { $expand: { belongs_to__application: { $select: 'id' } } })).belongs_to__application).toEqual([{ id: ownFleet.fleetId }]);
  });
});
