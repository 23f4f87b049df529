// The variables tabs (fleets spec §2 "Fleet variables tab" and the device pages, §4 "Variable
// edits", §5 "Variable names", §6 variable permissions, §8 "Unsaved changes"), in a real browser
// at desktop width and at 390 px, axe clean with one h1:
// - on a fleet with a two-service release and a device, an administrator adds a fleet variable
//   and a service variable, changes one, deletes one, deletes and undoes another (the name rules,
//   the duplicate name and the missing service are refused in the dialog); leaving with staged
//   edits asks first; Apply all → the API holds exactly the expected rows. An edit the API
//   refuses stays staged with its error ("Some changes failed to apply").
// - on the device page the fleet value shows beside the override; a device override and a
//   device-service variable are applied; Revert all asks first; closing the tab is stopped
//   (beforeunload cancelled) exactly while an edit is staged.
// - an observer sees both tabs read-only with the reason; an operator may change the device's
//   variables but not the fleet's.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { deployRelease } from '../support/releases.ts';

const e2e = useBrowserStack();

type Rows<T> = { d: T[] };

async function v7<T>(user: E2eUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await e2e.stack.api(method, `/v7/${path}`, user.token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return (res.text ? res.json<T>() : undefined) as T;
}

/**
 * A fleet with the release of services main and web, one device (its service installs come with
 * it), and saved variables: KEEP and OLD for all services, MAIN_DEBUG on main.
 */
async function fleetWithVariables(admin: E2eUser) {
  const org = await createOrganization(e2e.stack, admin);
  const fleetName = `vars${Date.now().toString(36)}`;
  const fleetId = await createFleet(e2e.stack, admin, org.id, fleetName);
  await deployRelease(e2e.stack, admin, fleetId, ['main', 'web']);
  const services = await v7<Rows<{ id: number; service_name: string }>>(admin, 'GET', `service?$select=id,service_name&$filter=application eq ${fleetId}`);
  const serviceId = (name: string) => services.d.find((s) => s.service_name === name)!.id;
  const types = await v7<Rows<{ id: number }>>(admin, 'GET', "device_type?$select=id&$filter=slug eq 'raspberrypi4-64'");
  const device = await v7<{ id: number; uuid: string }>(admin, 'POST', 'device', { belongs_to__application: fleetId, is_of__device_type: types.d[0]!.id, device_name: 'vars-device' });
  await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'KEEP', value: '1' });
  await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'OLD', value: 'x' });
  await v7(admin, 'POST', 'service_environment_variable', { service: serviceId('main'), name: 'MAIN_DEBUG', value: '0' });
  return { orgId: org.id, fleetId, fleetName, device, serviceId };
}

/** name=value pairs as sorted lines, for comparing what the API holds. */
const pairs = (rows: Array<{ name: string; value: string }>) => rows.map((r) => `${r.name}=${r.value}`).sort();

async function fleetVariables(admin: E2eUser, fleetId: number) {
  const fleet = await v7<Rows<{ name: string; value: string }>>(admin, 'GET', `application_environment_variable?$select=name,value&$filter=application eq ${fleetId}`);
  const services = await v7<Rows<{ service_name: string; service_environment_variable: Array<{ name: string; value: string }> }>>(
    admin,
    'GET',
    `service?$select=service_name&$filter=application eq ${fleetId}&$expand=service_environment_variable($select=name,value)`,
  );
  return {
    fleet: pairs(fleet.d),
    ...Object.fromEntries(services.d.map((s) => [s.service_name, pairs(s.service_environment_variable)])),
  };
}

async function deviceVariables(admin: E2eUser, deviceId: number) {
  const device = await v7<Rows<{ name: string; value: string }>>(admin, 'GET', `device_environment_variable?$select=name,value&$filter=device eq ${deviceId}`);
  const installs = await v7<Rows<{ installs__service: { __id: number }; device_service_environment_variable: Array<{ name: string; value: string }> }>>(
    admin,
    'GET',
    `service_install?$select=installs__service&$filter=device eq ${deviceId}&$expand=device_service_environment_variable($select=name,value)`,
  );
  return { device: pairs(device.d), services: installs.d.filter((i) => i.device_service_environment_variable.length > 0).map((i) => [i.installs__service.__id, pairs(i.device_service_environment_variable)]) };
}

const table = (page: Page) => page.getByRole('table', { name: 'Variables' });
const row = (page: Page, name: string, service = 'All services') => table(page).getByRole('row').filter({ hasText: name }).filter({ hasText: service });
const bar = (page: Page) => page.getByRole('region', { name: /changes? not applied|Applying/ });

async function openAddDialog(page: Page) {
  await page.getByRole('button', { name: 'Add variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add variable' });
  await dialog.waitFor();
  return dialog;
}

async function chooseService(page: Page, service: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: service, exact: true }).click();
}

async function addVariable(page: Page, name: string, service: string | null, value: string) {
  const dialog = await openAddDialog(page);
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  if (service) await chooseService(page, service);
  await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
  await dialog.getByRole('button', { name: 'Stage' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function editValue(page: Page, buttonName: string, dialogName: string, value: string) {
  await page.getByRole('button', { name: buttonName }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
  await dialog.getByRole('textbox', { name: 'Value' }).press('Enter');
  await dialog.waitFor({ state: 'hidden' });
}

describe.each(viewports())('variables tab ($label)', ({ viewport }) => {
  it('stages adds, a change, a delete and an undo, warns before leaving, and applies exactly them; a refused edit stays staged', async () => {
    const admin = await createUser(e2e.stack, 'vars-admin');
    const { fleetId, fleetName } = await fleetWithVariables(admin);
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/envvars`);
    await page.getByRole('heading', { level: 1, name: 'Variables' }).waitFor();
    await row(page, 'MAIN_DEBUG', 'main').waitFor();
    await expectPageSound(page);

    // The dialog refuses what §5 refuses.
    const dialog = await openAddDialog(page);
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await dialog.getByRole('button', { name: 'Stage' }).click();
    await dialog.getByText('A variable name is required').waitFor();
    await dialog.getByText('Service not found: choose All services or one service').waitFor();
    await name.fill('1ST');
    await dialog.getByText('Environment variables should start with a letter and only contain letters, digits and underscores.').waitFor();
    await name.fill('BALENA_SUPERVISOR_POLL_INTERVAL');
    await dialog.getByText('Configuration variables are managed through the Configuration page.').waitFor();
    await name.fill('KEEP');
    await chooseService(page, 'All services');
    await dialog.getByText('A variable with this name already exists for this service').waitFor();
    // The same name for one service is another variable.
    await chooseService(page, 'web');
    await dialog.getByText('A variable with this name already exists for this service').waitFor({ state: 'hidden' });
    await dialog.getByRole('textbox', { name: 'Value' }).fill('a\nb');
    await dialog.getByRole('button', { name: 'Stage' }).click();
    await dialog.getByText('Variable values must not contain line breaks.').waitFor();
    await expectPageSound(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Staged: a fleet variable, a service variable, a change, a delete, and a delete undone.
    await addVariable(page, 'GREETING', 'All services', 'hello');
    await addVariable(page, 'PORT', 'web', '8080');
    await editValue(page, 'Edit KEEP (All services)', 'Edit KEEP', '2');
    await page.getByRole('button', { name: 'Delete OLD (All services)' }).click();
    await page.getByRole('button', { name: 'Delete MAIN_DEBUG (main)' }).click();
    await row(page, 'MAIN_DEBUG', 'main').getByText('Deleted').waitFor();
    await page.getByRole('button', { name: 'Undo change to MAIN_DEBUG (main)' }).click();
    await row(page, 'MAIN_DEBUG', 'main').getByText('Deleted').waitFor({ state: 'hidden' });
    await row(page, 'GREETING').getByText('Added').waitFor();
    await row(page, 'PORT', 'web').getByText('Added').waitFor();
    await row(page, 'KEEP').getByText('Changed').waitFor();
    await row(page, 'OLD').getByText('Deleted').waitFor();
    await bar(page).getByText('4 changes not applied').waitFor();
    await expectPageSound(page);
    // Nothing was sent yet.
    expect(await fleetVariables(admin, fleetId)).toEqual({ fleet: ['KEEP=1', 'OLD=x'], main: ['MAIN_DEBUG=0'], web: [] });

    // Leaving in the app asks first; staying keeps the edits.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: fleetName }).click();
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText('Changes not saved, click OK to proceed.').waitFor();
    await expectPageSound(page);
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/fleets/${fleetId}/envvars`);
    await bar(page).getByText('4 changes not applied').waitFor();

    // Apply all: the API holds exactly the staged result.
    await bar(page).getByRole('button', { name: 'Apply all changes' }).click();
    await page.getByText('All changes successful').waitFor();
    await bar(page).waitFor({ state: 'hidden' });
    expect(await fleetVariables(admin, fleetId)).toEqual({ fleet: ['GREETING=hello', 'KEEP=2'], main: ['MAIN_DEBUG=0'], web: ['PORT=8080'] });
    await row(page, 'OLD').waitFor({ state: 'detached' });

    // An edit the API refuses (the name was taken meanwhile) stays staged with its error.
    await addVariable(page, 'RACE', 'All services', 'from-ui');
    await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'RACE', value: 'from-api' });
    await bar(page).getByRole('button', { name: 'Apply all changes' }).click();
    await page.getByText(/^Some changes failed to apply: /).waitFor();
    await bar(page).getByText('1 change not applied').waitFor();
    await row(page, 'RACE').getByText('Added').waitFor();
    await row(page, 'RACE').getByText('A variable with this name already exists for this service').waitFor();
    await page.getByRole('button', { name: 'Undo change to RACE (All services)' }).click();
    await bar(page).waitFor({ state: 'hidden' });
  }, 180_000);

  it('shows the fleet value beside the device override, applies an override and a device-service variable, reverts all, asks before the tab closes', async () => {
    const admin = await createUser(e2e.stack, 'vars-device');
    const { fleetId, device, serviceId } = await fleetWithVariables(admin);
    await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'GREETING', value: 'hello' });
    await v7(admin, 'POST', 'service_environment_variable', { service: serviceId('web'), name: 'PORT', value: '8080' });
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/envvars`);
    await page.getByRole('heading', { level: 1, name: 'Variables' }).waitFor();
    await row(page, 'GREETING').getByText('Not overridden').waitFor();
    await row(page, 'PORT', 'web').getByText('8080').waitFor();
    await expectPageSound(page);
    await editValue(page, 'Override GREETING (All services)', 'Override GREETING on this device', 'hi');
    await addVariable(page, 'DEVICE_ONLY', 'main', 'yes');
    await row(page, 'GREETING').getByText('hello').waitFor();
    await row(page, 'GREETING').getByText('Added').waitFor();
    await bar(page).getByText('2 changes not applied').waitFor();
    await expectPageSound(page);
    await bar(page).getByRole('button', { name: 'Apply all changes' }).click();
    await page.getByText('All changes successful').waitFor();
    expect(await deviceVariables(admin, device.id)).toEqual({ device: ['GREETING=hi'], services: [[serviceId('main'), ['DEVICE_ONLY=yes']]] });
    // The fleet's own variables are untouched.
    expect((await fleetVariables(admin, fleetId)).fleet).toEqual(['GREETING=hello', 'KEEP=1', 'OLD=x']);

    // Revert all asks first and drops every staged edit.
    await page.getByRole('button', { name: 'Delete DEVICE_ONLY (main)' }).click();
    await bar(page).getByRole('button', { name: 'Revert all changes' }).click();
    const revert = page.getByRole('dialog', { name: 'Revert all changes?' });
    await revert.getByRole('button', { name: 'Revert all' }).click();
    await bar(page).waitFor({ state: 'hidden' });
    await row(page, 'DEVICE_ONLY', 'main').getByText('Deleted').waitFor({ state: 'hidden' });

    // Closing the tab with a staged edit asks the browser's question: the page cancels its
    // beforeunload (headless Chromium shows no dialog for it), and stops once nothing is staged.
    const closingIsStopped = () =>
      page.evaluate(() => {
        const g = globalThis as unknown as { Event: new (type: string, init: { cancelable: boolean }) => { defaultPrevented: boolean }; dispatchEvent(e: unknown): boolean };
        const event = new g.Event('beforeunload', { cancelable: true });
        g.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await closingIsStopped()).toBe(false);
    await page.getByRole('button', { name: 'Delete DEVICE_ONLY (main)' }).click();
    await bar(page).waitFor();
    expect(await closingIsStopped()).toBe(true);
    await page.getByRole('button', { name: 'Undo change to DEVICE_ONLY (main)' }).click();
    await bar(page).waitFor({ state: 'hidden' });
    expect(await closingIsStopped()).toBe(false);
  }, 180_000);

  it('is read-only with the reason for an observer; an operator changes the device but not the fleet', async () => {
    const admin = await createUser(e2e.stack, 'vars-owner');
    const { orgId, fleetId, device } = await fleetWithVariables(admin);
    const observer = await createUser(e2e.stack, 'vars-observer');
    await addFleetRole(e2e.stack, admin, orgId, fleetId, observer, 'observer');
    const operator = await createUser(e2e.stack, 'vars-operator');
    await addFleetRole(e2e.stack, admin, orgId, fleetId, operator, 'operator');

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/fleets/${fleetId}/envvars`);
    await row(page, 'KEEP').waitFor();
    expect(await page.getByRole('button', { name: 'Add variable' }).isDisabled()).toBe(true);
    await page.getByText(/can read its variables but not change them/).waitFor();
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    await expectPageSound(page);
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/envvars`);
    await row(page, 'KEEP').waitFor();
    expect(await page.getByRole('button', { name: 'Add variable' }).isDisabled()).toBe(true);
    await page.getByText(/can read this device's variables but not change them/).waitFor();
    expect(await page.getByRole('button', { name: /^Override / }).count()).toBe(0);

    const operatorPage = await e2e.newPage({ viewport });
    await signInAs(operatorPage, e2e.stack, operator, `/fleets/${fleetId}/envvars`);
    await row(operatorPage, 'KEEP').waitFor();
    expect(await operatorPage.getByRole('button', { name: 'Add variable' }).isDisabled()).toBe(true);
    await operatorPage.goto(`${e2e.stack.url}/devices/${device.uuid}/envvars`);
    await row(operatorPage, 'KEEP').waitFor();
    expect(await operatorPage.getByRole('button', { name: 'Add variable' }).isEnabled()).toBe(true);
    await operatorPage.getByRole('button', { name: 'Override KEEP (All services)' }).waitFor();
  });
});
