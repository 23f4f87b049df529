// balena-cli 25 `device-type list` and balena-sdk `os.getDownloadSize` against the server as
// `npm start` runs it (issue 15): the device types listed are those with a published host OS,
// which the server publishes from apps/api/reference-data/os-releases.json when it starts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSdk } from 'balena-sdk';
import { startServer, type RunningServer } from '../../src/server.ts';
import { balenaCli } from './cli.ts';

let server: RunningServer;
beforeAll(async () => {
  // startServer is what `npm start` runs: it publishes the OS release catalog before serving.
  server = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'flotilla-cli-dt-')), LOG_LEVEL: 'silent' });
});
afterAll(async () => server?.stop());

const MiB = 1024 * 1024;

describe('balena device-type list', () => {
  it('prints the device types that have a published host OS, with their architecture and name, without signing in', async () => {
    const cli = balenaCli(server.url);
    const out = await cli.ok(['device-type', 'list']);
    expect(out).toMatch(/^SLUG\s+ALIASES\s+ARCH\s+NAME$/m);
    expect(out).toMatch(/^raspberrypi4-64\s+.*aarch64\s+Raspberry Pi 4/m);
    expect(out).toMatch(/^intel-nuc\s+.*amd64\s+Intel NUC/m);
    expect(out).toMatch(/^raspberrypi3\s+.*armv7hf\s+Raspberry Pi 3/m);
    // beaglebone-black is a device type without an OS in the catalog: not supported, listed only with --all.
    expect(out).not.toMatch(/^beaglebone-black\s/m);
    const all = await cli.ok(['device-type', 'list', '--all']);
    expect(all).toMatch(/^beaglebone-black\s/m);
  });

  it('prints the same as JSON', async () => {
    const cli = balenaCli(server.url);
    const listed = JSON.parse(await cli.ok(['device-type', 'list', '--json'])) as Array<{ slug: string; arch: string; aliases: string[]; name: string }>;
    expect(listed).toContainEqual({ slug: 'jetson-orin-nano', arch: 'aarch64', aliases: expect.any(Array), name: expect.stringMatching(/Orin Nano/) });
    expect(listed.map((d) => d.slug)).not.toContain('beaglebone-black');
  });
});

describe('os.getDownloadSize', () => {
  it('reads the size of a version and of the latest one from the catalog, and rejects an unknown version', async () => {
    const sdk = getSdk({ apiUrl: server.url, dataDirectory: false } as never);
    expect(await sdk.models.os.getDownloadSize('raspberrypi4-64', '6.0.13')).toBe(1200 * MiB);
    expect(await sdk.models.os.getDownloadSize('raspberrypi4-64')).toBe(1228 * MiB);
    await expect(sdk.models.os.getDownloadSize('raspberrypi4-64', '9.9.9')).rejects.toMatchObject({ statusCode: 404 });
  });
});
