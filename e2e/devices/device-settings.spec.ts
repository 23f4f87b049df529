// The device settings page (fleets spec §2 "Device action pages" settings, "Routing rules" after
// a move and a delete, "Sidebar entries", "Confirmation dialogs"; §4 "Device toggles"; §5 "Move",
// "Support access date"; §6 "Device actions"; §8 success messages and warnings), at 1440×900 and
// 390×844: the summary's edit button opens its section with the heading focused; rename; pin to a
// release, then track the fleet; public URL on and off; support access granted (default now + 5
// min) and revoked; local mode refused with its reason on a production device; a move offers
// only the compatible fleet, warns of the lost pin, and lands on the new fleet; delete asks for
// the typed name and lands on the fleet; an observer finds no Settings entry nor edit buttons,
// and every section disabled with the reason. Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { typeNameToDelete, viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = viewports({ width: 1440, height: 900 });

interface Seeded {
  orgId: number;
  fleetId: number;
  id: number;
  uuid: string;
  name: string;
}

/** One seeded device (raspberrypi4-64, production OS 6.x, offline) in a new fleet with releases 1.0.0–1.2.0. */
async function seededDevice(admin: E2eUser): Promise<Seeded> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `set-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `set-${fleetId}`);
  const row = await e2e.stack.app.db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).executeTakeFirstOrThrow();
  return { orgId: org.id, fleetId, id: row.id as number, uuid: row.uuid as string, name: row.device_name as string };
}

/** A fleet of another device type through the API (intel-nuc: amd64, which a Raspberry Pi 4 cannot run). */
async function fleetOfType(admin: E2eUser, orgId: number, name: string, deviceType: string): Promise<number> {
  const types = await e2e.stack.api('GET', `/v7/device_type?$select=id&$filter=slug%20eq%20'${deviceType}'`, admin.token);
  const typeId = types.json<{ d: Array<{ id: number }> }>().d[0]!.id;
  const res = await e2e.stack.api('POST', '/v7/application', admin.token, { app_name: name, organization: orgId, is_for__device_type: typeId, is_of__class: 'fleet' });
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number }>().id;
}

const stored = (id: number) =>
  e2e.stack.app.db
    .selectFrom('device')
    .select(['device_name', 'is_pinned_on__release', 'is_web_accessible', 'is_accessible_by_support_until__date', 'belongs_to__application'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const focusedText = (page: Page) => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent ?? null);

describe.each(VIEWPORTS)('device settings ($label)', ({ viewport }) => {
  it('opens from the summary, renames, pins and tracks, toggles the public URL, grants and revokes support access, and moves to a compatible fleet', async () => {
    const admin = await createUser(e2e.stack, 'settings');
    const device = await seededDevice(admin);
    const sibling = await fleetOfType(admin, device.orgId, `sibling-${Date.now().toString(36)}`, 'raspberrypi4-64');
    const nuc = await fleetOfType(admin, device.orgId, `nuc-${Date.now().toString(36)}`, 'intel-nuc');
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();

    // The target release row's edit button: the settings page, its Release section focused.
    await page.getByRole('link', { name: 'Pin to a release' }).click();
    await page.waitForURL((url) => url.pathname === `/devices/${device.uuid}/settings` && url.hash === '#release');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Release');
    await expectPageSound(page);

    // Rename (§8 "Renamed successfully").
    const rename = section(page, 'Device name');
    await rename.getByRole('textbox', { name: 'Name' }).fill(`${device.name}-x`);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed successfully').waitFor();
    await expect.poll(async () => (await stored(device.id)).device_name).toBe(`${device.name}-x`);

    // Pin to 1.0.0 (§8 "pinned to release"), then track the fleet again.
    const release = section(page, 'Release');
    await release.getByRole('radio', { name: 'Pin to a release' }).check();
    await release.getByRole('combobox', { name: 'Release' }).click();
    await page.getByRole('option', { name: /^1\.0\.0 / }).click();
    await release.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Pinned to release').waitFor();
    await expect.poll(async () => (await stored(device.id)).is_pinned_on__release).not.toBeNull();
    await release.getByText(/^Pinned to 1\.0\.0 /).waitFor();
    await release.getByRole('radio', { name: 'Track fleet' }).check();
    await release.getByRole('button', { name: 'Apply' }).click();
    await page.getByText("The device tracks its fleet's release again").waitFor();
    await expect.poll(async () => (await stored(device.id)).is_pinned_on__release).toBeNull();

    // Public URL on and off.
    const publicUrl = section(page, 'Public device URL').getByRole('switch', { name: 'Public device URL' });
    await publicUrl.click();
    await page.getByText('Public URL enabled').waitFor();
    await expect.poll(async () => (await stored(device.id)).is_web_accessible).toBe(true);
    await expect.poll(() => publicUrl.isEnabled()).toBe(true);
    await publicUrl.click();
    await page.getByText('Public URL disabled').waitFor();
    await expect.poll(async () => (await stored(device.id)).is_web_accessible).toBe(false);

    // Local mode: a production device cannot (§5), and says so.
    const localMode = section(page, 'Local mode');
    await localMode.getByText('This device does not support local mode').waitFor();
    expect(await localMode.getByRole('switch', { name: 'Local mode' }).isDisabled()).toBe(true);

    // Support access: the default is now plus 5 minutes (§5, §9); granted, then removed (§8).
    const support = section(page, 'Support access');
    await support.getByRole('button', { name: 'Grant access' }).click();
    const until = await support.getByLabel('Access until').inputValue();
    const offered = new Date(until).getTime() - Date.now();
    expect(offered).toBeGreaterThan(3 * 60_000);
    expect(offered).toBeLessThan(6 * 60_000);
    await expectPageSound(page);
    await support.getByRole('button', { name: 'Grant access' }).click();
    await page.getByText('Support access granted').waitFor();
    await expect.poll(async () => (await stored(device.id)).is_accessible_by_support_until__date).not.toBeNull();
    await support.getByRole('button', { name: 'Revoke access' }).click();
    await page.getByText('Support access removed').waitFor();
    await expect.poll(async () => (await stored(device.id)).is_accessible_by_support_until__date).toBeNull();

    // Pinned again, the move warns of the lost pin; only the compatible fleet is offered.
    await release.getByRole('radio', { name: 'Pin to a release' }).check();
    await release.getByRole('combobox', { name: 'Release' }).click();
    await page.getByRole('option', { name: /^1\.1\.0 / }).click();
    await release.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(async () => (await stored(device.id)).is_pinned_on__release).not.toBeNull();
    const move = section(page, 'Move to another fleet');
    await move.getByText(/pinned to a release: the pin is lost/).waitFor();
    await move.getByRole('combobox', { name: 'Fleet' }).click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.some((o) => o.startsWith('sibling-'))).toBe(true);
    expect(options.some((o) => o.startsWith('nuc-'))).toBe(false);
    await page.getByRole('option', { name: /^sibling-/ }).click();
    await move.getByRole('button', { name: 'Move' }).click();
    const confirm = page.getByRole('dialog', { name: /^Move .* to sibling-/ });
    await confirm.waitFor();
    await expectPageSound(page);
    await confirm.getByRole('button', { name: 'Move' }).click();
    await page.waitForURL((url) => url.pathname === `/fleets/${sibling}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(async () => (await stored(device.id)).belongs_to__application).toBe(sibling);
    expect((await stored(device.id)).belongs_to__application).not.toBe(nuc);
  });

  it('deletes the device once its name is typed, and lands on its fleet', async () => {
    const admin = await createUser(e2e.stack, 'settings-delete');
    const device = await seededDevice(admin);
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/settings#delete`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('Delete device');
    await section(page, 'Delete device').getByRole('button', { name: 'Delete device' }).click();
    const confirm = await typeNameToDelete(page, device.name);
    await expectPageSound(page);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === `/fleets/${device.fleetId}`);
    await page.getByText(`${device.name} deleted`).waitFor();
    expect(await e2e.stack.app.db.selectFrom('device').select('id').where('id', '=', device.id).execute()).toEqual([]);
  });

  it('shows an observer no Settings entry nor edit buttons, and every section disabled with the reason', async () => {
    const admin = await createUser(e2e.stack, 'settings-owner');
    const observer = await createUser(e2e.stack, 'settings-observer');
    const device = await seededDevice(admin);
    await addFleetRole(e2e.stack, admin, device.orgId, device.fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    // The sidebar (in the drawer on a phone) and the card: nothing leads to settings.
    await page.getByText('Target release').waitFor();
    expect(await page.locator(`a[href^="/devices/${device.uuid}/settings"]`).count()).toBe(0);

    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByText("Your role in this fleet does not allow changing this device's settings.").waitFor();
    for (const title of ['Device name', 'Release', 'Public device URL', 'Local mode', 'Support access', 'Move to another fleet', 'Deactivate device', 'Delete device']) {
      await section(page, title).getByText('You do not have permission to do this on this device').waitFor();
    }
    expect(await section(page, 'Device name').getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
    expect(await section(page, 'Public device URL').getByRole('switch').isDisabled()).toBe(true);
    expect(await section(page, 'Support access').getByRole('button', { name: 'Grant access' }).isDisabled()).toBe(true);
    expect(await section(page, 'Deactivate device').getByRole('button', { name: 'Deactivate' }).isDisabled()).toBe(true);
    expect(await section(page, 'Delete device').getByRole('button', { name: 'Delete device' }).isDisabled()).toBe(true);
    expect(await section(page, 'Move to another fleet').getByRole('combobox').count()).toBe(0);
    await expectPageSound(page);
  });
});
