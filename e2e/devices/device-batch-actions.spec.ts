// Batch actions on the fleet's device list (fleets spec §4 "Batch actions", §5 availability, §2
// "Confirmation dialogs", §8 "Batch failures"), at desktop width and at 390 px, on real simulated
// devices that keep their link to the API: identify on three online devices; reboot on a
// selection with one device holding an update lock and one offline (skipped and counted), with the
// typed count, the partial-failure warning naming the lock, and Force rebooting the locked one,
// whose row goes Disconnected and back without a reload; once a batch is done with, focus is on
// the device table, not the page body; a fleet observer selects but finds every
// action disabled with the reason (§6). Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FleetSimulator } from '../../apps/device/src/simulator.ts';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { linkedDeviceCount, useSimulators, viewports } from '../support/devices.ts';
import { addMembership, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = viewports();
/** Long enough that the list's 15 s poll sees the rebooting device offline. */
const REBOOT_MS = 20_000;

const startSimulator = useSimulators(e2e);

/** A fleet of `count` simulated devices, provisioned and linked (is_connected_to_vpn). */
async function linkedFleet(admin: E2eUser, prefix: string, lockedDevices = 0): Promise<{ fleetId: number; sim: FleetSimulator }> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `${prefix}-${Date.now().toString(36)}`);
  const sim = await startSimulator(admin, fleetId, { count: 3, intervalMs: 500, rebootMs: REBOOT_MS, lockedDevices });
  await expect.poll(() => linkedDeviceCount(e2e.stack, fleetId), { timeout: 20_000 }).toBe(3);
  return { fleetId, sim };
}

async function openList(page: Page, admin: E2eUser, fleetId: number, rows: number): Promise<void> {
  await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/devices`);
  await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
  await expect.poll(() => page.getByTestId('list-total').textContent()).toBe(`${rows} rows`);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
/** Whether the device table (its scrollable region) has focus: where focus goes once a batch is done with. */
const deviceTableHasFocus = (page: Page) => page.getByRole('region', { name: 'Devices', exact: true }).evaluate((el) => el === (el.ownerDocument.activeElement as unknown));

describe.each(VIEWPORTS)('device batch actions ($label)', ({ viewport }) => {
  it('identifies three online devices: every device blinks and a success toast says so', async () => {
    const admin = await createUser(e2e.stack, 'batch-identify');
    const { fleetId, sim } = await linkedFleet(admin, 'identify');
    // Observe the simulated supervisor's identify without changing what it does.
    const identified = new Set<string>();
    for (const device of sim.devices) {
      const identify = device.identify.bind(device);
      device.identify = () => {
        identified.add(device.uuid);
        identify();
      };
    }

    const page = await e2e.newPage({ viewport });
    await openList(page, admin, fleetId, 3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByTestId('selection-count').getByText('3 selected').waitFor();
    await expectPageSound(page);

    // By keyboard: the menu opens on its first action; the next one is Identify.
    await page.getByRole('button', { name: 'Actions', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Restart services' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Identify' }).evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Operation completed successfully').waitFor();
    expect(identified).toEqual(new Set(sim.devices.map((d) => d.uuid)));
    // The selection is done with: the bar goes with it, and focus moves to the device table.
    await expect.poll(() => page.getByTestId('selection-count').count()).toBe(0);
    await expect.poll(() => deviceTableHasFocus(page)).toBe(true);
  });

  it('reboots with the typed count, skips the offline device, warns about the lock and forces the locked device', async () => {
    const admin = await createUser(e2e.stack, 'batch-reboot');
    const { fleetId, sim } = await linkedFleet(admin, 'reboot', 1);
    // A fourth device that never linked: offline for supervisor actions.
    await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `off-${fleetId}`);
    const [locked, ...unlocked] = sim.devices as [FleetSimulator['devices'][number], ...FleetSimulator['devices']];

    const page = await e2e.newPage({ viewport });
    await openList(page, admin, fleetId, 4);
    await rowOf(page, locked.name).getByText('Connected', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByTestId('selection-count').getByText('4 selected').waitFor();

    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Reboot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reboot 3 devices?' });
    await dialog.getByText('1 of the 4 selected devices is offline and is skipped.').waitFor();
    for (const device of sim.devices) await dialog.getByTestId('batch-confirm-names').getByText(device.name, { exact: true }).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Reboot', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    const typed = dialog.getByRole('textbox', { name: 'Type 3 to confirm' });
    await typed.fill('4');
    expect(await confirm.isDisabled()).toBe(true);
    await expectPageSound(page);
    await typed.fill('3');
    await confirm.click();

    await page.getByText('The operation failed for 1 of the selected items with: action blocked by update lock').waitFor();
    await expect.poll(() => deviceTableHasFocus(page)).toBe(true);
    await expect.poll(() => unlocked.map((d) => d.isPoweredOn), { timeout: 10_000 }).toEqual([false, false]);
    expect(locked.isPoweredOn).toBe(true);
    const alert = page.getByRole('alert').filter({ hasText: 'Blocked by an update lock' });
    await alert.getByText(locked.name, { exact: false }).waitFor();
    await expectPageSound(page);

    await alert.getByRole('button', { name: 'Force reboot' }).click();
    await page.getByText('Operation completed successfully').waitFor();
    await expect.poll(() => locked.isPoweredOn, { timeout: 10_000 }).toBe(false);
    await expect.poll(() => alert.count()).toBe(0);
    await expect.poll(() => deviceTableHasFocus(page)).toBe(true);
    // The list follows the device without a reload: offline while it reboots, then back.
    const lockedRow = rowOf(page, locked.name);
    await lockedRow.getByText('Disconnected', { exact: true }).waitFor({ timeout: 25_000 });
    await lockedRow.getByText('Connected', { exact: true }).waitFor({ timeout: REBOOT_MS + 25_000 });
    await expectPageSound(page);
  });
});

describe('device batch actions without the supervisor permission', () => {
  it('lets a fleet observer select devices but shows every action disabled with the reason', async () => {
    const admin = await createUser(e2e.stack, 'batch-admin');
    const observer = await createUser(e2e.stack, 'batch-observer');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `observed-${Date.now().toString(36)}`);
    await seedFleetDevices(e2e.stack.app.db, fleetId, 2, `obs-${fleetId}`);
    await addMembership(e2e.stack, observer, org.id, 'member');
    const role = await e2e.stack.app.db.selectFrom('application_membership_role').select('id').where('name', '=', 'observer').executeTakeFirstOrThrow();
    const member = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
      is_member_of__application: fleetId,
      username: observer.username,
      application_membership_role: role.id,
    });
    expect(member.status, member.text).toBe(201);

    const page = await e2e.newPage({ viewport: VIEWPORTS[0]!.viewport });
    await openList(page, observer, fleetId, 2);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    for (const action of ['Restart services', 'Identify', 'Reboot', 'Shut down', 'Purge data']) {
      const item = page.getByRole('menuitem', { name: action });
      await item.getByText('Your role in this fleet does not allow device actions').waitFor();
      expect(await item.getAttribute('aria-disabled'), action).toBe('true');
    }
    await expectPageSound(page);
    // Disabled items stay reachable by keyboard, so the reason can be read.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent ?? '')).toMatch(/does not allow device actions/);
  });
});

// The list shows its selection bar (and the batch's "Running…" on its Actions button) only in
// the table lens: a batch still running while the map lens is on screen says so above the list,
// and back in the table the menu stays disabled until the batch is done.
describe.each(viewports({ width: 1440, height: 900 }))('a running batch in every lens ($label)', ({ viewport }) => {
  it('shows "Running identify on 3 devices" in the map lens too, until the batch is done', async () => {
    const admin = await createUser(e2e.stack, 'batch-lens');
    const { fleetId } = await linkedFleet(admin, 'lens');
    const page = await e2e.newPage({ viewport });
    // The devices' answers are held back (the real server answers them later) so the batch runs
    // long enough to look at it from both lenses.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/supervisor\//, async (route) => {
      await released;
      await route.continue();
    });
    await openList(page, admin, fleetId, 3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Identify' }).click();
    const barButton = page.getByRole('button', { name: 'Running identify on 3 devices' });
    await barButton.waitFor();
    expect(await barButton.isDisabled()).toBe(true);

    // Above the list, as a polite status (the words, not the bar's button, which the map lens does not show).
    const status = page.getByRole('status').filter({ hasText: 'Running identify on 3 devices' });
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByRole('region', { name: 'Map of the devices on this page' }).waitFor();
    await status.waitFor();
    expect(await status.textContent()).toBe('Running identify on 3 devices');
    const box = (await status.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await expectPageSound(page);

    // Back in the table: the bar says it, once, and its menu stays disabled meanwhile.
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await barButton.waitFor();
    expect(await barButton.isDisabled()).toBe(true);
    expect(await status.count()).toBe(0);

    // Done while the map is on screen: the status goes, the outcome is told, the selection is done with.
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await status.waitFor();
    release();
    await page.getByText('Operation completed successfully').waitFor();
    await expect.poll(() => status.count()).toBe(0);
    await page.getByRole('button', { name: 'Table', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).waitFor();
    expect(await page.getByTestId('selection-count').count()).toBe(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
