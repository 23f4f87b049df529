// The container table's controls (fleets spec §2 Device summary "Container table: start, stop,
// restart, show logs", §4 Container status colours, §6 supervisor-proxy-write; compat §4.1
// startService/stopService/restartService), at desktop width and at 390 px, on a real simulated
// device running a release: restart a service from its row (the device restarts it, the row says
// Restarting… then a toast), stop it after confirming (red Stopped once the device reports it),
// start it again (green Running); "Show logs" opens the summary with ?logService=<service>. An
// observer's controls are disabled with the reason. Axe clean, one h1.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { dotHue, useSimulators, viewports, waitForLinkedDevice } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { deployRelease, runningInstalls } from '../support/releases.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);
const SERVICES = ['main', 'web'];

const serviceRow = (page: Page, service: string) => page.getByRole('table', { name: 'Services' }).locator(`tr[data-service="${service}"]`);

async function openControls(page: Page, service: string) {
  await serviceRow(page, service).getByRole('button', { name: `Actions ${service}` }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** A fleet of one simulated device running the two-service release. */
async function runningDevice(admin: E2eUser) {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `ctr-${Date.now().toString(36)}`);
  const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 1000, updateStepMs: 200 });
  const device = await waitForLinkedDevice(e2e.stack, fleetId);
  await deployRelease(e2e.stack, admin, fleetId, SERVICES);
  await expect.poll(() => runningInstalls(e2e.stack, device.uuid), { timeout: 30_000 }).toBe(SERVICES.length);
  return { orgId: org.id, fleetId, device, sim };
}

describe.each(viewports())('device containers ($label)', ({ viewport }) => {
  it('restarts, stops (confirmed) and starts a service from its row; show logs opens the summary filtered to it', async () => {
    const admin = await createUser(e2e.stack, 'ctr-admin');
    const { device, sim } = await runningDevice(admin);
    // Observe the simulated supervisor's service actions without changing what they do.
    const simulated = sim.devices[0]!;
    const actions: string[] = [];
    const serviceAction = simulated.serviceAction.bind(simulated);
    simulated.serviceAction = (appId, which, action) => {
      actions.push(`${action} ${which.imageId ?? which.serviceName}`);
      return serviceAction(appId, which, action);
    };

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    await serviceRow(page, 'main').getByText('Running').waitFor();
    expect(await dotHue(serviceRow(page, 'main'))).toBe('green');
    await expectPageSound(page);

    // Restart: no confirmation; the device restarts it and the toast says so.
    await (await openControls(page, 'main')).getByRole('menuitem', { name: 'Restart', exact: true }).click();
    await page.getByText('Restarted main').waitFor();
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatch(/^restart \d+$/);
    await serviceRow(page, 'main').getByText('Running').waitFor();

    // Stop: confirmed first; the row turns red once the device reports it.
    await (await openControls(page, 'main')).getByRole('menuitem', { name: 'Stop', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Stop main?' });
    await confirm.waitFor();
    await expectPageSound(page);
    await confirm.getByRole('button', { name: 'Stop' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await serviceRow(page, 'main').getByText('Stopped').waitFor({ timeout: 20_000 });
    expect(await dotHue(serviceRow(page, 'main'))).toBe('red');
    expect(await dotHue(serviceRow(page, 'web'))).toBe('green');
    expect(actions.at(-1)).toMatch(/^stop /);
    await expectPageSound(page);

    // Start: green again.
    const menu = await openControls(page, 'main');
    expect(await menu.getByRole('menuitem', { name: /^Stop/ }).getAttribute('aria-disabled')).toBe('true');
    await menu.getByRole('menuitem', { name: 'Start', exact: true }).click();
    await serviceRow(page, 'main').getByText('Running').waitFor({ timeout: 20_000 });
    expect(await dotHue(serviceRow(page, 'main'))).toBe('green');

    // Show logs: the summary with ?logService=web (the logs panel filters by it).
    await (await openControls(page, 'web')).getByRole('menuitem', { name: 'Show logs' }).click();
    await page.waitForURL((url) => url.pathname === `/devices/${device.uuid}/summary` && url.searchParams.get('logService') === 'web');
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  it("disables an observer's controls with the reason, and leaves show logs", async () => {
    const admin = await createUser(e2e.stack, 'ctr-owner');
    const observer = await createUser(e2e.stack, 'ctr-observer');
    const { orgId, fleetId, device } = await runningDevice(admin);
    await addFleetRole(e2e.stack, admin, orgId, fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/devices/${device.uuid}/summary`);
    await serviceRow(page, 'main').getByText('Running').waitFor();
    const menu = await openControls(page, 'main');
    for (const action of ['Start', 'Stop', 'Restart']) {
      const item = menu.getByRole('menuitem', { name: new RegExp(`^${action}`) });
      expect(await item.getAttribute('aria-disabled')).toBe('true');
      await item.getByText('You do not have permission to control containers').waitFor();
    }
    expect(await menu.getByRole('menuitem', { name: 'Show logs' }).getAttribute('aria-disabled')).toBeNull();
    await expectPageSound(page);
    await page.keyboard.press('Escape');
  });
});
