// Live push instead of polling (issue 14 §6 metrics, §7; fleets spec §2 "Metrics panel", §4
// "Device overall status", "Connectivity indicators"), at desktop width and at 390 px: a
// simulated device shown in its fleet's device list goes dark (its link drops, then the
// heartbeat job expires it) and the row turns Offline with no device request from the page;
// on the device summary the device's own report moves the metric bars (spec colours: up to 60 %
// success, up to 80 % warning, above error) and the temperature, again with no device request.
// Axe clean on both pages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHeartbeatJob } from '../../apps/api/src/jobs/heartbeat.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports } from '../support/devices.ts';
import { createOrganization, createUser, signInAs } from '../support/organizations.ts';

// A short heartbeat: a silent device times out after 1.5 × 2 s and is offline 1 s later.
const e2e = useBrowserStack({ defaultPollIntervalMs: 2_000, heartbeatOfflineGraceSeconds: 1 });
const startSimulator = useSimulators(e2e);
const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

/** The page's reads of devices (list pages, counts, details): what polling would send. */
function countDeviceReads(page: Page): { count: () => number; reset: () => void; pushStreams: () => number } {
  let reads = 0;
  let streams = 0;
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && /^\/v7\/device(\(|\/\$count|$)/.test(decodeURIComponent(path))) reads += 1;
    if (path === '/live/v1/events') streams += 1;
  });
  return { count: () => reads, reset: () => (reads = 0), pushStreams: () => streams };
}

/** The re-read a new stream triggers for data older than it: let it land before counting. */
const settle = (page: Page) => page.waitForTimeout(2_000);

describe.each(viewports())('live device status and metrics ($label)', ({ viewport }) => {
  it('updates the device list and the summary from pushed changes, without polling', async () => {
    const admin = await createUser(e2e.stack, 'live');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `live-${Date.now().toString(36)}`);
    const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 1_000, metricsIntervalMs: 600_000 });
    const device = sim.devices[0]!;
    const db = e2e.stack.app.db;
    await expect.poll(async () => (await db.selectFrom('device').select('is_connected_to_vpn').where('uuid', '=', device.uuid).executeTakeFirstOrThrow()).is_connected_to_vpn, { timeout: 20_000 }).toBe(true);
    const { device_name: name } = await db.selectFrom('device').select('device_name').where('uuid', '=', device.uuid).executeTakeFirstOrThrow();

    const page = await e2e.newPage({ viewport });
    const reads = countDeviceReads(page);
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
    await row.getByText('Online', { exact: true }).first().waitFor();
    await expect.poll(reads.pushStreams).toBeGreaterThan(0);
    await settle(page);
    await expectPageSound(page);

    // The device goes dark: its link drops at once, its heartbeat expires a few seconds later.
    reads.reset();
    device.goOffline();
    const stopHeartbeat = startHeartbeatJob(db, e2e.stack.app.config, { intervalMs: 250, eventBus: e2e.stack.app.eventBus, log: quiet });
    try {
      await row.getByText('Offline', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect(reads.count()).toBe(0);

      // The summary of the same device, reached in the app: one push connection, now for the device.
      await row.getByRole('link', { name }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const metrics = page.getByRole('heading', { level: 2, name: 'Metrics' }).locator('xpath=ancestor::div[contains(@class,"MuiCardContent-root")]');
      await metrics.getByText('Live', { exact: true }).waitFor();
      await settle(page);
      reads.reset();

      // The device reports its metrics with its own key (as its supervisor does). The agent's
      // first report stored its own moments ago; these are due, as a minute later (the API
      // stores a device's metrics at most once per 60 s, @flotilla/core/device-metrics).
      await db.updateTable('device').set({ metrics_reported_at: null }).where('uuid', '=', device.uuid).execute();
      const report = await e2e.stack.api('PATCH', '/device/v3/state', device.identity.apiKey, {
        [device.uuid]: { cpu_usage: 93, cpu_temp: 61, memory_usage: 700, memory_total: 1000, storage_usage: 30, storage_total: 100 },
      });
      expect(report.status).toBe(200);
      const bar = (label: string) => metrics.getByRole('progressbar', { name: label });
      await expect.poll(async () => bar('CPU').getAttribute('aria-valuenow')).toBe('93');
      expect(await bar('Memory').getAttribute('aria-valuenow')).toBe('70');
      expect(await bar('Storage').getAttribute('aria-valuenow')).toBe('30');
      expect(await bar('CPU').getAttribute('class')).toContain('MuiLinearProgress-colorError');
      expect(await bar('Memory').getAttribute('class')).toContain('MuiLinearProgress-colorWarning');
      expect(await bar('Storage').getAttribute('class')).toContain('MuiLinearProgress-colorSuccess');
      await metrics.getByText('Temperature: 61 °C').waitFor();
      await page.getByRole('main').getByText('Offline', { exact: true }).first().waitFor();
      expect(reads.count()).toBe(0);
      await expectPageSound(page);
    } finally {
      await stopHeartbeat();
    }
  });
});
