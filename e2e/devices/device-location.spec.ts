// The device location page (fleets spec §2 "Device location", §5 "Location", §8
// "errors.device_location_not_determined"), at desktop width and at 390 px: the map draws tiles
// from the deployment's MAP_TILE_URL (a local tile server here); the reported location shows in
// automatic mode; manual needs both numbers, saves the custom location, and automatic unsets it;
// an observer sees the form disabled. Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

async function seededDevice(admin: E2eUser, reported: { latitude: string; longitude: string } | null) {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `loc-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `loc-${fleetId}`);
  const db = e2e.stack.app.db;
  const row = await db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).executeTakeFirstOrThrow();
  await db.updateTable('device').set({ latitude: reported?.latitude ?? null, longitude: reported?.longitude ?? null, custom_latitude: null, custom_longitude: null }).where('id', '=', row.id).execute();
  return { orgId: org.id, fleetId, id: row.id as number, uuid: row.uuid as string, name: row.device_name as string };
}

const stored = (id: number) => e2e.stack.app.db.selectFrom('device').select(['custom_latitude', 'custom_longitude']).where('id', '=', id).executeTakeFirstOrThrow();

async function openLocation(page: Page, user: E2eUser, uuid: string): Promise<void> {
  await signInAs(page, e2e.stack, user, `/devices/${uuid}/location`);
  await page.getByRole('heading', { level: 1, name: 'Location' }).waitFor();
}

describe.each(VIEWPORTS)('device location ($label)', ({ viewport }) => {
  it('shows the reported location on a map, saves a manual one, and goes back to automatic', async () => {
    const admin = await createUser(e2e.stack, 'location');
    const device = await seededDevice(admin, { latitude: '52.37', longitude: '4.89' });
    const page = await e2e.newPage({ viewport });
    const tilesBefore = e2e.stack.tiles.served();
    await openLocation(page, admin, device.uuid);
    await page.getByText('The device reports latitude 52.37, longitude 4.89.').waitFor();
    await page.getByRole('region', { name: `Map of ${device.name}` }).waitFor();
    // The map drew tiles from the configured tile server (no request leaves the machine).
    await expect.poll(() => e2e.stack.tiles.served()).toBeGreaterThan(tilesBefore);
    const save = page.getByRole('button', { name: 'Save location' });
    expect(await save.isDisabled()).toBe(true);
    await expectPageSound(page);

    await page.getByRole('radio', { name: 'Manual' }).check();
    await page.getByLabel('Latitude').fill('48.8566');
    await page.getByText('All fields must be filled in: both latitude and longitude.').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('Longitude').fill('200');
    await page.getByText('Latitude must be a number from -90 to 90 and longitude from -180 to 180.').waitFor();
    await page.getByLabel('Longitude').fill('2.3522');
    await save.click();
    await page.getByText('Setting changed successfully').waitFor();
    await expect.poll(() => stored(device.id)).toEqual({ custom_latitude: '48.8566', custom_longitude: '2.3522' });
    await expectPageSound(page);

    await page.getByRole('radio', { name: 'Automatic (reported by the device)' }).check();
    await save.click();
    await expect.poll(() => stored(device.id)).toEqual({ custom_latitude: '', custom_longitude: '' });
  });

  it('says when the device reports no location, and lets an observer only look', async () => {
    const admin = await createUser(e2e.stack, 'location-admin');
    const device = await seededDevice(admin, null);
    const observer = await createUser(e2e.stack, 'location-observer');
    await addFleetRole(e2e.stack, admin, device.orgId, device.fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await openLocation(page, observer, device.uuid);
    await page.getByText("The device's location could not be determined: it reports no latitude and longitude.").waitFor();
    await page.getByText("You do not have permission to change this device's location.").waitFor();
    expect(await page.getByRole('radio', { name: 'Manual' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save location' }).isDisabled()).toBe(true);
    await expectPageSound(page);
  });
});

describe('device routing (fleets spec §2 "Routing rules")', () => {
  it("sends a frozen device's pages to its fleet, and an unknown device home", async () => {
    const admin = await createUser(e2e.stack, 'frozen-route');
    const device = await seededDevice(admin, null);
    await e2e.stack.app.db.updateTable('device').set({ is_frozen: true }).where('id', '=', device.id).execute();
    const page = await e2e.newPage({ viewport: VIEWPORTS[0]!.viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/location`);
    await page.waitForURL((url) => url.pathname === `/fleets/${device.fleetId}`);
    await page.goto(`${e2e.stack.url}/devices/${'f'.repeat(32)}/summary`);
    await page.waitForURL((url) => url.pathname === '/fleets' || url.pathname === '/');
  });
});

describe.each(VIEWPORTS)('device list map lens ($label)', ({ viewport }) => {
  it('places the located devices of the page on the map, says how many, opens one, and remembers the lens', async () => {
    const admin = await createUser(e2e.stack, 'map-lens');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `map-${Date.now().toString(36)}`);
    await seedFleetDevices(e2e.stack.app.db, fleetId, 3, `map-${fleetId}`);
    const db = e2e.stack.app.db;
    const rows = await db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).orderBy('device_name').execute();
    await db.updateTable('device').set({ latitude: null, longitude: null, custom_latitude: null, custom_longitude: null }).where('belongs_to__application', '=', fleetId).execute();
    await db.updateTable('device').set({ latitude: '52.37', longitude: '4.89' }).where('id', '=', rows[0]!.id).execute();
    await db.updateTable('device').set({ custom_latitude: '48.85', custom_longitude: '2.35' }).where('id', '=', rows[1]!.id).execute();

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    // A device selected in the table: the map has no checkboxes and shows no columns, so neither
    // the selection with its Actions nor Columns is offered there; back in the table the selection is.
    await page.getByRole('checkbox', { name: `Select ${rows[0]!.device_name}` }).check();
    await page.getByTestId('selection-count').getByText('1 selected').waitFor();
    const lenses = page.getByRole('group', { name: 'List view' });
    await lenses.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByRole('region', { name: 'Map of the devices on this page' }).waitFor();
    await page.getByText('2 of the 3 devices on this page have a location.').waitFor();
    expect(await page.getByTestId('selection-count').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Actions' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Columns' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add filter' }).waitFor();
    await lenses.getByRole('button', { name: 'Table', exact: true }).click();
    await page.getByTestId('selection-count').getByText('1 selected').waitFor();
    expect(await page.getByRole('checkbox', { name: `Select ${rows[0]!.device_name}` }).isChecked()).toBe(true);
    await lenses.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByRole('region', { name: 'Map of the devices on this page' }).waitFor();
    const listed = page.getByRole('list', { name: 'Devices on the map' }).getByRole('link');
    expect((await listed.allTextContents()).sort()).toEqual([rows[0]!.device_name, rows[1]!.device_name].sort());
    await expectPageSound(page);

    // The lens is the user's: it is still the map after a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Map of the devices on this page' }).waitFor();
    await listed.filter({ hasText: rows[1]!.device_name as string }).click();
    await page.waitForURL((url) => url.pathname === `/devices/${rows[1]!.uuid}/summary`);
  });
});
