// The device list's batch move and pin (fleets spec §5 "Move" for several devices, "Forms"; §6
// "Device actions": move is resin.device.move, pin resin.device.update; §4 "Batch actions", §8
// "Batch failures", success messages), at desktop width and at 390 px, on seeded devices of a
// Raspberry Pi 4 fleet with releases 1.0.0–1.2.0: by keyboard, the selection is pinned to 1.0.0
// (each device's settings then say so); the move dialog warns of the device older than OS
// 2.12.0 and, as a danger, of the pins, offers the sibling Raspberry Pi fleet and not the NUC
// one, and moves every device there (the list empties, the sibling's list shows them, their pins
// are gone); a fleet observer finds both items disabled with the reason, and the API refuses
// the observer's move and pin. Axe clean with the dialogs open.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = viewports();

interface World {
  orgId: number;
  fleetId: number;
  siblingId: number;
  nucId: number;
  devices: Array<{ id: number; uuid: string; name: string }>;
  releases: Map<string, number>;
}

/** A fleet of three seeded Raspberry Pi 4 devices (one on OS 2.10.0) with releases 1.0.0–1.2.0, a sibling Raspberry Pi 4 fleet and an Intel NUC fleet. */
async function world(admin: E2eUser): Promise<World> {
  const suffix = Date.now().toString(36);
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `movers-${suffix}`);
  const siblingId = await createFleet(e2e.stack, admin, org.id, `sibling-${suffix}`);
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug%20eq%20'intel-nuc'", admin.token);
  const nuc = await e2e.stack.api('POST', '/v7/application', admin.token, { app_name: `nuc-${suffix}`, organization: org.id, is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id, is_of__class: 'fleet' });
  expect(nuc.status, nuc.text).toBe(201);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 3, `mv-${fleetId}`);
  const db = e2e.stack.app.db;
  const devices = (await db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).orderBy('device_name').execute()).map((d) => ({
    id: d.id as number,
    uuid: d.uuid as string,
    name: d.device_name as string,
  }));
  await db.updateTable('device').set({ os_version: 'balenaOS 2.10.0' }).where('id', '=', devices[0]!.id).execute();
  const releases = await db.selectFrom('release').select(['id', 'raw_version']).where('belongs_to__application', '=', fleetId).execute();
  return { orgId: org.id, fleetId, siblingId, nucId: nuc.json<{ id: number }>().id, devices, releases: new Map(releases.map((r) => [r.raw_version as string, r.id as number])) };
}

const stored = (ids: number[]) =>
  e2e.stack.app.db.selectFrom('device').select(['id', 'belongs_to__application', 'is_pinned_on__release']).where('id', 'in', ids).orderBy('id').execute();

async function openList(page: Page, rows: number): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
  await expect.poll(() => page.getByTestId('list-total').textContent()).toBe(`${rows} rows`);
}

const focused = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null; getAttribute(n: string): string | null } | null } }).document.activeElement?.textContent ?? '');
/** Presses Tab until the focused element's text is `text` (at most `max` times). */
async function tabTo(page: Page, text: string, max = 8): Promise<void> {
  for (let i = 0; i < max && (await focused(page)) !== text; i++) await page.keyboard.press('Tab');
  expect(await focused(page)).toBe(text);
}
const deviceTableHasFocus = (page: Page) => page.getByRole('region', { name: 'Devices', exact: true }).evaluate((el) => el === (el.ownerDocument.activeElement as unknown));

describe.each(VIEWPORTS)('device batch move and pin ($label)', ({ viewport }) => {
  it('pins the selection to a release by keyboard, then moves it to a compatible fleet with the warnings, and finds it there', async () => {
    const admin = await createUser(e2e.stack, 'batch-move');
    const w = await world(admin);
    const ids = w.devices.map((d) => d.id).sort((a, b) => a - b);
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${w.fleetId}/devices`);
    await openList(page, 3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByTestId('selection-count').getByText('3 selected').waitFor();

    // Pin, by keyboard: Restart services, Identify, Move to another fleet, Pin to a release.
    await page.getByRole('button', { name: 'Actions', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: /^Restart services/ }).waitFor();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toBe('Pin to a release');
    await page.keyboard.press('Enter');
    const pinDialog = page.getByRole('dialog', { name: 'Release of 3 devices' });
    await pinDialog.waitFor();
    for (const device of w.devices) await pinDialog.getByTestId('batch-confirm-names').getByText(device.name, { exact: true }).waitFor();
    const apply = pinDialog.getByRole('button', { name: 'Apply' });
    await pinDialog.getByText('All fields must be filled in').waitFor();
    expect(await apply.isDisabled()).toBe(true);
    await expectPageSound(page);
    await pinDialog.getByRole('combobox', { name: 'Release' }).focus();
    await page.keyboard.press('Enter');
    const oldest = page.getByRole('option', { name: /^1\.0\.0 / });
    await oldest.waitFor();
    for (let i = 0; i < 5 && !(await oldest.evaluate((el) => el === (el.ownerDocument.activeElement as unknown))); i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => apply.isEnabled()).toBe(true);
    await tabTo(page, 'Apply');
    await page.keyboard.press('Enter');
    await page.getByText('Pinned to release').waitFor();
    const pinnedOn = w.releases.get('1.0.0')!;
    await expect.poll(async () => (await stored(ids)).map((d) => d.is_pinned_on__release)).toEqual([pinnedOn, pinnedOn, pinnedOn]);
    // The selection is done with; focus is on the device table.
    await expect.poll(() => page.getByTestId('selection-count').count()).toBe(0);
    await expect.poll(() => deviceTableHasFocus(page)).toBe(true);

    // Each device's own settings show the pin.
    await page.goto(`${e2e.stack.url}/devices/${w.devices[1]!.uuid}/settings#release`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('region', { name: 'Release', exact: true }).getByText(/^Pinned to 1\.0\.0 /).waitFor();

    // Move: the warnings, only the compatible fleet, one PATCH per device.
    await page.goto(`${e2e.stack.url}/fleets/${w.fleetId}/devices`);
    await openList(page, 3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: /^Move to another fleet/ }).click();
    const moveDialog = page.getByRole('dialog', { name: 'Move 3 devices to another fleet' });
    await moveDialog.getByText('1 of the selected devices runs an OS older than 2.12.0: its data folder is not carried over to the new fleet.').waitFor();
    await moveDialog.getByText(/^3 of the selected devices are pinned to a release: the pins are lost/).waitFor();
    const move = moveDialog.getByRole('button', { name: 'Move' });
    expect(await move.isDisabled()).toBe(true);
    await moveDialog.getByRole('combobox', { name: 'Fleet' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.some((o) => o.startsWith('sibling-'))).toBe(true);
    expect(options.some((o) => o.startsWith('nuc-'))).toBe(false);
    await page.getByRole('option', { name: /^sibling-/ }).click();
    await expect.poll(() => move.isEnabled()).toBe(true);
    await expectPageSound(page);
    await move.click();
    await page.getByText('Operation completed successfully').waitFor();
    await expect.poll(async () => await stored(ids)).toEqual(ids.map((id) => ({ id, belongs_to__application: w.siblingId, is_pinned_on__release: null })));
    // The list refreshes: the fleet is empty now; the sibling lists them.
    await page.getByText('This fleet has no devices yet').waitFor();
    await page.goto(`${e2e.stack.url}/fleets/${w.siblingId}/devices`);
    await openList(page, 3);
    for (const device of w.devices) await page.getByRole('row').filter({ hasText: device.name }).first().waitFor();
    await expectPageSound(page);
  });

  it('shows a fleet observer move and pin disabled with the reason, and the API refuses the observer too', async () => {
    const admin = await createUser(e2e.stack, 'batch-move-admin');
    const observer = await createUser(e2e.stack, 'batch-move-observer');
    const w = await world(admin);
    await addFleetRole(e2e.stack, admin, w.orgId, w.fleetId, observer, 'observer');
    // A developer of the target fleet (the move's other half), as the fleet's administrator grants it.
    const roles = (await e2e.stack.api('GET', '/v7/application_membership_role?$select=id,name', admin.token)).json<{ d: Array<{ id: number; name: string }> }>();
    const developer = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
      user: observer.userId,
      is_member_of__application: w.siblingId,
      application_membership_role: roles.d.find((r) => r.name === 'developer')!.id,
    });
    expect(developer.status, developer.text).toBe(201);

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/fleets/${w.fleetId}/devices`);
    await openList(page, 3);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    for (const [name, reason] of [
      ['Move to another fleet', 'Your role in this fleet does not allow moving devices'],
      ['Pin to a release', "Your role in this fleet does not allow changing the devices' release"],
    ] as const) {
      const item = page.getByRole('menuitem', { name: new RegExp(`^${name}`) });
      await item.getByText(reason).waitFor();
      expect(await item.getAttribute('aria-disabled'), name).toBe('true');
    }
    await expectPageSound(page);
    // Disabled items stay reachable by keyboard, so the reasons can be read: the fourth item is the pin.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    expect(await focused(page)).toMatch(/^Pin to a release.*does not allow/);

    // The API: a developer of the target fleet, but an observer of the device's, may neither move nor pin it.
    const [device] = w.devices;
    const moved = await e2e.stack.api('PATCH', `/v7/device(${device!.id})`, observer.token, { belongs_to__application: w.siblingId });
    const pinned = await e2e.stack.api('PATCH', `/v7/device(${device!.id})`, observer.token, { is_pinned_on__release: w.releases.get('1.0.0') });
    expect(moved.status).toBeGreaterThanOrEqual(400);
    expect(pinned.status).toBeGreaterThanOrEqual(400);
    expect(await stored([device!.id])).toEqual([{ id: device!.id, belongs_to__application: w.fleetId, is_pinned_on__release: null }]);
  });
});
