// Issue 13's journey, at desktop width and at 390 px, against real simulated devices running a
// two-service release: on a fleet an administrator adds a fleet variable and a service variable,
// changes one, deletes one, deletes and undoes another, and applies them all; on one device an
// override → the target state of exactly the fleet's devices changes (the override on its device
// only; a device of another fleet is untouched) → leaving with a staged edit warns → a new poll
// interval set on the configuration page is applied by the agents and reported in the device's
// logs → a boolean configuration is toggled. Axe clean at each stop. Each part has its own
// detailed spec (variables-tab, configuration); this one proves they work together.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SimulatedDevice } from '../../apps/device/src/device.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports } from '../support/devices.ts';
import { createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { deployRelease, runningInstalls } from '../support/releases.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);
const SERVICES = ['main', 'web'];
const POLL = 'BALENA_SUPERVISOR_POLL_INTERVAL';
const DELTA = 'BALENA_SUPERVISOR_DELTA';

interface TargetState {
  etag: string | null;
  body: Record<string, { apps: Record<string, { releases?: Record<string, { services?: Record<string, { environment: Record<string, string> }> }> }> }>;
}

/** The device's target state as its agent polls it, with its own key. */
async function targetOf(device: SimulatedDevice): Promise<TargetState> {
  const res = await fetch(`${e2e.stack.url}/device/v3/${device.uuid}/state`, { headers: { Authorization: `Bearer ${device.identity.apiKey}` } });
  expect(res.status).toBe(200);
  return { etag: res.headers.get('etag'), body: (await res.json()) as TargetState['body'] };
}

/** One service's environment in a target state. */
function environmentOf(state: TargetState, uuid: string, service: string): Record<string, string> {
  for (const app of Object.values(state.body[uuid]!.apps)) {
    for (const release of Object.values(app.releases ?? {})) {
      const found = release.services?.[service];
      if (found) return found.environment;
    }
  }
  throw new Error(`no service ${service} in the target state of ${uuid}`);
}

async function v7(user: E2eUser, method: string, path: string, body?: unknown): Promise<void> {
  const res = await e2e.stack.api(method, `/v7/${path}`, user.token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
}

const variables = (page: Page) => page.getByRole('table', { name: 'Variables' });
const variableRow = (page: Page, name: string, service = 'All services') => variables(page).getByRole('row').filter({ hasText: name }).filter({ hasText: service });
const changesBar = (page: Page) => page.getByRole('region', { name: /changes? not applied|Applying/ });
const configRow = (page: Page, name: string) => page.getByRole('region', { name: 'Fleet configuration variables', exact: true }).locator('tr').filter({ hasText: name });

async function stageVariable(page: Page, name: string, service: string, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Add variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add variable' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name: service, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
  await dialog.getByRole('button', { name: 'Stage' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function stageValue(page: Page, button: string, dialogName: string, value: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
  await dialog.getByRole('textbox', { name: 'Value' }).press('Enter');
  await dialog.waitFor({ state: 'hidden' });
}

async function applyAll(page: Page): Promise<void> {
  await changesBar(page).getByRole('button', { name: 'Apply all changes' }).click();
  await page.getByText('All changes successful').waitFor();
  await changesBar(page).waitFor({ state: 'hidden' });
}

describe.each(viewports())('variables and configuration journey ($label)', ({ viewport }) => {
  it('fleet, service and device variables staged and applied reach exactly their devices; the leave warning; a poll interval applied and reported; a toggle', async () => {
    const admin = await createUser(e2e.stack, 'vars-journey');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `vj-${Date.now().toString(36)}`);
    const otherFleetId = await createFleet(e2e.stack, admin, org.id, `vj-other-${Date.now().toString(36)}`);
    // No fixed interval: the agents follow the poll interval of their target configuration.
    const sim = await startSimulator(admin, fleetId, { count: 2, updateStepMs: 200 });
    const other = (await startSimulator(admin, otherFleetId, { count: 1, updateStepMs: 200 })).devices[0]!;
    const [overridden, plain] = sim.devices as [SimulatedDevice, SimulatedDevice];
    await deployRelease(e2e.stack, admin, fleetId, SERVICES);
    for (const device of sim.devices) device.requestPoll();
    for (const device of sim.devices) await expect.poll(() => runningInstalls(e2e.stack, device.uuid), { timeout: 30_000 }).toBe(SERVICES.length);
    await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'KEEP', value: '1' });
    await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'OLD', value: 'x' });
    await v7(admin, 'POST', 'application_environment_variable', { application: fleetId, name: 'STAY', value: 's' });
    const otherBefore = await targetOf(other);

    // The fleet's variables: add two, change one, delete one, delete and undo one, apply all.
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/envvars`);
    await page.getByRole('heading', { level: 1, name: 'Variables' }).waitFor();
    await variableRow(page, 'STAY').waitFor();
    await stageVariable(page, 'GREETING', 'All services', 'hello');
    await stageVariable(page, 'PORT', 'web', '8080');
    await stageValue(page, 'Edit KEEP (All services)', 'Edit KEEP', '2');
    await page.getByRole('button', { name: 'Delete OLD (All services)' }).click();
    await page.getByRole('button', { name: 'Delete STAY (All services)' }).click();
    await page.getByRole('button', { name: 'Undo change to STAY (All services)' }).click();
    await changesBar(page).getByText('4 changes not applied').waitFor();
    await expectPageSound(page);
    await applyAll(page);

    // One device overrides the greeting.
    await page.goto(`${e2e.stack.url}/devices/${overridden.uuid}/envvars`);
    await variableRow(page, 'GREETING').getByText('Not overridden').waitFor();
    await stageValue(page, 'Override GREETING (All services)', 'Override GREETING on this device', 'hi');
    await applyAll(page);
    await expectPageSound(page);

    // Exactly the fleet's devices got the new variables, the override only its own device.
    const [stateOverridden, statePlain] = [await targetOf(overridden), await targetOf(plain)];
    expect(environmentOf(stateOverridden, overridden.uuid, 'main')).toMatchObject({ GREETING: 'hi', KEEP: '2', STAY: 's' });
    expect(environmentOf(statePlain, plain.uuid, 'main')).toMatchObject({ GREETING: 'hello', KEEP: '2', STAY: 's' });
    expect(environmentOf(statePlain, plain.uuid, 'main')).not.toHaveProperty('OLD');
    expect(environmentOf(statePlain, plain.uuid, 'main')).not.toHaveProperty('PORT');
    expect(environmentOf(statePlain, plain.uuid, 'web')).toMatchObject({ PORT: '8080', GREETING: 'hello' });
    expect(await targetOf(other)).toEqual(otherBefore);

    // Leaving with a staged edit asks first; staying keeps it, and Revert all drops it.
    await stageVariable(page, 'DRAFT', 'All services', 'unsaved');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').first().click();
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.getByText('Changes not saved, click OK to proceed.').waitFor();
    await expectPageSound(page);
    await leave.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL(page.url()).pathname).toBe(`/devices/${overridden.uuid}/envvars`);
    await changesBar(page).getByRole('button', { name: 'Revert all changes' }).click();
    await page.getByRole('dialog', { name: 'Revert all changes?' }).getByRole('button', { name: 'Revert all' }).click();
    await changesBar(page).waitFor({ state: 'hidden' });

    // A new poll interval: the agents apply it and say so in their logs.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/config`);
    await page.getByRole('heading', { level: 1, name: 'Configuration' }).waitFor();
    await configRow(page, POLL).getByRole('button', { name: `Set ${POLL}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${POLL}` });
    await edit.getByRole('textbox', { name: 'Value' }).fill('20000');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`${POLL} set to 20000`).waitFor();
    for (const device of sim.devices) device.requestPoll();
    for (const device of sim.devices) await expect.poll(() => device.pollIntervalMs, { timeout: 20_000 }).toBe(20_000);
    expect(other.pollIntervalMs).not.toBe(20_000);

    // A boolean configuration is a toggle.
    const delta = configRow(page, DELTA).getByRole('switch', { name: DELTA });
    expect(await delta.isChecked()).toBe(false);
    await delta.click();
    await expect.poll(() => delta.isChecked()).toBe(true);
    await expectPageSound(page);

    await page.goto(`${e2e.stack.url}/devices/${plain.uuid}/summary`);
    const logs = page.getByRole('region', { name: 'Logs' });
    await logs.getByRole('log', { name: 'Log lines' }).locator('.log-line', { hasText: 'Applied configuration change' }).first().waitFor({ timeout: 20_000 });
    await expectPageSound(page);
  }, 240_000);
});
