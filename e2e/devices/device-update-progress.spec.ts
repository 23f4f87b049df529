// A simulated device downloads a new release (fleets spec §2 "Device summary" update status and
// container table, §4 "Update status", "Container status", "Fleet release targeting" track
// latest; compat §5.3–5.4), at desktop width and at 390 px: a release deployed through the API
// becomes the fleet's target; while the simulated device downloads it (held part-way so the
// pages can be read), the fleet's device list shows Updating with the reported percent, the
// summary shows "Downloading" with the update's bar and percent, and the services card lists each
// service as Downloading (blue dot and words) with a bar and the same percent; once installed,
// the services are Running (green, no bar), the update Done and the list Online; a service
// stopped on the device turns red. Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { dotHue, useSimulators, viewports } from '../support/devices.ts';
import type { SimulatedDevice } from '../../apps/device/src/device.ts';
import { createOrganization, createUser, signInAs } from '../support/organizations.ts';
import { deployRelease } from '../support/releases.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);

/** A download advances 15–40 % a step; the spec holds it part-way (see holdDownload). */
const UPDATE_STEP_MS = 3_000;
const SERVICES = ['main', 'web'];

const fieldValue = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
const servicesTable = (page: Page) => page.getByRole('table', { name: 'Services' });
const serviceRow = (page: Page, service: string) => servicesTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: service, exact: true }) });

const percentOf = async (bar: Locator) => Number(await bar.getAttribute('aria-valuenow'));

/**
 * Holds the simulated device's download after its first step, so the pages can be read while
 * it is part-way on a machine of any speed: the device keeps polling and reporting; only its
 * download stops advancing until `release()`. (The simulator's own pace, 15–40 % a step, would
 * otherwise decide how long the test has.)
 */
function holdDownload(device: SimulatedDevice): { release(): void } {
  const advance = device.advanceUpdates.bind(device);
  let stepsLeft = 1;
  let isHeld = true;
  device.advanceUpdates = () => {
    if (!isHeld) return advance();
    if (device.status === 'Downloading' && stepsLeft > 0) {
      stepsLeft -= 1;
      advance();
    }
  };
  return {
    release: () => {
      isHeld = false;
    },
  };
}

/** The device's image installs as its reports left them. */
const installsOf = (uuid: string) =>
  e2e.stack.app.db
    .selectFrom('image_install')
    .innerJoin('device', 'device.id', 'image_install.device')
    .select(['image_install.status', 'image_install.download_progress'])
    .where('device.uuid', '=', uuid)
    .where('image_install.status', '<>', 'deleted')
    .execute();

describe.each(viewports())('device update progress ($label)', ({ viewport }) => {
  it('shows a download in progress on the list, the summary and its services card, then Running', async () => {
    const admin = await createUser(e2e.stack, 'update-progress');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `upd-${Date.now().toString(36)}`);
    const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 1000, updateStepMs: UPDATE_STEP_MS });
    const device = sim.devices[0]!;
    const name = device.name;

    // A new release becomes the fleet's target; the device's next poll starts the download.
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByText('No services yet').waitFor();
    const hold = holdDownload(device);
    await deployRelease(e2e.stack, admin, fleetId, SERVICES, '1.1.0');
    // The device has reported its first download step for both services.
    await expect
      .poll(async () => (await installsOf(device.uuid)).filter((i) => i.status === 'Downloading' && (i.download_progress ?? 0) > 0).length, { timeout: 30_000 })
      .toBe(SERVICES.length);
    const percent = (await installsOf(device.uuid))[0]!.download_progress!;
    expect(percent).toBeLessThan(100);

    // The fleet's device list: the status column says Updating with the update's percent.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/devices`);
    const listRow = page.locator('tbody tr[aria-rowindex]').filter({ hasText: name });
    await listRow.getByText('Updating').waitFor();
    const listBar = listRow.getByRole('progressbar', { name: 'Update progress' });
    expect(await percentOf(listBar)).toBe(percent);
    await listRow.getByText(`${percent}%`, { exact: true }).waitFor();
    expect(await dotHue(listRow.getByRole('cell').filter({ hasText: 'Updating' }))).toBe('blue');
    await expectPageSound(page);

    // The summary: update status Downloading with its age and the update's bar.
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const updateStatus = fieldValue(page, 'Update status');
    await updateStatus.getByText('Downloading').waitFor();
    await updateStatus.getByText(/\(changed .* ago\)/).waitFor();
    const updateBar = updateStatus.getByRole('progressbar', { name: 'Update progress' });
    expect(await percentOf(updateBar)).toBe(percent);
    await updateStatus.getByText(`${percent}%`, { exact: true }).waitFor();

    // The services card: each service Downloading, blue, with a bar and its percent, release 1.1.0.
    for (const service of SERVICES) {
      const row = serviceRow(page, service);
      await row.getByText('Downloading').waitFor();
      expect(await dotHue(row)).toBe('blue');
      const bar = row.getByRole('progressbar', { name: `${service}: Downloading` });
      expect(await percentOf(bar)).toBe(percent);
      await row.getByText(`${percent}%`, { exact: true }).waitFor();
      await row.getByRole('cell', { name: '1.1.0' }).waitFor();
    }
    await expectPageSound(page);

    // Let go, the download finishes and the release is installed: the services run (green, no
    // bar), the update is Done, the list says Online.
    hold.release();
    await expect.poll(() => device.status === 'Idle' && device.isUpdating === false, { timeout: 60_000 }).toBe(true);
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    for (const service of SERVICES) {
      const row = serviceRow(page, service);
      await row.getByText('Running').waitFor();
      expect(await dotHue(row)).toBe('green');
      expect(await row.getByRole('progressbar').count()).toBe(0);
    }
    await fieldValue(page, 'Update status').getByText('Done').waitFor();
    expect(await fieldValue(page, 'Update status').getByRole('progressbar').count()).toBe(0);
    await fieldValue(page, 'Current release').getByText(/1\.1\.0/).waitFor();
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/devices`);
    const doneRow = page.locator('tbody tr[aria-rowindex]').filter({ hasText: name });
    await doneRow.getByText('Online').waitFor();
    expect(await doneRow.getByRole('progressbar').count()).toBe(0);
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name }).waitFor();

    // A container stopped on the device (as a crashed one would be) turns red once reported.
    expect(device.serviceAction(fleetId, { serviceName: 'web' }, 'stop')).toBe('done');
    await expect.poll(async () => (await installsOf(device.uuid)).some((i) => i.status === 'Stopped'), { timeout: 20_000 }).toBe(true);
    await page.reload();
    await serviceRow(page, 'web').getByText('Stopped').waitFor();
    expect(await dotHue(serviceRow(page, 'web'))).toBe('red');
    expect(await dotHue(serviceRow(page, 'main'))).toBe('green');
    await expectPageSound(page);
  });
});
