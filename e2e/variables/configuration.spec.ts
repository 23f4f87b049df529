// The configuration pages (fleets spec §2 Route table, "Fleet configuration page", "Fleet
// variables tab" toggles and images; §3 Variables; §5 "Variable names"; §6 entity tables), at
// 1280×800 and 390×844: a fleet configuration value is set (a number checked against its
// minimum), a boolean toggled, a reboot-causing boolean confirmed first; a custom configuration
// variable is refused with a bad name, an existing one and a built-in one (set from its row),
// then added; one device overrides the fleet value and its page shows both; the fleet's device
// table and the overrides dialog name that device; an observer sees everything read-only with the reason. Every write is checked in
// the database; an image data URL shows as a 40 px image that downloads; a failed read offers
// Retry. Axe clean, one h1, no sideways scroll.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const POLL = 'BALENA_SUPERVISOR_POLL_INTERVAL';
const DELTA = 'BALENA_SUPERVISOR_DELTA';
const SPLASH = 'BALENA_HOST_CONFIG_disable_splash';
const SPLASH_IMAGE = 'BALENA_HOST_SPLASH_IMAGE';
/** A built-in (schema) variable the test never sets on the fleet. */
const GPU_MEM = 'BALENA_HOST_CONFIG_gpu_mem';
/** A 1×1 PNG as a data URL. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

interface Seeded {
  orgId: number;
  fleetId: number;
  devices: Array<{ id: number; uuid: string; name: string }>;
}

/** A new raspberrypi4-64 fleet with two seeded devices. */
async function seededFleet(admin: E2eUser): Promise<Seeded> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `cfg-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 2, `cfg-${fleetId}`);
  const rows = await e2e.stack.app.db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).orderBy('id').execute();
  return { orgId: org.id, fleetId, devices: rows.map((r) => ({ id: r.id as number, uuid: r.uuid as string, name: r.device_name as string })) };
}

const fleetValues = async (fleetId: number) =>
  Object.fromEntries(
    (await e2e.stack.app.db.selectFrom('application_config_variable').select(['name', 'value']).where('application', '=', fleetId).execute()).map((r) => [r.name, r.value]),
  );
const deviceValues = async (deviceId: number) =>
  Object.fromEntries((await e2e.stack.app.db.selectFrom('device_config_variable').select(['name', 'value']).where('device', '=', deviceId).execute()).map((r) => [r.name, r.value]));

const table = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });
const row = (page: Page, label: string, name: string) => table(page, label).locator('tr').filter({ hasText: name });

describe.each(viewports())('configuration pages ($label)', ({ viewport }) => {
  it('sets, toggles and adds fleet configuration, overrides one value on a device, and lists the override', async () => {
    const admin = await createUser(e2e.stack, 'config');
    const { fleetId, devices } = await seededFleet(admin);
    const device = devices[0]!;
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/config`);
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    // The device type's schema: the Raspberry Pi's config.txt family is there, with its reboot note.
    await row(page, 'Fleet configuration variables', SPLASH).getByText('Reboots the device').waitFor();
    await expectPageSound(page);

    // A number is checked against its minimum before it is written (§5 Forms).
    await row(page, 'Fleet configuration variables', POLL).getByRole('button', { name: `Set ${POLL}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${POLL}` });
    await dialog.getByRole('textbox', { name: 'Value' }).fill('5000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter at least 10000').waitFor();
    await expectPageSound(page);
    await dialog.getByRole('textbox', { name: 'Value' }).fill('60000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${POLL} set to 60000`).waitFor();
    await expect.poll(async () => (await fleetValues(fleetId))[POLL]).toBe('60000');
    await row(page, 'Fleet configuration variables', POLL).getByRole('button', { name: `Edit ${POLL}` }).waitFor();

    // A boolean is a toggle (default off → 1); one that reboots asks first (default on → 0).
    const delta = row(page, 'Fleet configuration variables', DELTA).getByRole('switch', { name: DELTA });
    expect(await delta.isChecked()).toBe(false);
    await delta.click();
    await expect.poll(async () => (await fleetValues(fleetId))[DELTA]).toBe('1');
    await expect.poll(() => delta.isChecked()).toBe(true);
    await row(page, 'Fleet configuration variables', SPLASH).getByRole('switch', { name: SPLASH }).click();
    const reboot = page.getByRole('dialog', { name: `Change ${SPLASH}?` });
    await reboot.getByText('Changing this value will reboot every device that uses the fleet').waitFor();
    await reboot.getByRole('button', { name: 'Change and reboot' }).click();
    await expect.poll(async () => (await fleetValues(fleetId))[SPLASH]).toBe('0');

    // A custom variable: a name without the namespace, then an existing one, are refused (§5);
    // a built-in one the fleet does not set yet is sent to its own row.
    await page.getByRole('button', { name: 'Add custom variable' }).click();
    const add = page.getByRole('dialog', { name: 'Add custom configuration variable' });
    await add.getByRole('textbox', { name: 'Name' }).fill('MY_SETTING');
    await add.getByRole('textbox', { name: 'Value' }).fill('on');
    await add.getByRole('button', { name: 'Add' }).click();
    await add.getByText('Configuration variables should begin with RESIN_, BALENA_').waitFor();
    await add.getByRole('textbox', { name: 'Name' }).fill(POLL);
    await add.getByText('This fleet already has a configuration variable with this name').waitFor();
    await add.getByRole('textbox', { name: 'Name' }).fill(GPU_MEM);
    await add.getByText('This is a built-in setting: set it from its row in the fleet configuration table above').waitFor();
    expect(await add.getByText('This fleet already has a configuration variable with this name').count()).toBe(0);
    await expectPageSound(page);
    await add.getByRole('textbox', { name: 'Name' }).fill('BALENA_MY_SETTING');
    await add.getByRole('button', { name: 'Add' }).click();
    await page.getByText('BALENA_MY_SETTING set to on').waitFor();
    await row(page, 'Custom configuration variables', 'BALENA_MY_SETTING').getByText('on', { exact: true }).waitFor();
    expect(await fleetValues(fleetId)).toMatchObject({ BALENA_MY_SETTING: 'on', [POLL]: '60000', [DELTA]: '1', [SPLASH]: '0' });

    // The device page: the fleet's value beside the device's own, then an override.
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/config`);
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    const devicePoll = row(page, 'Device configuration variables', POLL);
    await devicePoll.getByText('Inherited').waitFor();
    await devicePoll.getByText('60000').waitFor();
    await expectPageSound(page);
    await devicePoll.getByRole('button', { name: `Override ${POLL}` }).click();
    const override = page.getByRole('dialog', { name: `Override ${POLL} on this device` });
    await override.getByRole('textbox', { name: 'Value' }).fill('30000');
    await override.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${POLL} set to 30000`).waitFor();
    await expect.poll(async () => (await deviceValues(device.id))[POLL]).toBe('30000');
    await devicePoll.getByText('30000').waitFor();
    await devicePoll.getByText('60000').waitFor();
    // The inherited boolean shows the fleet's value; toggling it overrides it on this device only.
    const deviceDelta = row(page, 'Device configuration variables', DELTA).getByRole('switch', { name: DELTA });
    expect(await deviceDelta.isChecked()).toBe(true);
    await deviceDelta.click();
    await expect.poll(async () => (await deviceValues(device.id))[DELTA]).toBe('0');
    expect((await fleetValues(fleetId))[DELTA]).toBe('1');
    expect(await deviceValues(devices[1]!.id)).toEqual({});

    // Back on the fleet: the device table and the overrides dialog name the device.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/config`);
    await row(page, 'Device configuration overrides', POLL).getByRole('link', { name: device.name }).waitFor();
    await row(page, 'Fleet configuration variables', POLL).getByRole('button', { name: `1 device override of ${POLL}` }).click();
    const overrides = page.getByRole('dialog', { name: `Devices overriding ${POLL}` });
    await overrides.getByRole('link', { name: device.name }).waitFor();
    await overrides.getByText('30000').waitFor();
    await expectPageSound(page);
    await overrides.getByRole('link', { name: device.name }).click();
    await page.waitForURL((url) => url.pathname === `/devices/${device.uuid}/config`);
  });

  it('shows an observer every value read-only, with the reason', async () => {
    const admin = await createUser(e2e.stack, 'config-owner');
    const observer = await createUser(e2e.stack, 'config-observer');
    const { orgId, fleetId, devices } = await seededFleet(admin);
    const device = devices[0]!;
    const set = await e2e.stack.api('POST', '/v7/application_config_variable', admin.token, { application: fleetId, name: POLL, value: '120000' });
    expect(set.status, set.text).toBe(201);
    const splash = await e2e.stack.api('POST', '/v7/application_config_variable', admin.token, { application: fleetId, name: SPLASH_IMAGE, value: PNG });
    expect(splash.status, splash.text).toBe(201);
    await addFleetRole(e2e.stack, admin, orgId, fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/fleets/${fleetId}/config`);
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    await row(page, 'Fleet configuration variables', POLL).getByText('120000').waitFor();
    expect(await page.getByText('Only developers and administrators of this fleet can change its configuration.').count()).toBe(2);
    expect(await row(page, 'Fleet configuration variables', POLL).getByRole('button', { name: `Edit ${POLL}` }).isDisabled()).toBe(true);
    expect(await row(page, 'Fleet configuration variables', DELTA).getByRole('switch', { name: DELTA }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add custom variable' }).isDisabled()).toBe(true);
    // An image data URL shows as the image, 40 px high, a link that downloads it (§2).
    const image = row(page, 'Fleet configuration variables', SPLASH_IMAGE).getByRole('link', { name: `Download the image of ${SPLASH_IMAGE}` });
    expect(await image.getAttribute('download')).toBe(`${SPLASH_IMAGE}.png`);
    expect(await image.getAttribute('href')).toBe(PNG);
    expect((await image.getByRole('img').boundingBox())?.height).toBe(40);
    await expectPageSound(page);

    // A failed read says so with Retry (never an empty table); Retry loads the page.
    await page.route('**/v7/device_config_variable?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/config`);
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    const failure = page.getByTestId('error-state');
    await failure.getByText('Could not load the configuration').waitFor({ timeout: 30_000 });
    await page.unroute('**/v7/device_config_variable?**');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Your role on this fleet cannot change device configuration.').waitFor();
    expect(await row(page, 'Device configuration variables', POLL).getByRole('button', { name: `Override ${POLL}` }).isDisabled()).toBe(true);
    expect(await row(page, 'Device configuration variables', DELTA).getByRole('switch', { name: DELTA }).isDisabled()).toBe(true);
    await expectPageSound(page);
    // Nothing was written.
    expect(await deviceValues(device.id)).toEqual({});
    expect(await fleetValues(fleetId)).toEqual({ [POLL]: '120000', [SPLASH_IMAGE]: PNG });
  });
});
