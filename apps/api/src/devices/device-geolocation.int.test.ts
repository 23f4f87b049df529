import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKeySecret } from '../api-keys/api-key-secret.ts';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { createFleetWithProvisioningKey, newDeviceUuid, type TestFleetWithKey } from './device-test-factories.ts';

/**
 * GeoIP locations on the state report path (devices/device-geolocation.ts), against a stand-in
 * GeoIP service on a local port answering ip-api JSON, as the real one would: known addresses
 * have a place, a reserved one `status: "fail"`, one answers 500, one is held until released.
 */
const PLACES: Record<string, unknown> = {
  '203.0.113.10': { status: 'success', lat: 52.37, lon: 4.89, city: 'Amsterdam', country: 'Netherlands' },
  '203.0.113.20': { status: 'success', lat: -33.87, lon: 151.21, city: 'Sydney', country: 'Australia' },
  '203.0.113.30': { status: 'success', lat: 35.68, lon: 139.69, city: '', country: 'Japan' },
  '198.51.100.7': { status: 'fail', message: 'reserved range' },
};

let geo: Server;
/** Every address the stand-in was asked about, in order. */
const asked: string[] = [];
/** Answers held back until the test releases them (address → release). */
const held = new Map<string, () => void>();
let ctx: TestContext;
let plain: TestContext;
let fleet: TestFleetWithKey;

beforeAll(async () => {
  geo = createServer((req, res) => {
    const ip = decodeURIComponent(/^\/json\/([^/?]+)$/.exec(req.url ?? '')?.[1] ?? '');
    asked.push(ip);
    const answer = () => {
      if (ip === '198.51.100.99') {
        res.writeHead(500).end('overloaded');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(PLACES[ip] ?? { status: 'fail', message: 'invalid query' }));
    };
    if (ip === '198.51.100.50')
      held.set(ip, () => {
        held.delete(ip);
        answer();
      });
    else answer();
  });
  await new Promise<void>((resolve) => geo.listen(0, '127.0.0.1', resolve));
  const { port } = geo.address() as AddressInfo;
  ctx = await createTestApp({ geoIpUrl: `http://127.0.0.1:${port}/json/{ip}` });
  plain = await createTestApp();
  fleet = await createFleetWithProvisioningKey(ctx.database.db);
});
afterAll(async () => {
  for (const release of held.values()) release();
  await ctx?.close();
  await plain?.close();
  await new Promise((resolve) => geo?.close(resolve));
});

async function registerDevice(app: TestContext, f: TestFleetWithKey) {
  const uuid = newDeviceUuid();
  const apiKey = generateApiKeySecret();
  const res = await app.app.inject({
    method: 'POST',
    url: '/device/register',
    headers: { authorization: `Bearer ${f.provisioningKey}` },
    payload: { uuid, device_type: 'raspberrypi4-64', api_key: apiKey, os_version: 'balenaOS 6.0.0', supervisor_version: '17.0.0' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { uuid, apiKey, id: res.json<{ id: number }>().id };
}

/** A state report from `ip` (the socket's address, as a device connecting directly). */
async function report(app: TestContext, device: { uuid: string; apiKey: string }, ip: string) {
  const res = await app.app.inject({
    method: 'PATCH',
    url: '/device/v3/state',
    remoteAddress: ip,
    headers: { authorization: `Bearer ${device.apiKey}` },
    payload: { [device.uuid]: { status: 'Idle' } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const placeOf = (app: TestContext, id: number) =>
  app.database.db.selectFrom('device').select(['public_address', 'latitude', 'longitude', 'location']).where('id', '=', id).executeTakeFirstOrThrow();

describe('GeoIP location on the state report path', () => {
  it('records the public address, looks it up once, and sets latitude, longitude and "City, Country"', async () => {
    const device = await registerDevice(ctx, fleet);
    await report(ctx, device, '203.0.113.10');
    await expect.poll(() => placeOf(ctx, device.id)).toEqual({ public_address: '203.0.113.10', latitude: '52.37', longitude: '4.89', location: 'Amsterdam, Netherlands' });
    // The same address again: nothing to look up.
    await report(ctx, device, '203.0.113.10');
    await report(ctx, device, '::ffff:203.0.113.10');
    expect(asked.filter((ip) => ip === '203.0.113.10')).toHaveLength(1);

    // A new address: a new place. A place without a city is its country.
    await report(ctx, device, '203.0.113.20');
    await expect.poll(() => placeOf(ctx, device.id)).toMatchObject({ public_address: '203.0.113.20', latitude: '-33.87', location: 'Sydney, Australia' });
    await report(ctx, device, '203.0.113.30');
    await expect.poll(() => placeOf(ctx, device.id)).toMatchObject({ latitude: '35.68', longitude: '139.69', location: 'Japan' });
  });

  it('answers the report before the lookup ends, and keeps the old place when the service has none or fails', async () => {
    const device = await registerDevice(ctx, fleet);
    await report(ctx, device, '203.0.113.10');
    await expect.poll(() => placeOf(ctx, device.id)).toMatchObject({ location: 'Amsterdam, Netherlands' });

    // The service holds its answer: the report is answered all the same.
    await report(ctx, device, '198.51.100.50');
    await expect.poll(() => held.has('198.51.100.50')).toBe(true);
    expect(await placeOf(ctx, device.id)).toMatchObject({ public_address: '198.51.100.50', location: 'Amsterdam, Netherlands' });
    held.get('198.51.100.50')!();

    // "status: fail" (a reserved range) and an error status: logged, the place stays.
    const before = asked.length;
    await report(ctx, device, '198.51.100.7');
    await report(ctx, device, '198.51.100.99');
    await expect.poll(() => asked.length).toBe(before + 2);
    // Give a wrong write the time it would need, then check nothing moved.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await placeOf(ctx, device.id)).toEqual({ public_address: '198.51.100.99', latitude: '52.37', longitude: '4.89', location: 'Amsterdam, Netherlands' });
  });

  it('never sends a private or loopback address', async () => {
    const device = await registerDevice(ctx, fleet);
    const before = asked.length;
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.1.5', '::1', 'fe80::1']) await report(ctx, device, ip);
    expect(await placeOf(ctx, device.id)).toEqual({ public_address: 'fe80::1', latitude: null, longitude: null, location: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked.length).toBe(before);
  });

  it('without GEOIP_URL records the address and looks nothing up', async () => {
    const plainFleet = await createFleetWithProvisioningKey(plain.database.db);
    const device = await registerDevice(plain, plainFleet);
    const before = asked.length;
    await report(plain, device, '203.0.113.20');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked.length).toBe(before);
    expect(await placeOf(plain, device.id)).toEqual({ public_address: '203.0.113.20', latitude: null, longitude: null, location: null });
  });
});
