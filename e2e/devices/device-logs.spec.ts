// The device summary's logs panel and the fleet's live tail (fleets spec §2 "Logs panel", §4
// "Device log stream", §8 "Logs are not available in local mode", §9), at desktop width and at
// 390 px, against a simulated device agent: its lines stream in live (system, container and
// stderr lines told apart, service names shown); search; the timestamps and UTC switches,
// remembered after a reload; download (file name from uuid, device type and time; content);
// the ?logService filter and its removal; expand; clear (confirmed, for those allowed; an
// observer is not offered it); local mode; the fleet tail with its device filter. Axe clean.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { HttpApiClient, type LogLine } from '../../apps/device/src/api-client.ts';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports, waitForLinkedDevice } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);

/** A fixed time, so local time (New York) and UTC differ visibly. */
const FIXED_MS = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const FIXED_LOCAL = '2026-01-01 22:04:05.678';
const FIXED_UTC = '2026-01-02 03:04:05.678Z';

async function plainFleet(admin: E2eUser, prefix: string) {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `${prefix}-${Date.now().toString(36)}`);
  return { orgId: org.id, fleetId };
}

async function fleetWithServices(admin: E2eUser, prefix: string) {
  const { orgId, fleetId } = await plainFleet(admin, prefix);
  const services = await e2e.stack.app.db
    .insertInto('service')
    .values([{ application: fleetId, service_name: 'main' }, { application: fleetId, service_name: 'worker' }])
    .returning(['id', 'service_name'])
    .execute();
  const serviceId = (name: string) => services.find((s) => s.service_name === name)!.id as number;
  return { orgId, fleetId, main: serviceId('main'), worker: serviceId('worker') };
}

/** Lines sent as the device, through the batch route with its own key (compat §5.5). */
async function sendLines(device: { identity: { uuid: string; apiKey: string } }, lines: LogLine[]): Promise<void> {
  await new HttpApiClient(e2e.stack.url).postLogs(device.identity.apiKey, device.identity.uuid, lines);
}

const storedLogCount = async (uuid: string) => {
  const rows = await e2e.stack.app.db.selectFrom('device_log').innerJoin('device', 'device.id', 'device_log.device').select('device_log.id').where('device.uuid', '=', uuid).execute();
  return rows.length;
};

const logRegion = (scope: Page | Locator) => scope.getByRole('log', { name: 'Log lines' });
const lineOf = (scope: Page | Locator, text: string) => logRegion(scope).locator('.log-line', { hasText: text });

describe.each(viewports())('device logs panel ($label)', ({ viewport }) => {
  it('streams live lines; search, time switches remembered, download, service filter, expand, clear', async () => {
    const admin = await createUser(e2e.stack, 'logs');
    const fleet = await fleetWithServices(admin, 'logs');
    const sim = await startSimulator(admin, fleet.fleetId, { count: 1, intervalMs: 500, appLogIntervalMs: 0 });
    const { uuid, name } = await waitForLinkedDevice(e2e.stack, fleet.fleetId);
    const device = sim.devices[0]!;

    const page = await e2e.newPage({ viewport, timezoneId: 'America/New_York' });
    await signInAs(page, e2e.stack, admin, `/devices/${uuid}/summary`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const panel = page.getByRole('region', { name: 'Logs' });
    await panel.getByText('Live', { exact: true }).waitFor();
    // The agent's own boot line arrives as a system line (history burst or live).
    await lineOf(panel, 'Supervisor starting').waitFor();
    expect(await lineOf(panel, 'Supervisor starting').getAttribute('data-kind')).toBe('system');

    // Lines sent now arrive live, each with its service; stderr is marked.
    await sendLines(device, [
      { message: 'hello from main', timestamp: Date.now(), serviceId: fleet.main },
      { message: 'disk almost full', timestamp: Date.now(), serviceId: fleet.worker, isStdErr: true },
      { message: 'fixed time line', timestamp: FIXED_MS, serviceId: fleet.main },
    ]);
    await lineOf(panel, 'hello from main').waitFor();
    expect(await lineOf(panel, 'hello from main').locator('.log-source').textContent()).toBe('main');
    const stderr = lineOf(panel, 'disk almost full');
    await stderr.waitFor();
    expect(await stderr.getAttribute('data-kind')).toBe('stderr');
    expect(await stderr.locator('.log-source').textContent()).toBe('worker');
    await expectPageSound(page);

    // Search (debounced 500 ms): only matching lines remain.
    await panel.getByLabel('Search logs').fill('DISK');
    await expect.poll(() => lineOf(panel, 'Supervisor starting').count()).toBe(0);
    expect(await lineOf(panel, 'disk almost full').count()).toBe(1);
    await panel.getByLabel('Search logs').fill('');
    await lineOf(panel, 'Supervisor starting').waitFor();

    // Timestamps in local time by default; UTC on; timestamps off; both remembered.
    const fixed = lineOf(panel, 'fixed time line');
    expect(await fixed.locator('.log-time').textContent()).toBe(FIXED_LOCAL);
    await panel.getByLabel('UTC').check();
    await expect.poll(() => fixed.locator('.log-time').textContent()).toBe(FIXED_UTC);
    await panel.getByLabel('Timestamps').uncheck();
    await expect.poll(() => fixed.locator('.log-time').count()).toBe(0);
    await page.reload();
    await lineOf(panel, 'fixed time line').waitFor();
    expect(await panel.getByLabel('UTC').isChecked()).toBe(true);
    expect(await panel.getByLabel('Timestamps').isChecked()).toBe(false);
    expect(await lineOf(panel, 'fixed time line').locator('.log-time').count()).toBe(0);
    await panel.getByLabel('Timestamps').check();
    expect(await lineOf(panel, 'fixed time line').locator('.log-time').textContent()).toBe(FIXED_UTC);

    // Download: named from uuid, device type and time, lowercased; the lines with UTC times.
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download logs' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${uuid}-raspberrypi4-64-\\d{4}-\\d{2}-\\d{2}t\\d{2}-\\d{2}-\\d{2}z\\.log$`));
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain('2026-01-02T03:04:05.678Z main fixed time line\n');
    expect(text).toMatch(/ worker stderr disk almost full\n/);
    expect(text).toMatch(/ system Supervisor starting\n/);

    // ?logService=worker (the container table's "show logs"): only that service; then all again.
    await page.goto(`${e2e.stack.url}/devices/${uuid}/summary?logService=worker`);
    await lineOf(panel, 'disk almost full').waitFor();
    await panel.getByText('Service: worker').waitFor();
    // The card is brought into view (at 390 px it sits below the device's details).
    const top = () => panel.evaluate((el) => (el as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top);
    await expect.poll(top).toBeLessThan(viewport.height / 2);
    expect(await lineOf(panel, 'hello from main').count()).toBe(0);
    await panel.getByRole('button', { name: 'Show all services' }).click();
    await lineOf(panel, 'hello from main').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('logService')).toBe(false);

    // Expand: the lines in a full-screen dialog, still live.
    await panel.getByRole('button', { name: 'Expand logs' }).click();
    const dialog = page.getByRole('dialog', { name: `Logs · ${name}` });
    await lineOf(dialog, 'hello from main').waitFor();
    await sendLines(device, [{ message: 'seen while expanded', timestamp: Date.now(), serviceId: fleet.main }]);
    await lineOf(dialog, 'seen while expanded').waitFor();
    await expectPageSound(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Clear: confirmed first; the server's lines go, and the stream goes on.
    expect(await storedLogCount(uuid)).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Clear logs' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear logs?' });
    await expectPageSound(page);
    await confirm.getByRole('button', { name: 'Clear logs' }).click();
    await page.getByText('Logs cleared').waitFor();
    await expect.poll(() => lineOf(panel, 'hello from main').count()).toBe(0);
    expect(await storedLogCount(uuid)).toBe(0);
    await sendLines(device, [{ message: 'after the clear', timestamp: Date.now(), serviceId: fleet.worker }]);
    await lineOf(panel, 'after the clear').waitFor();
    expect(await logRegion(panel).getAttribute('data-line-count')).toBe('1');
    expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1')).toBe(true);
  });
});

describe('device logs panel: who may clear, local mode, the fleet tail', () => {
  it('offers an observer no clear; a device in local mode has no logs', async () => {
    const admin = await createUser(e2e.stack, 'logs-obs');
    const observer = await createUser(e2e.stack, 'logs-observer');
    const fleet = await plainFleet(admin, 'logs-obs');
    await addFleetRole(e2e.stack, admin, fleet.orgId, fleet.fleetId, observer, 'observer');
    await seedFleetDevices(e2e.stack.app.db, fleet.fleetId, 2, `logs-obs-${fleet.fleetId}`);
    const [plain, local] = await e2e.stack.app.db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleet.fleetId).orderBy('id').execute();
    await e2e.stack.app.db.insertInto('device_log').values({ device: plain!.id, timestamp: new Date(), message: 'stored before', is_system: true }).execute();
    await e2e.stack.app.db.insertInto('device_config_variable').values({ device: local!.id, name: 'BALENA_SUPERVISOR_LOCAL_MODE', value: '1' }).execute();

    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAs(page, e2e.stack, observer, `/devices/${plain!.uuid}/summary`);
    const panel = page.getByRole('region', { name: 'Logs' });
    await lineOf(panel, 'stored before').waitFor();
    await panel.getByRole('button', { name: 'Download logs' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Clear logs' }).count()).toBe(0);

    await page.goto(`${e2e.stack.url}/devices/${local!.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: local!.device_name as string }).waitFor();
    await panel.getByText('Logs are not available in local mode').waitFor();
    expect(await logRegion(panel).count()).toBe(0);
    await expectPageSound(page);
  });

  it.each(viewports())('tails a whole fleet, filtered by device ($label)', async ({ viewport }) => {
    const admin = await createUser(e2e.stack, 'logs-fleet');
    const fleet = await fleetWithServices(admin, 'logs-fleet');
    const sim = await startSimulator(admin, fleet.fleetId, { count: 2, intervalMs: 500, appLogIntervalMs: 0 });
    const [first, second] = sim.devices;
    const names = await e2e.stack.app.db.selectFrom('device').select(['uuid', 'device_name']).where('belongs_to__application', '=', fleet.fleetId).execute();
    const nameOf = (uuid: string) => names.find((d) => d.uuid === uuid)!.device_name as string;

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.fleetId}/logs`);
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
    const panel = page.getByRole('region', { name: 'All devices' });
    await panel.getByText('Live', { exact: true }).waitFor();
    await sendLines(first!, [{ message: 'from the first', timestamp: Date.now(), serviceId: fleet.main }]);
    await sendLines(second!, [{ message: 'from the second', timestamp: Date.now(), serviceId: fleet.worker, isStdErr: true }]);
    await lineOf(panel, 'from the first').waitFor();
    await lineOf(panel, 'from the second').waitFor();
    expect(await lineOf(panel, 'from the first').locator('.log-device').textContent()).toBe(nameOf(first!.identity.uuid));
    expect(await lineOf(panel, 'from the second').locator('.log-source').textContent()).toBe('worker');
    await expectPageSound(page);

    // One device: the stream reopens filtered on the server, its history only.
    await panel.getByRole('combobox', { name: 'Device' }).click();
    await page.getByRole('option', { name: nameOf(second!.identity.uuid) }).click();
    await lineOf(panel, 'from the second').waitFor();
    await expect.poll(() => lineOf(panel, 'from the first').count()).toBe(0);
    await sendLines(first!, [{ message: 'first again', timestamp: Date.now(), serviceId: fleet.main }]);
    await sendLines(second!, [{ message: 'second again', timestamp: Date.now(), serviceId: fleet.main }]);
    await lineOf(panel, 'second again').waitFor();
    expect(await lineOf(panel, 'first again').count()).toBe(0);
    expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1')).toBe(true);
  });
});
