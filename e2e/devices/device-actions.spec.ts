// Device actions from the device summary's Actions menu and the actions page (fleets spec §2
// "Device summary", "Device action pages", "Confirmation dialogs"; §5 availability; §8 "Device
// action errors", "Batch failures" for the update lock), at desktop width and at 390 px, on a real
// simulated device that keeps its link to the API: identify blinks it with a success toast; a
// reboot of a device holding an update lock is confirmed, refused with "Action blocked by update
// lock", forced, and the summary's cloudlink goes Disconnected and back without a reload; delete
// asks for the device's name typed out and lands on the fleet; an observer sees every action
// disabled with the reason. Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FleetSimulator } from '../../apps/device/src/simulator.ts';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound, runAxe, seriousViolations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { typeNameToDelete, useSimulators, viewports, waitForLinkedDevice } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = viewports();
/** Long enough for the page's close watch after a reboot (a read every 2 s) to see it offline. */
const REBOOT_MS = 8_000;

const startSimulator = useSimulators(e2e);

interface Device {
  uuid: string;
  name: string;
}

/** One simulated device in a new fleet of a new organization, provisioned and linked (is_connected_to_vpn). */
async function linkedDevice(admin: E2eUser, isLocked: boolean): Promise<{ fleetId: number; device: Device; sim: FleetSimulator }> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `actions-${Date.now().toString(36)}`);
  const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 500, rebootMs: REBOOT_MS, lockedDevices: isLocked ? 1 : 0 });
  return { fleetId, device: await waitForLinkedDevice(e2e.stack, fleetId), sim };
}

/** A device row seeded straight into a new fleet (no agent: for what needs no device answer). */
async function seededDevice(admin: E2eUser): Promise<{ orgId: number; fleetId: number; device: Device }> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `seeded-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `act-${fleetId}`);
  const row = await e2e.stack.app.db.selectFrom('device').select(['uuid', 'device_name']).where('belongs_to__application', '=', fleetId).executeTakeFirstOrThrow();
  return { orgId: org.id, fleetId, device: { uuid: row.uuid as string, name: row.device_name as string } };
}

async function openSummary(page: Page, user: E2eUser, device: Device): Promise<void> {
  await signInAs(page, e2e.stack, user, `/devices/${device.uuid}/summary`);
  await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
}

const cloudlink = (page: Page) => page.locator('dt', { hasText: 'Cloudlink' }).locator('xpath=following-sibling::dd[1]');
const toast = (page: Page) => page.getByText('Operation completed successfully');

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Actions', exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

describe.each(VIEWPORTS)('device actions ($label)', ({ viewport }) => {
  it('identifies from the menu and the actions page; a locked reboot is forced, and the device goes offline and comes back', async () => {
    const admin = await createUser(e2e.stack, 'actions-admin');
    const { device, sim } = await linkedDevice(admin, true);
    // Observe the simulated supervisor's identify without changing what it does.
    let blinks = 0;
    const simulated = sim.devices[0]!;
    const identify = simulated.identify.bind(simulated);
    simulated.identify = () => {
      blinks += 1;
      identify();
    };

    const page = await e2e.newPage({ viewport });
    await openSummary(page, admin, device);
    await expect.poll(() => cloudlink(page).textContent()).toContain('Connected');
    await expectPageSound(page);

    await (await openMenu(page)).getByRole('menuitem', { name: /^Identify/ }).click();
    await toast(page).waitFor();
    expect(blinks).toBe(1);
    // The same toast again would be dropped as a duplicate while this one shows.
    await toast(page).waitFor({ state: 'hidden', timeout: 15_000 });

    await (await openMenu(page)).getByRole('menuitem', { name: /^Reboot/ }).click();
    const confirm = page.getByRole('dialog', { name: `Reboot ${device.name}?` });
    await confirm.waitFor();
    await expectPageSound(page);
    await confirm.getByRole('button', { name: 'Reboot' }).click();
    const lock = page.getByRole('dialog', { name: 'Update lock' });
    await lock.getByText('Action blocked by update lock').waitFor();
    await expectPageSound(page);
    // The lock refused it: the device is still up.
    expect(await cloudlink(page).textContent()).toContain('Connected');
    await lock.getByRole('button', { name: 'Force' }).click();
    await toast(page).waitFor();
    await lock.waitFor({ state: 'hidden' });
    await expect.poll(() => cloudlink(page).textContent(), { timeout: 15_000 }).toContain('Disconnected');
    await expect.poll(() => cloudlink(page).textContent(), { timeout: 30_000 }).not.toContain('Disconnected');
    expect(await cloudlink(page).textContent()).toContain('Connected');
    await toast(page).waitFor({ state: 'hidden', timeout: 15_000 });

    // The actions page: one section per action, the same flow behind its buttons.
    await (await openMenu(page)).getByRole('menuitem', { name: 'Open the actions page' }).click();
    await page.waitForURL((url) => url.pathname === `/devices/${device.uuid}/actions`);
    await page.getByRole('heading', { level: 1, name: 'Actions' }).waitFor();
    for (const title of ['Identify device (blink)', 'Restart services', 'Purge data', 'Reboot device', 'Shut down device']) {
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
    }
    await page.getByText('Purged data cannot be recovered.').waitFor();
    await expectPageSound(page);
    await page.getByRole('button', { name: 'Identify', exact: true }).click();
    await toast(page).waitFor();
    expect(blinks).toBe(2);
    await page.getByRole('button', { name: 'Shut down', exact: true }).click();
    await page.getByRole('dialog', { name: `Shut down ${device.name}?` }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('deletes the device once its name is typed, and lands on its fleet', async () => {
    const admin = await createUser(e2e.stack, 'actions-delete');
    const { fleetId, device } = await seededDevice(admin);
    const page = await e2e.newPage({ viewport });
    await openSummary(page, admin, device);

    await (await openMenu(page)).getByRole('menuitem', { name: /^Delete device/ }).click();
    const confirm = await typeNameToDelete(page, device.name);
    await expectPageSound(page);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === `/fleets/${fleetId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText(`${device.name} deleted`).waitFor();
    const left = await e2e.stack.app.db.selectFrom('device').select('id').where('uuid', '=', device.uuid).execute();
    expect(left).toEqual([]);
  });

  it('shows an observer every action disabled with the reason, in the menu and on the actions page', async () => {
    const admin = await createUser(e2e.stack, 'actions-owner');
    const observer = await createUser(e2e.stack, 'actions-observer');
    const { orgId, fleetId, device } = await seededDevice(admin);
    await addFleetRole(e2e.stack, admin, orgId, fleetId, observer, 'observer');

    const page = await e2e.newPage({ viewport });
    await openSummary(page, observer, device);
    // Opened from the keyboard.
    await page.getByRole('button', { name: 'Actions', exact: true }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const name of [/^Restart services/, /^Identify/, /^Reboot/, /^Purge data/, /^Shutdown/, /^Delete device/]) {
      const item = menu.getByRole('menuitem', { name });
      await expect.poll(() => item.getAttribute('aria-disabled')).toBe('true');
      expect(await item.textContent()).toContain('You do not have permission to do this on this device');
    }
    expect(seriousViolations(await runAxe(page, [['[role="menu"]']]))).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/actions`);
    await page.getByRole('heading', { level: 1, name: 'Actions' }).waitFor();
    await page.getByText('Your role in this fleet does not allow running actions on its devices.', { exact: false }).waitFor();
    for (const action of ['identify', 'restart', 'purge', 'reboot', 'shutdown']) {
      await expect.poll(() => page.getByTestId(`reason-${action}`).textContent()).toBe('You do not have permission to do this on this device');
    }
    for (const name of ['Identify', 'Restart services', 'Purge data', 'Reboot', 'Shut down']) {
      expect(await page.getByRole('button', { name, exact: true }).isDisabled()).toBe(true);
    }
    await expectPageSound(page);
  });
});
