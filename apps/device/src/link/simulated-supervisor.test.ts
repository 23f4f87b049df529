import { afterEach, describe, expect, it } from 'vitest';
import type { TargetStateV3 } from '../api-client.ts';
import { OS_VERSION, SUPERVISOR_VERSION } from '../device.ts';
import { startFleetSimulator, type FleetSimulatorOptions } from '../simulator.ts';
import { FakeLinkApi } from './testing/fake-link-api.ts';
import { MemoryDeviceApi } from './testing/memory-device-api.ts';

/**
 * The simulator's devices answer supervisor requests over a real link: a fake API on a local
 * WebSocket sends the requests the cloud forwards (compat §4.1) and checks the supervisor's
 * replies and what the device does afterwards.
 */

const COMMIT = 'c0ffee'.padEnd(32, '0');
const target = (uuid: string): TargetStateV3 => ({
  [uuid]: {
    name: 'quiet-river',
    config: {},
    apps: {
      'app-uuid-1': {
        id: 1,
        name: 'fleet',
        class: 'fleet',
        releases: { [COMMIT]: { id: 7, services: { main: { id: 3, image_id: 77, image: 'registry/main' } } } },
      },
    },
  },
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(opts: Partial<FleetSimulatorOptions> = {}) {
  const linkApi = await FakeLinkApi.start();
  cleanups.push(() => linkApi.close());
  const api = new MemoryDeviceApi(target);
  const sim = await startFleetSimulator({
    apiUrl: linkApi.url,
    api,
    provisioningKey: 'PK',
    count: 1,
    // A long poll interval: anything that happens sooner was caused by the link.
    intervalMs: 60_000,
    updateStepMs: 5,
    appLogIntervalMs: 0,
    rebootMs: 300,
    ...opts,
  });
  cleanups.push(() => sim.stop());
  await sim.waitUntilProvisioned(5_000);
  const device = sim.devices[0]!;
  const link = await linkApi.nextLink();
  expect(link.authorization).toBe(`Bearer ${device.identity.apiKey}`);
  expect(await link.hello).toEqual({ type: 'hello', mode: 'simulated', supervisorVersion: SUPERVISOR_VERSION });
  // Let the release install so the services exist.
  await expect.poll(() => device.apps.get('app-uuid-1')?.running?.commit).toBe(COMMIT);
  return { linkApi, api, sim, device, link };
}

/** The status the device last reported for service `main`. */
function reportedMainStatus(api: MemoryDeviceApi, uuid: string): unknown {
  for (const report of [...api.reports].reverse()) {
    const apps = (report[uuid] as { apps?: Record<string, { releases: Record<string, { services: Record<string, { status: string }> }> }> })?.apps;
    const status = apps?.['app-uuid-1']?.releases[COMMIT]?.services.main?.status;
    if (status !== undefined) return status;
  }
  return undefined;
}

describe('simulated supervisor over the device link', () => {
  it('identify: POST /v1/blink answers text OK and logs Identify', async () => {
    const { device, link } = await setup();
    expect(await link.request('POST', '/v1/blink', {})).toMatchObject({ status: 200, body: 'OK' });
    expect(device.pendingLogs.map((l) => l.message)).toContain('Identify');
  });

  it('ping answers OK; an unknown path 404 Not Found', async () => {
    const { link } = await setup();
    expect(await link.request('GET', '/ping')).toMatchObject({ status: 200, body: 'OK' });
    expect(await link.request('POST', '/v1/no-such-thing', {})).toMatchObject({ status: 404, body: 'Not Found' });
  });

  it('GET /v1/device describes the device and its running release', async () => {
    const { device, link } = await setup();
    const reply = await link.request('GET', '/v1/device');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      api_port: 48484,
      ip_address: device.identity.ipAddress,
      commit: COMMIT,
      status: 'Idle',
      download_progress: null,
      os_version: OS_VERSION,
      supervisor_version: SUPERVISOR_VERSION,
      update_pending: false,
      update_failed: false,
      update_downloaded: false,
      mac_address: device.identity.macAddress,
    });
  });

  it('reboot: locked answers 423 and stays up; forced answers 202, goes offline, then returns and links again', async () => {
    const { linkApi, api, device, link } = await setup({ lockedDevices: 1 });
    const locked = await link.request('POST', '/v1/reboot', { force: false });
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({ Data: '', Error: expect.stringMatching(/^Updates are locked/) });
    expect(device.isPoweredOn).toBe(true);
    expect(await linkApi.hasNewLinkWithin(50)).toBe(false);
    expect(link.ws.readyState).toBe(link.ws.OPEN);

    const pollsBefore = api.polls;
    expect(await link.request('POST', '/v1/reboot', { force: true })).toMatchObject({ status: 202, body: { Data: 'OK', Error: null } });
    expect(await link.closed).toBe(1000);
    expect(device.isPoweredOn).toBe(false);
    expect(api.polls).toBe(pollsBefore);

    const again = await linkApi.nextLink(2_000);
    expect(await again.hello).toMatchObject({ type: 'hello', mode: 'simulated' });
    expect(device.isPoweredOn).toBe(true);
    // Back from the reboot it polls at once, long before its 60 s interval.
    expect(api.polls).toBeGreaterThan(pollsBefore);
    expect(await again.request('GET', '/ping')).toMatchObject({ status: 200, body: 'OK' });
  });

  it('shutdown answers 202 and the device stays off (no link) until powered on', async () => {
    const { linkApi, device, link } = await setup({ rebootMs: 50 });
    expect(await link.request('POST', '/v1/shutdown', {})).toMatchObject({ status: 202, body: { Data: 'OK', Error: null } });
    expect(await link.closed).toBe(1000);
    expect(await linkApi.hasNewLinkWithin(250)).toBe(false);
    device.powerOn();
    await linkApi.nextLink(2_000);
  });

  it('restart and purge: 423 JSON when locked, OK when forced, 404 for an app the device does not run', async () => {
    const { link } = await setup({ lockedDevices: 1 });
    const locked = await link.request('POST', '/v1/restart', { appId: 1 });
    expect(locked).toMatchObject({ status: 423, body: { status: 'failed', message: expect.stringMatching(/^Updates are locked/) } });
    expect(await link.request('POST', '/v1/restart', { appId: 1, force: true })).toMatchObject({ status: 200, body: 'OK' });
    expect(await link.request('POST', '/v1/purge', { appId: '1', force: 'true' })).toMatchObject({ status: 200, body: { Data: 'OK', Error: '' } });
    expect(await link.request('POST', '/v1/restart', { appId: 2, force: true })).toMatchObject({ status: 404 });
    expect(await link.request('POST', '/v1/restart', {})).toMatchObject({ status: 400 });
  });

  it('service actions: 404 for an unknown service; stop and start change what the device reports', async () => {
    const { api, device, link } = await setup();
    const unknown = await link.request('POST', '/v2/applications/1/stop-service', { appId: 1, imageId: 999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatch(/^Service not found/);

    expect(await link.request('POST', '/v2/applications/1/stop-service', { appId: 1, imageId: 77 })).toMatchObject({ status: 200, body: 'OK' });
    // The next state report comes with the next round; v1/update brings one now.
    expect(await link.request('POST', '/v1/update', { force: false })).toMatchObject({ status: 204, body: '' });
    await expect.poll(() => reportedMainStatus(api, device.uuid)).toBe('Stopped');

    expect(await link.request('POST', '/v2/applications/1/start-service', { serviceName: 'main' })).toMatchObject({ status: 200, body: 'OK' });
    await link.request('POST', '/v1/update', {});
    await expect.poll(() => reportedMainStatus(api, device.uuid)).toBe('Running');
  });

  it('a stopped service is reported at once, without waiting for the next poll', async () => {
    const { api, device, link } = await setup();
    expect(await link.request('POST', '/v2/applications/1/stop-service', { appId: 1, imageId: 77 })).toMatchObject({ status: 200, body: 'OK' });
    await expect.poll(() => reportedMainStatus(api, device.uuid), { timeout: 2_000 }).toBe('Stopped');
  });

  it('GET /v2/state/status lists the containers with their status; GET /v2/version the supervisor version', async () => {
    const { link } = await setup();
    await link.request('POST', '/v2/applications/1/stop-service', { appId: 1, serviceName: 'main' });
    const state = await link.request('GET', '/v2/state/status');
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({
      status: 'success',
      appState: 'applied',
      release: COMMIT,
      containers: [{ serviceName: 'main', status: 'exited', appId: 1, imageId: 77, serviceId: 3 }],
      images: [{ serviceName: 'main', imageId: 77, status: 'Downloaded' }],
    });
    expect(await link.request('GET', '/v2/version')).toMatchObject({ status: 200, body: { status: 'success', version: SUPERVISOR_VERSION } });
  });

  it('health checks and diagnostics: none before a run, running after POST, then the results, with the failing checks the state explains', async () => {
    const { device, link } = await setup();
    expect(await link.request('GET', '/v1/diagnostics/checks')).toMatchObject({ status: 200, body: { status: 'none', checks: [] } });
    device.isUndervolted = true;
    await link.request('POST', '/v2/applications/1/stop-service', { appId: 1, imageId: 77 });
    expect(await link.request('POST', '/v1/diagnostics/checks')).toMatchObject({ status: 202, body: { status: 'running', lastRun: expect.any(String) } });
    const done = async () => {
      const reply = await link.request('GET', '/v1/diagnostics/checks');
      return (reply.body as { status: string }).status;
    };
    await expect.poll(done, { timeout: 5_000 }).toBe('done');
    const { body } = await link.request('GET', '/v1/diagnostics/checks');
    const checks = (body as { checks: Array<{ name: string; success: boolean; status: string }> }).checks;
    expect(checks.filter((c) => !c.success).map((c) => c.name)).toEqual(['check_under_voltage', 'check_service_restarts']);
    expect(checks.find((c) => c.name === 'check_service_restarts')?.status).toContain('main is stopped');

    expect(await link.request('POST', '/v1/diagnostics/diagnose')).toMatchObject({ status: 202 });
    await expect.poll(async () => ((await link.request('GET', '/v1/diagnostics/diagnose')).body as { stdout: string | null }).stdout, { timeout: 5_000 }).toContain(
      `--- supervisor version ---\n${SUPERVISOR_VERSION}`,
    );
  });

  it('counts service restarts: the third makes the restart check fail', async () => {
    const { link } = await setup();
    for (let i = 0; i < 3; i += 1) await link.request('POST', '/v2/applications/1/restart-service', { appId: 1, imageId: 77 });
    await link.request('POST', '/v1/diagnostics/checks');
    const restartCheck = async () => {
      const { body } = await link.request('GET', '/v1/diagnostics/checks');
      return (body as { checks: Array<{ name: string; success: boolean; status: string }> }).checks.find((c) => c.name === 'check_service_restarts');
    };
    await expect.poll(restartCheck, { timeout: 5_000 }).toMatchObject({ success: false, status: expect.stringContaining('main restarted 3 times') });
  });

  it('POST /v1/update answers 204 and polls the target state at once', async () => {
    const { api, link } = await setup();
    const polls = api.polls;
    expect(await link.request('POST', '/v1/update', { force: true })).toMatchObject({ status: 204, body: '' });
    await expect.poll(() => api.polls).toBeGreaterThan(polls);
  });

  it('a device that goes offline on demand drops its link and relinks when it comes back', async () => {
    const { linkApi, device, link } = await setup();
    device.goOffline();
    expect(await link.closed).toBe(1000);
    expect(await linkApi.hasNewLinkWithin(100)).toBe(false);
    device.powerOn();
    await linkApi.nextLink(2_000);
  });

  it('a link the API refuses (4401) stays down while the device keeps polling', async () => {
    const { linkApi, api, device, link } = await setup({ intervalMs: 30 });
    link.ws.close(4401, 'not a device key');
    await link.closed;
    const polls = api.polls;
    // Every round re-checks the link; a refused one must not be reopened round after round.
    expect(await linkApi.hasNewLinkWithin(250)).toBe(false);
    expect(api.polls).toBeGreaterThan(polls);
    expect(device.isPoweredOn).toBe(true);
  });

  it('keeps no link when the simulator runs with link: false', async () => {
    const linkApi = await FakeLinkApi.start();
    cleanups.push(() => linkApi.close());
    const sim = await startFleetSimulator({ apiUrl: linkApi.url, api: new MemoryDeviceApi(target), provisioningKey: 'PK', count: 1, intervalMs: 20, link: false });
    cleanups.push(() => sim.stop());
    await sim.waitUntilProvisioned(5_000);
    expect(await linkApi.hasNewLinkWithin(100)).toBe(false);
  });
});
