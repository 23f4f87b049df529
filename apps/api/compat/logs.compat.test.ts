// balena-sdk models.logs against a live Flotilla server (compat/balena-api.md §4 logs routes, §5.5 upload).
import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { orgAndFleet, registeredDevice, signedUpSdk, useLiveServer } from './sdk-fixtures.ts';

const server = useLiveServer();

/** Uploads lines as the supervisor does: gzip NDJSON on the log-stream, with the device key. */
async function upload(uuid: string, apiKey: string, lines: object[]): Promise<void> {
  const res = await fetch(`${server.current.url}/device/v2/${uuid}/log-stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' },
    body: gzipSync(lines.map((l) => `${JSON.stringify(l)}\n`).join('')),
  });
  expect(res.status).toBe(201);
}

type Line = { message: string; timestamp: number; createdAt: number; isSystem: boolean; isStdErr: boolean; serviceId?: number };

describe('logs', () => {
  it('history: the stored lines oldest first, with count', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    await upload(device.uuid, device.apiKey, [
      { message: 'Supervisor starting', timestamp: 1_700_000_000_000, isSystem: true },
      { message: 'app up', timestamp: 1_700_000_000_100, serviceId: 12 },
      { message: 'app warning', timestamp: 1_700_000_000_200, serviceId: 12, isStdErr: true },
    ]);
    const all = (await sdk.logs.history(device.uuid)) as Line[];
    expect(all).toEqual([
      { message: 'Supervisor starting', timestamp: 1_700_000_000_000, createdAt: expect.any(Number), isSystem: true, isStdErr: false },
      { message: 'app up', timestamp: 1_700_000_000_100, createdAt: expect.any(Number), isSystem: false, isStdErr: false, serviceId: 12 },
      { message: 'app warning', timestamp: 1_700_000_000_200, createdAt: expect.any(Number), isSystem: false, isStdErr: true, serviceId: 12 },
    ]);
    const last = (await sdk.logs.history(device.id, { count: 1 })) as Line[];
    expect(last.map((l) => l.message)).toEqual(['app warning']);
  });

  it('subscribe: receives a line emitted after subscribing (and the history it asked for)', async () => {
    const { sdk } = await signedUpSdk(server.current);
    const { slug } = await orgAndFleet(sdk);
    const device = await registeredDevice(sdk, slug);
    await upload(device.uuid, device.apiKey, [{ message: 'before', timestamp: Date.now() - 1000, isSystem: true }]);
    const subscription = await sdk.logs.subscribe(device.uuid, { count: 1 });
    const lines: Line[] = [];
    const errors: unknown[] = [];
    subscription.on('line', (l: Line) => lines.push(l));
    subscription.on('error', (e: unknown) => errors.push(e));
    try {
      const waitFor = async (n: number) => {
        const deadline = Date.now() + 10_000;
        while (lines.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      };
      await waitFor(1);
      expect(lines.map((l) => l.message)).toEqual(['before']);
      await upload(device.uuid, device.apiKey, [{ message: 'after subscribing', timestamp: Date.now(), serviceId: 3 }]);
      await waitFor(2);
      expect(lines.map((l) => l.message)).toEqual(['before', 'after subscribing']);
      expect(lines[1]).toMatchObject({ serviceId: 3, isSystem: false });
      expect(errors).toEqual([]);
    } finally {
      subscription.unsubscribe();
    }
  });
});
