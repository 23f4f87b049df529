// balena-cli 25 `config generate` against a live Flotilla server (issue 15, compat/balena-api.md
// §4 `POST /download-config`, §5.1): the config.json it writes for a fleet and for a device.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orgAndFleet, registeredDevice, useLiveServer } from '../sdk-fixtures.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();

const outputFile = () => join(mkdtempSync(join(tmpdir(), 'config-generate-')), 'config.json');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
/** The value the CLI printed for `key` (it prints config.json as `key: value` lines, as well as writing it). */
const printed = (out: string, key: string) => new RegExp(`^${key}:[ ]+(.*)$`, 'm').exec(out)?.[1];

describe('balena config generate', () => {
  it('writes a fleet config.json whose provisioning key registers a device', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const file = outputFile();
    const out = await cli.ok(['config', 'generate', '--fleet', slug, '--version', '6.0.13', '--network', 'ethernet', '--appUpdatePollInterval', '10', '--output', file]);
    const config = readJson(file);
    expect(printed(out, 'applicationId')).toBe(String(fleetId));
    expect(printed(out, 'deviceType')).toBe('raspberrypi4-64');
    expect(printed(out, 'apiEndpoint')).toBe(server.current.url);
    expect(printed(out, 'appUpdatePollInterval')).toBe('600000');
    expect(printed(out, 'apiKey')).toBe(config.apiKey);
    const { id: userId } = await sdk.auth.getUserInfo();
    expect(config).toMatchObject({
      applicationId: fleetId,
      deviceType: 'raspberrypi4-64',
      userId,
      apiKey: expect.stringMatching(/^\w{20,}$/),
      apiEndpoint: server.current.url,
      registryEndpoint: expect.any(String),
      listenPort: 48484,
      // The CLI asks in minutes; config.json carries milliseconds (compat §5.1).
      appUpdatePollInterval: 10 * 60_000,
      network: 'ethernet',
    });
    expect(config).not.toHaveProperty('uuid');
    // No DELTA_URL on this server: no delta endpoint for the supervisor to try (compat §5.1).
    expect(config).not.toHaveProperty('deltaEndpoint');
    expect(config).not.toHaveProperty('deviceApiKey');
    // The CLI names the key it had minted; the fleet lists it.
    const keys = await sdk.models.apiKey.getProvisioningApiKeysByApplication(slug, { $select: ['name'] });
    expect(keys.length).toBe(1);
    const register = await fetch(`${server.current.url}/device/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(config.apiKey)}` },
      body: JSON.stringify({ uuid: sdk.models.device.generateUniqueKey(), device_type: config.deviceType, api_key: 'k'.repeat(32) }),
    });
    expect(register.status).toBe(201);
  });

  it('writes a device config.json with its uuid and a fresh device key that authenticates as the device', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug, fleetId } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    const file = outputFile();
    const out = await cli.ok(['config', 'generate', '--device', device.uuid, '--version', '6.0.13', '--network', 'ethernet', '--appUpdatePollInterval', '10', '--output', file]);
    const config = readJson(file);
    expect(printed(out, 'uuid')).toBe(device.uuid);
    expect(printed(out, 'deviceId')).toBe(String(device.id));
    expect(printed(out, 'deviceApiKey')).toBe(config.deviceApiKey);
    expect(printed(out, 'apiKey')).toBeUndefined();
    expect(config).toMatchObject({
      applicationId: fleetId,
      deviceType: 'raspberrypi4-64',
      uuid: device.uuid,
      deviceId: device.id,
      deviceApiKey: expect.stringMatching(/^\w{20,}$/),
      apiEndpoint: server.current.url,
      registryEndpoint: expect.any(String),
      listenPort: 48484,
      appUpdatePollInterval: 10 * 60_000,
    });
    expect(config.deviceApiKey).not.toBe(device.apiKey);
    // The device key the CLI generated reads the device, as the supervisor's key exchange does (compat §5.2).
    const read = await fetch(`${server.current.url}/v7/device?$select=id&$filter=uuid eq '${device.uuid}'`, {
      headers: { authorization: `Bearer ${String(config.deviceApiKey)}` },
    });
    expect(await read.json()).toEqual({ d: [{ id: device.id }] });
  });

  it('--initial-device-name: the device agent started from that config.json registers and takes the name', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug } = await orgAndFleet(sdk);
    const file = outputFile();
    await cli.ok(['config', 'generate', '--fleet', slug, '--version', '6.0.13', '--network', 'ethernet', '--appUpdatePollInterval', '10', '--initial-device-name', 'greenhouse-1', '--output', file]);
    expect(readJson(file)).toMatchObject({ initialDeviceName: 'greenhouse-1' });
    // The agent command the dashboard's Add device dialog prints (`npx tsx apps/device/src/cli.ts --config <file>`).
    const repoRoot = resolve(import.meta.dirname, '../../../..');
    const stateFile = join(mkdtempSync(join(tmpdir(), 'agent-state-')), 'devices.json');
    const agent = spawn(process.execPath, ['--import', 'tsx', 'apps/device/src/cli.ts', '--config', file, '--state-file', stateFile, '--no-link', '--quiet'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
    try {
      await expect
        .poll(async () => (await sdk.models.device.getAllByApplication(slug, { $select: ['device_name'] })).map((d) => d.device_name), { timeout: 30_000, interval: 500 })
        .toEqual(['greenhouse-1']);
    } finally {
      agent.kill('SIGTERM');
    }
  });

  it('says so when the fleet does not exist', async () => {
    const { cli } = await signedUpCli(server.current);
    const result = await cli.run(['config', 'generate', '--fleet', 'nobody/nothing', '--version', '6.0.13', '--network', 'ethernet', '--output', outputFile()]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/not found/i);
  });
});
