// balena-cli 25 device operations against a live Flotilla server (issue 15): `device logs` (history
// and --tail), `device identify|reboot|restart` on simulated devices that keep their link
// (apps/device), and `device os-update` up to the server's answer — each asserted on what the
// CLI prints and on what the device or the server did.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFleetSimulator, type FleetSimulator } from '../../../device/src/simulator.ts';
import { createRelease } from '../../src/devices/device-test-factories.ts';
import { loadOsReleaseCatalog } from '../../src/os-releases/os-release-catalog.ts';
import { seedOsReleases } from '../../src/os-releases/os-release-seed.ts';
import { orgAndFleet, registeredDevice, useLiveServer, type Sdk } from '../sdk-fixtures.ts';
import type { BalenaCli } from './cli.ts';
import { signedUpCli } from './signed-up-cli.ts';

const server = useLiveServer();
beforeAll(async () => {
  await seedOsReleases(server.current.database.db, loadOsReleaseCatalog());
});
const simulators: FleetSimulator[] = [];
afterAll(async () => {
  await Promise.all(simulators.map((s) => s.stop()));
});

/** Sends log lines as the supervisor does: gzip NDJSON on the log stream, with the device key (compat §5.5). */
async function sendLogs(uuid: string, apiKey: string, lines: object[]): Promise<void> {
  const res = await fetch(`${server.current.url}/device/v2/${uuid}/log-stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
    body: gzipSync(lines.map((l) => `${JSON.stringify(l)}\n`).join('')),
  });
  expect(res.status).toBe(201);
}

/** `balena <args>` left running (for --tail): its output so far, and a way to stop it. */
function spawnCli(cli: BalenaCli, args: string[]) {
  const child = spawn(process.execPath, [inject('balenaCliEntry'), ...args], { env: { PATH: process.env.PATH ?? '', HOME: cli.dataDir, ...cli.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    output: () => stdout,
    errors: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A fleet with one simulated device linked to the server (device-actions.compat.test.ts). */
async function linkedDevice(sdk: Sdk, withRelease = false, rebootMs = 800) {
  const fleet = await orgAndFleet(sdk);
  if (withRelease) await createRelease(server.current.database.db, fleet.fleetId, { makeTarget: true });
  const provisioningKey = await sdk.models.application.generateProvisioningKey({ slugOrUuidOrId: fleet.slug, keyExpiryDate: null });
  const simulator = await startFleetSimulator({ apiUrl: server.current.url, provisioningKey, count: 1, intervalMs: 500, rebootMs, log: () => undefined });
  simulators.push(simulator);
  await simulator.waitUntilProvisioned(30_000);
  const uuid = simulator.devices[0]!.identity.uuid;
  await expect.poll(() => sdk.models.device.isOnline(uuid), { timeout: 15_000 }).toBe(true);
  return uuid;
}

describe('balena device logs', () => {
  it('prints the history, system lines and service lines, oldest first', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    await sendLogs(device.uuid, device.apiKey, [
      { message: 'Supervisor starting', timestamp: Date.now() - 3000, isSystem: true },
      { message: 'app listening on 80', timestamp: Date.now() - 2000, serviceId: 4242 },
      { message: 'app warning', timestamp: Date.now() - 1000, serviceId: 4242, isStdErr: true },
    ]);
    const out = await cli.ok(['device', 'logs', device.uuid]);
    expect(out).toMatch(/\[Logs\]\s+\[.+\]\s+Supervisor starting/);
    // A service id the fleet does not know is printed as the CLI's "Unknown service".
    expect(out).toMatch(/\[Logs\]\s+\[.+\]\s+\[Unknown service\]\s+app listening on 80/);
    expect(out.indexOf('Supervisor starting')).toBeLessThan(out.indexOf('app listening on 80'));
    expect(out.indexOf('app listening on 80')).toBeLessThan(out.indexOf('app warning'));
    const systemOnly = await cli.ok(['device', 'logs', device.uuid, '--system']);
    expect(systemOnly).toContain('Supervisor starting');
    expect(systemOnly).not.toContain('app listening on 80');
  });

  it('--tail prints the recent lines, then a line the device sends afterwards', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    await sendLogs(device.uuid, device.apiKey, [{ message: 'before tail', timestamp: Date.now() - 1000, isSystem: true }]);
    const tail = spawnCli(cli, ['device', 'logs', device.uuid, '--tail']);
    try {
      await expect.poll(() => tail.output(), { timeout: 40_000 }).toContain('before tail');
      await sendLogs(device.uuid, device.apiKey, [{ message: 'sent while tailing', timestamp: Date.now(), isSystem: true }]);
      await expect.poll(() => tail.output(), { timeout: 15_000 }).toMatch(/\[Logs\]\s+\[.+\]\s+sent while tailing/);
    } finally {
      await tail.stop();
    }
    expect(tail.errors()).not.toMatch(/error/i);
  });
});

describe('balena device identify, reboot and restart', () => {
  it('identify: the device blinks (its supervisor logs "Identify", which device logs then prints)', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const uuid = await linkedDevice(sdk);
    await cli.ok(['device', 'identify', uuid]);
    await expect.poll(async () => cli.ok(['device', 'logs', uuid, '--system']), { timeout: 40_000, interval: 1000 }).toMatch(/\[Logs\]\s+\[.+\]\s+Identify/);
  });

  it('reboot: the device goes offline and comes back; a device that does not exist is refused', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const uuid = await linkedDevice(sdk, false, 3000);
    // Watched from before the command: the CLI takes seconds to start, longer than the device stays down.
    const seen: boolean[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        seen.push(await sdk.models.device.isOnline(uuid));
        await new Promise((done) => setTimeout(done, 200));
      }
    })();
    try {
      expect(await cli.ok(['device', 'reboot', uuid])).toBe('');
      await expect.poll(() => seen.includes(false), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => seen.at(-1), { timeout: 20_000 }).toBe(true);
    } finally {
      watching = false;
      await watcher;
    }
    const missing = await cli.run(['device', 'reboot', 'f'.repeat(32)]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/Device not found: f{32}/);
  });

  it('restart: the services of the running release restart on the device', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const uuid = await linkedDevice(sdk, true);
    await expect.poll(async () => (await sdk.models.device.get(uuid, { $select: 'is_running__release' })).is_running__release, { timeout: 20_000 }).not.toBeNull();
    const result = await cli.run(['device', 'restart', uuid]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`Restarting services on device ${uuid}`);
    await expect.poll(async () => cli.ok(['device', 'logs', uuid, '--system']), { timeout: 40_000, interval: 1000 }).toMatch(/Started service '/);
  });
});

describe('balena device os-update', () => {
  const runningOs = (id: number, version: string) =>
    server.current.database.db.updateTable('device').set({ os_version: `balenaOS ${version}`, os_variant: 'prod', supervisor_version: '17.0.0' }).where('id', '=', id).execute();

  it('refuses a version outside the update targets, and pins the device to an offered one', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    await runningOs(device.id, '6.0.0');
    // A downgrade is not among the targets balena-hup-action-utils allows from 6.0.0.
    const down = await cli.run(['device', 'os-update', device.uuid, '--version', '5.3.21', '--yes']);
    expect(down.code).not.toBe(0);
    expect(down.stderr).toContain('The provided version 5.3.21 is not in the Host OS update targets for this device');

    const up = await cli.run(['device', 'os-update', device.uuid, '--version', '6.0.13', '--yes']);
    expect(up.code).toBe(0);
    expect(up.stderr).not.toContain('Failed to start OS update');
    expect(up.stdout).toContain('The balena OS update has started.');
    const read = await sdk.models.device.get(device.uuid, { $select: 'id', $expand: { should_be_operated_by__release: { $select: 'raw_version' } } });
    expect(read.should_be_operated_by__release).toEqual([{ raw_version: '6.0.13' }]);
  });

  it('says when there is no update target for the running version', async () => {
    const { sdk, cli } = await signedUpCli(server.current);
    const { slug } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    await runningOs(device.id, '6.1.4');
    const result = await cli.run(['device', 'os-update', device.uuid, '--yes']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('There are no available Host OS update targets for this device');
  });
});
