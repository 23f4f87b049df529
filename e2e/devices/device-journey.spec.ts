// The devices issue's journey, at desktop width and at 390 px, axe clean at each screen: a fleet
// of 20 simulated devices (14 Raspberry Pi 4, one of them update-locked, two of them gone dark;
// 6 Raspberry Pi 5) → the list filtered in the filter dialog to Raspberry Pi 4s whose cloudlink
// is connected → 5 of them selected and rebooted (the locked one: the partial-failure warning,
// then Force) → they drop out of the filtered list while they reboot and come back without a
// reload → one is opened, renamed, given a note, a manual location it then shows on the map →
// it moves to a compatible fleet (landing on that fleet's page) → another is deleted with its
// name typed (landing on its fleet's page). Fleets spec §2, §4 "Batch actions", §5 "Move",
// "Location", §8 "Batch failures".
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { FleetSimulator } from '../../apps/device/src/simulator.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { linkedDeviceCount, useSimulators, viewports } from '../support/devices.ts';
import { createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = viewports();
/** Long enough that the list's 15 s poll sees the rebooting devices gone. */
const REBOOT_MS = 20_000;

const startSimulator = useSimulators(e2e);

type SimDevice = FleetSimulator['devices'][number];

const simulate = (admin: E2eUser, fleetId: number, count: number, deviceType: string, lockedDevices = 0) =>
  startSimulator(admin, fleetId, { count, deviceType, intervalMs: 1_000, rebootMs: REBOOT_MS, lockedDevices });

const linkedCount = (fleetId: number) => linkedDeviceCount(e2e.stack, fleetId);

/** Adds one rule through the list's filter dialog. */
async function addFilter(page: Page, column: string, operator: string, value: { fill: string } | { pick: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add filter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a filter' });
  await dialog.getByRole('combobox', { name: 'Column' }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Operator' }).click();
  await page.getByRole('option', { name: operator, exact: true }).click();
  if ('fill' in value) {
    await dialog.getByLabel('Value').fill(value.fill);
  } else {
    await dialog.getByRole('combobox', { name: 'Value' }).click();
    await page.getByRole('option', { name: value.pick, exact: true }).click();
  }
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(VIEWPORTS)('device journey ($label)', ({ viewport }) => {
  it('filters, batch-reboots through a lock, edits, locates, moves and deletes devices', async () => {
    const admin = await createUser(e2e.stack, 'journey');
    const org = await createOrganization(e2e.stack, admin);
    const stamp = Date.now().toString(36);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `journey-${stamp}`);
    const otherFleetName = `journey-dest-${stamp}`;
    const otherFleetId = await createFleet(e2e.stack, admin, org.id, otherFleetName);
    // Twenty devices need a paid plan: on the free one, those past the tenth are frozen (§4).
    const plan = await e2e.stack.app.db.selectFrom('plan').select('id').where('billing_code', '=', 'pilot-v2').executeTakeFirstOrThrow();
    await e2e.stack.app.db.insertInto('subscription').values({ is_for__organization: org.id, is_for__plan: plan.id, is_active: true }).execute();
    const pi4 = await simulate(admin, fleetId, 14, 'raspberrypi4-64', 1);
    const pi5 = await simulate(admin, fleetId, 6, 'raspberrypi5');
    await expect.poll(() => linkedCount(fleetId), { timeout: 30_000 }).toBe(20);
    // Names are drawn at random and may repeat; the steps below find devices by name, so a
    // repeated one gets its id appended (the devices learn it from their next target state).
    await sql`UPDATE device d SET device_name = d.device_name || '-' || d.id
      WHERE d.belongs_to__application = ${fleetId}
        AND EXISTS (SELECT 1 FROM device o WHERE o.belongs_to__application = d.belongs_to__application AND o.device_name = d.device_name AND o.id < d.id)`.execute(e2e.stack.app.db);
    const everyDevice = [...pi4.devices, ...pi5.devices];
    await expect.poll(() => new Set(everyDevice.map((d) => d.name)).size, { timeout: 15_000 }).toBe(20);
    // Two Raspberry Pi 4s lose power: their links drop.
    const [locked, ...rest] = pi4.devices as [SimDevice, ...SimDevice[]];
    for (const dark of rest.slice(-2)) dark.goOffline();
    await expect.poll(() => linkedCount(fleetId), { timeout: 15_000 }).toBe(18);
    const chosen = [locked, ...rest.slice(0, 4)];
    const [opened, deleted] = rest as [SimDevice, SimDevice, ...SimDevice[]];

    // The list, filtered to the online Raspberry Pi 4s.
    const page = await e2e.newPage({ viewport });
    const total = () => page.getByTestId('list-total').textContent();
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await expect.poll(total).toBe('20 rows');
    await addFilter(page, 'Device type', 'contains', { fill: 'Raspberry Pi 4' });
    await expect.poll(total).toBe('14 rows');
    await addFilter(page, 'Cloudlink', 'is', { pick: 'Connected' });
    await expect.poll(total).toBe('12 rows');
    await expectPageSound(page);

    // Five selected and rebooted: the locked one refuses until forced.
    for (const device of chosen) await page.getByRole('checkbox', { name: `Select ${device.name}`, exact: true }).check();
    await page.getByTestId('selection-count').getByText('5 selected').waitFor();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Reboot' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reboot 5 devices?' });
    await confirm.getByRole('textbox', { name: 'Type 5 to confirm' }).fill('5');
    await confirm.getByRole('button', { name: 'Reboot', exact: true }).click();
    await page.getByText('The operation failed for 1 of the selected items with: action blocked by update lock').waitFor();
    await expect.poll(() => chosen.slice(1).every((d) => !d.isPoweredOn), { timeout: 10_000 }).toBe(true);
    expect(locked.isPoweredOn).toBe(true);
    const lockAlert = page.getByRole('alert').filter({ hasText: 'Blocked by an update lock' });
    await lockAlert.getByText(locked.name, { exact: false }).waitFor();
    await expectPageSound(page);
    await lockAlert.getByRole('button', { name: 'Force reboot' }).click();
    await page.getByText('Operation completed successfully').waitFor();
    await expect.poll(() => locked.isPoweredOn, { timeout: 10_000 }).toBe(false);

    // Rebooting, they leave the filtered list, and come back to it, without a reload.
    await expect.poll(total, { timeout: 25_000 }).toBe('7 rows');
    await expect.poll(total, { timeout: REBOOT_MS + 30_000 }).toBe('12 rows');
    for (const device of chosen) await page.getByRole('row').filter({ hasText: device.name }).getByText('Connected', { exact: true }).waitFor();

    // One device opened from the list: renamed, noted.
    await page.getByRole('link', { name: opened.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: opened.name }).waitFor();
    const newName = `${opened.name}-greenhouse`;
    await page.getByRole('button', { name: 'Rename device' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename device' });
    await rename.getByLabel('Name').fill(newName);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { level: 1, name: newName }).waitFor();
    await page.getByRole('button', { name: 'Edit note' }).click();
    const note = page.getByRole('textbox', { name: 'Note' });
    await note.click();
    await note.pressSequentially('Bench **12**, east door');
    await note.press('Enter');
    await page.getByRole('main').locator('strong', { hasText: '12' }).waitFor();
    await expectPageSound(page);

    // A manual location, then on the map of the fleet's list.
    await page.goto(`${e2e.stack.url}/devices/${opened.uuid}/location`);
    await page.getByRole('heading', { level: 1, name: 'Location' }).waitFor();
    await page.getByRole('radio', { name: 'Manual' }).check();
    await page.getByLabel('Latitude').fill('52.0907');
    await page.getByLabel('Longitude').fill('5.1214');
    await page.getByRole('button', { name: 'Save location' }).click();
    await page.getByText('Setting changed successfully').waitFor();
    await page.getByRole('region', { name: `Map of ${newName}` }).waitFor();
    await expectPageSound(page);
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/devices`);
    await page.getByRole('group', { name: 'List view' }).getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByRole('list', { name: 'Devices on the map' }).getByRole('link', { name: newName, exact: true }).waitFor();
    await page.getByRole('group', { name: 'List view' }).getByRole('button', { name: 'Table', exact: true }).click();

    // Moved to the other fleet from its settings: the user lands on that fleet.
    await page.goto(`${e2e.stack.url}/devices/${opened.uuid}/settings`);
    await page.getByRole('heading', { level: 2, name: 'Move to another fleet' }).waitFor();
    await page.getByRole('combobox', { name: 'Fleet' }).click();
    await page.getByRole('option', { name: otherFleetName, exact: true }).click();
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/fleets/${otherFleetId}`);
    await page.getByRole('heading', { level: 1, name: otherFleetName }).waitFor();
    const movedTo = await e2e.stack.app.db.selectFrom('device').select('belongs_to__application').where('uuid', '=', opened.uuid).executeTakeFirstOrThrow();
    expect(movedTo.belongs_to__application).toBe(otherFleetId);
    await expectPageSound(page);

    // Another deleted once its name is typed: the user lands on its fleet.
    await page.goto(`${e2e.stack.url}/devices/${deleted.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: deleted.name }).waitFor();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: /^Delete device/ }).click();
    const remove = page.getByRole('dialog', { name: `Delete ${deleted.name}?` });
    await remove.getByRole('textbox', { name: `Type ${deleted.name} to confirm` }).pressSequentially(deleted.name);
    await remove.getByRole('button', { name: 'Delete device' }).click();
    await page.waitForURL((url) => url.pathname === `/fleets/${fleetId}`);
    await page.getByText(`${deleted.name} deleted`).waitFor();
    expect(await e2e.stack.app.db.selectFrom('device').select('id').where('uuid', '=', deleted.uuid).execute()).toEqual([]);
    await expectPageSound(page);
  });
});
