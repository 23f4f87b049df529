import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DEVICE_ALLOWANCE } from '@flotilla/core/device-allowance';
import { LINK_CLOSE } from '@flotilla/core/device-link';
import { createTestApp, type TestContext } from '../test/harness.ts';
import { registerTestDevice, TestLink, type TestDevice } from '../device-link/device-link-test-device.ts';
import { openLogStream } from '../device-logs/log-test-helpers.ts';
import { startFleetSimulator } from '../../../device/src/simulator.ts';
import { createFleetWithProvisioningKey, type TestFleetWithKey } from './device-test-factories.ts';
import { MSG_DEVICE_FROZEN } from './device-frozen.ts';

/**
 * A device registered beyond its organization's free allowance is frozen (device-allowance.int.test.ts)
 * and then not served (device-frozen.ts): its polls are 304 without a state or a heartbeat, its
 * uploads 401, its link refused; the devices within the allowance are served as before.
 */
let ctx: TestContext;
let baseUrl: string;
let served: TestDevice;
let frozen: TestDevice;
let fleet: TestFleetWithKey;
const links: TestLink[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fleet = await createFleetWithProvisioningKey(ctx.database.db);
  const within: TestDevice[] = [];
  for (let i = 0; i < FREE_DEVICE_ALLOWANCE; i++) within.push(await registerTestDevice(ctx.app, fleet));
  served = within[0]!;
  frozen = await registerTestDevice(ctx.app, fleet);
  const row = await ctx.database.db.selectFrom('device').select('is_frozen').where('id', '=', frozen.id).executeTakeFirstOrThrow();
  expect(row.is_frozen).toBe(true);
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.close()));
  await ctx?.close();
});

const as = (device: TestDevice) => ({ authorization: `Bearer ${device.apiKey}` });
const heartbeat = (device: { id: number }) =>
  ctx.database.db.selectFrom('device').select(['api_heartbeat_state', 'last_connectivity_event', 'os_version', 'is_connected_to_vpn']).where('id', '=', device.id).executeTakeFirstOrThrow();

describe('a frozen device', () => {
  it('polls a 304 without a state or a heartbeat (and without an ETag unless it holds one), on v3 and v2; a served device gets its state', async () => {
    for (const version of ['v3', 'v2']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/device/${version}/${frozen.uuid}/state`, headers: as(frozen) });
      expect([res.statusCode, res.body, res.headers.etag]).toEqual([304, '', undefined]);
      // A supervisor that holds a tag gets it back, so it counts the poll as a good one.
      const held = await ctx.app.inject({ method: 'GET', url: `/device/${version}/${frozen.uuid}/state`, headers: { ...as(frozen), 'if-none-match': 'W/"held"' } });
      expect([held.statusCode, held.headers.etag]).toEqual([304, 'W/"held"']);
    }
    expect(await heartbeat(frozen)).toMatchObject({ api_heartbeat_state: 'unknown', last_connectivity_event: null });
    // Another device's uuid is still refused as before, frozen or not.
    expect((await ctx.app.inject({ method: 'GET', url: `/device/v3/${served.uuid}/state`, headers: as(frozen) })).statusCode).toBe(403);
    const ok = await ctx.app.inject({ method: 'GET', url: `/device/v3/${served.uuid}/state`, headers: as(served) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveProperty(served.uuid);
    expect((await heartbeat(served)).api_heartbeat_state).toBe('online');
  });

  it('is refused with 401 on its state and tags reports, its log uploads and its OData writes, writing nothing', async () => {
    const state = await ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: as(frozen), payload: { [frozen.uuid]: { os_version: 'balenaOS 6.1.0' } } });
    expect([state.statusCode, state.json().error]).toEqual([401, MSG_DEVICE_FROZEN]);
    expect((await heartbeat(frozen)).os_version).not.toBe('balenaOS 6.1.0');
    const tags = await ctx.app.inject({ method: 'PATCH', url: '/device/v3/tags', headers: as(frozen), payload: { [frozen.uuid]: { rack: 'r1' } } });
    expect(tags.statusCode).toBe(401);
    const batch = await ctx.app.inject({ method: 'POST', url: `/device/v2/${frozen.uuid}/logs`, headers: as(frozen), payload: [{ message: 'hello', timestamp: Date.now() }] });
    expect(batch.statusCode).toBe(401);
    const stream = openLogStream(baseUrl, frozen.uuid, frozen.apiKey);
    expect((await stream.response).status).toBe(401);
    stream.request.destroy();
    // Nor through OData: its own row, its tags, its configuration.
    for (const [method, url, payload] of [
      ['PATCH', `/v7/device(${frozen.id})`, { status: 'Idle' }],
      ['POST', '/v7/device_tag', { device: frozen.id, tag_key: 'rack', value: 'r1' }],
      ['POST', '/v7/device_config_variable', { device: frozen.id, name: 'BALENA_X', value: '1' }],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: as(frozen), payload });
      expect([res.statusCode, res.json().error], url).toEqual([401, MSG_DEVICE_FROZEN]);
    }
    const stored = await ctx.database.db.selectFrom('device_log').select('id').where('device', '=', frozen.id).execute();
    const tagRows = await ctx.database.db.selectFrom('device_tag').select('id').where('device', '=', frozen.id).execute();
    expect([stored, tagRows]).toEqual([[], []]);
    // The served device's report goes through.
    const served200 = await ctx.app.inject({ method: 'PATCH', url: '/device/v3/state', headers: as(served), payload: { [served.uuid]: { os_version: 'balenaOS 6.1.0' } } });
    expect(served200.statusCode).toBe(200);
  });

  it('gets no registry token for its fleet\u2019s images; a served device does', async () => {
    const basic = (d: TestDevice) => ({ authorization: `Basic ${Buffer.from(`d_${d.uuid}:${d.apiKey}`).toString('base64')}` });
    const url = `/auth/v1/token?service=registry.example&scope=${encodeURIComponent('repository:v2/anything:pull')}`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: basic(frozen) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: basic(served) })).statusCode).toBe(200);
  });

  it('is neither found nor re-keyed by the provisioning key, though it was never heard from', async () => {
    const pk = { authorization: `Bearer ${fleet.provisioningKey}` };
    expect((await ctx.app.inject({ method: 'GET', url: `/v7/device?$select=id&$filter=uuid%20eq%20'${frozen.uuid}'`, headers: pk })).json().d).toEqual([]);
    const exchange = await ctx.app.inject({ method: 'POST', url: `/api-key/device/${frozen.id}/device-key`, headers: pk, payload: { apiKey: 'f'.repeat(32) } });
    expect(exchange.statusCode).toBe(403);
    // Its own key still works (for the 304s it gets).
    expect((await ctx.app.inject({ method: 'GET', url: `/device/v3/${frozen.uuid}/state`, headers: as(frozen) })).statusCode).toBe(304);
  });

  it('has its link refused, so nothing reaches it through /supervisor', async () => {
    const link = await TestLink.open(baseUrl, frozen.apiKey);
    links.push(link);
    expect(await link.closed).toMatchObject({ code: LINK_CLOSE.unauthorized });
    expect((await heartbeat(frozen)).is_connected_to_vpn).toBe(false);
  });

  it('the agent registered beyond the allowance is held back: it polls, reports nothing and stays offline', async () => {
    const sim = await startFleetSimulator({ apiUrl: baseUrl, provisioningKey: fleet.provisioningKey, count: 1, intervalMs: 200 });
    try {
      await sim.waitUntilProvisioned(10_000);
      const [device] = sim.devices;
      expect([device!.isHeldBack, device!.hasTargetState]).toEqual([true, false]);
      await new Promise((r) => setTimeout(r, 500));
      expect(device!.polls).toBeGreaterThan(1);
      expect(device!.reports).toBe(0);
      expect(await heartbeat({ id: device!.identity.deviceId! })).toMatchObject({ api_heartbeat_state: 'unknown', is_connected_to_vpn: false });
    } finally {
      await sim.stop();
    }
  });
});
