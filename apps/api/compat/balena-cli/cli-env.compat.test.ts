// balena-cli 25 `env set|list|rename|rm` against a live Flotilla server (issue 15): fleet, fleet
// config, fleet service, device, device config and device service variables, each updated in
// place by a second `env set` (the SDK's POST, 409, then PATCH), and refused to a stranger.
// (The CLI has no release-scoped variables: a release's image variables come from `deploy`.)
import { beforeAll, describe, expect, it } from 'vitest';
import { balenaDeploy } from '../balena-deploy.ts';
import { orgAndFleet, registeredDevice, sdkFor, useLiveServer, type Fleet, type Sdk } from '../sdk-fixtures.ts';
import { balenaCli, type BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();

let cli: BalenaCli;
let sdk: Sdk;
let fleet: Fleet;
let uuid: string;

beforeAll(async () => {
  ({ sdk, cli } = await signedUpCli(server.current));
  fleet = await orgAndFleet(sdk);
  ({ uuid } = await registeredDevice(sdk, fleet.slug));
  await balenaDeploy(sdk, server.current.url, fleet.fleetId, { services: [{ name: 'main' }] });
});

/** The `env list` table row of `name` with these further cells; answers the variable's id. */
function rowId(table: string, name: string, ...cells: string[]): number {
  const match = new RegExp(`^(\\d+)\\s+${name}\\s+${cells.join('\\s+')}\\s*$`, 'm').exec(table);
  expect(match, `row ${name} ${cells.join(' ')} in\n${table}`).not.toBeNull();
  return Number(match![1]);
}

/** The stored value of a variable, read back with the owner's SDK (rename and rm print nothing). */
async function stored(resource: string, id: number): Promise<string | undefined> {
  const row = (await sdk.pine.get({ resource, id, options: { $select: 'value' } } as never)) as { value: string } | undefined;
  return row?.value;
}

/** Renames (sets the value of) and removes a variable with the CLI, checking each in the database. */
async function renameAndRemove(resource: string, id: number, flags: string[]): Promise<void> {
  await cli.ok(['env', 'rename', String(id), 'renamed', ...flags]);
  expect(await stored(resource, id)).toBe('renamed');
  await cli.ok(['env', 'rm', String(id), ...flags, '--yes']);
  expect(await stored(resource, id)).toBeUndefined();
}

describe('balena env on a fleet', () => {
  it('sets, updates in place, lists, renames and removes a fleet variable', async () => {
    await cli.ok(['env', 'set', 'GREETING', 'hello', '--fleet', fleet.slug]);
    // The second set of an existing name updates it (409 on POST, then PATCH).
    await cli.ok(['env', 'set', 'GREETING', 'hi there', '--fleet', fleet.slug]);
    const table = await cli.ok(['env', 'list', '--fleet', fleet.slug]);
    expect(table).toMatch(/^ID\s+NAME\s+VALUE\s+FLEET\s+SERVICE\s*$/m);
    const id = rowId(table, 'GREETING', 'hi there', fleet.slug, '\\*');
    await renameAndRemove('application_environment_variable', id, []);
  });

  it('sets, updates and removes a fleet configuration variable (BALENA_ prefix), listed by --config only', async () => {
    await cli.ok(['env', 'set', 'BALENA_SUPERVISOR_POLL_INTERVAL', '600000', '--fleet', fleet.slug]);
    await cli.ok(['env', 'set', 'BALENA_SUPERVISOR_POLL_INTERVAL', '900000', '--fleet', fleet.slug]);
    const config = await cli.ok(['env', 'list', '--fleet', fleet.slug, '--config']);
    expect(config).toMatch(/^ID\s+NAME\s+VALUE\s+FLEET\s*$/m);
    const id = rowId(config, 'BALENA_SUPERVISOR_POLL_INTERVAL', '900000', fleet.slug);
    // A poll interval is a whole number of ms ≥ 10000: `env rename` to a word is refused, the CLI says why.
    const refused = await cli.run(['env', 'rename', String(id), 'renamed', '--config']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('The poll interval must be a whole number of milliseconds, at least 10000.');
    await cli.ok(['env', 'rename', String(id), '120000', '--config']);
    expect(await stored('application_config_variable', id)).toBe('120000');
    await cli.ok(['env', 'rm', String(id), '--config', '--yes']);
    expect(await stored('application_config_variable', id)).toBeUndefined();
  });

  it('sets, updates and removes a fleet service variable', async () => {
    await cli.ok(['env', 'set', 'LEVEL', 'debug', '--fleet', fleet.slug, '--service', 'main']);
    await cli.ok(['env', 'set', 'LEVEL', 'info', '--fleet', fleet.slug, '--service', 'main']);
    const id = rowId(await cli.ok(['env', 'list', '--fleet', fleet.slug, '--service', 'main']), 'LEVEL', 'info', fleet.slug, 'main');
    await renameAndRemove('service_environment_variable', id, ['--service']);
  });

  it('names a service the fleet does not have', async () => {
    const res = await cli.run(['env', 'set', 'LEVEL', 'x', '--fleet', fleet.slug, '--service', 'nope']);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`Cannot find service nope for fleet ${fleet.slug}`);
  });
});

describe('balena env on a device', () => {
  it('sets, updates and removes a device variable, listed next to the fleet variable it overrides', async () => {
    await cli.ok(['env', 'set', 'MODE', 'fleet-wide', '--fleet', fleet.slug]);
    await cli.ok(['env', 'set', 'MODE', 'first', '--device', uuid]);
    await cli.ok(['env', 'set', 'MODE', 'second', '--device', uuid]);
    const table = await cli.ok(['env', 'list', '--device', uuid]);
    expect(table).toMatch(/^ID\s+NAME\s+VALUE\s+FLEET\s+DEVICE\s+SERVICE\s*$/m);
    rowId(table, 'MODE', 'fleet-wide', fleet.slug, '\\*', '\\*');
    const id = rowId(table, 'MODE', 'second', fleet.slug, uuid, '\\*');
    await renameAndRemove('device_environment_variable', id, ['--device']);
  });

  it('sets, updates and removes a device configuration variable', async () => {
    await cli.ok(['env', 'set', 'BALENA_HOST_CONFIG_gpu_mem', '64', '--device', uuid]);
    await cli.ok(['env', 'set', 'BALENA_HOST_CONFIG_gpu_mem', '128', '--device', uuid]);
    const id = rowId(await cli.ok(['env', 'list', '--device', uuid, '--config']), 'BALENA_HOST_CONFIG_gpu_mem', '128', fleet.slug, uuid);
    await renameAndRemove('device_config_variable', id, ['--device', '--config']);
  });

  it('sets, updates and removes a device service variable', async () => {
    await cli.ok(['env', 'set', 'PORT', '80', '--device', uuid, '--service', 'main']);
    await cli.ok(['env', 'set', 'PORT', '8080', '--device', uuid, '--service', 'main']);
    const id = rowId(await cli.ok(['env', 'list', '--device', uuid, '--service', 'main']), 'PORT', '8080', fleet.slug, uuid, 'main');
    await renameAndRemove('device_service_environment_variable', id, ['--device', '--service']);
  });
});

describe('balena env with a device key', () => {
  it("lists the device's own variables, its service variables included, and none of another device's", async () => {
    await sdk.models.application.envVar.set(fleet.slug, 'FLEET_WIDE', 'f');
    await sdk.models.device.envVar.set(uuid, 'OWN', 'd');
    await sdk.models.device.serviceVar.set(uuid, 'main', 'OWN_SERVICE', 's');
    const { uuid: neighbour } = await registeredDevice(sdk, fleet.slug);
    await sdk.models.device.serviceVar.set(neighbour, 'main', 'NEIGHBOUR_SERVICE', 'n');
    const deviceKey = await sdk.models.device.generateDeviceKey(uuid);
    const asDevice = balenaCli(server.current.url);
    await asDevice.login(deviceKey);

    const table = await asDevice.ok(['env', 'list', '--device', uuid]);
    rowId(table, 'FLEET_WIDE', 'f', fleet.slug, '\\*', '\\*');
    rowId(table, 'OWN', 'd', fleet.slug, uuid, '\\*');
    rowId(table, 'OWN_SERVICE', 's', fleet.slug, uuid, 'main');
    // Its neighbour's service variables stay the neighbour's, whatever the device asks for.
    const device = sdkFor(server.current);
    await device.auth.loginWithToken(deviceKey);
    const readable = (await device.pine.get({ resource: 'device_service_environment_variable', options: { $select: 'name' } } as never)) as { name: string }[];
    expect(readable.map((v) => v.name)).toEqual(['OWN_SERVICE']);
  });
});

describe('balena env for someone else', () => {
  it("neither reads nor writes another user's fleet and device variables", async () => {
    await sdk.models.application.envVar.set(fleet.slug, 'SECRET', 'mine');
    const [secret] = (await sdk.pine.get({ resource: 'application_environment_variable', options: { $select: 'id', $filter: { name: 'SECRET' } } } as never)) as { id: number }[];
    const secretId = secret!.id;
    const { cli: other } = await signedUpCli(server.current);

    const results = {
      list: await other.run(['env', 'list', '--fleet', fleet.slug]),
      set: await other.run(['env', 'set', 'SECRET', 'theirs', '--fleet', fleet.slug]),
      device: await other.run(['env', 'list', '--device', uuid]),
      rename: await other.run(['env', 'rename', String(secretId), 'theirs']),
      rm: await other.run(['env', 'rm', String(secretId), '--yes']),
    };
    expect(results.list.stderr).toContain(`Application not found: ${fleet.slug}`);
    expect(results.set.stderr).toContain(`Application not found: ${fleet.slug}, fleet: ${fleet.slug}`);
    expect(results.device.stderr).toContain(`Device not found: ${uuid}`);
    expect(results.rename.stderr).toContain('Request error: application_environment_variable not found');
    expect(results.rm.stderr).toContain('Request error: application_environment_variable not found');
    for (const r of Object.values(results)) expect(r.code).not.toBe(0);
    expect(await stored('application_environment_variable', secretId)).toBe('mine');
  });
});
