// Host OS and supervisor updates of a device (fleets spec §2 device summary "host OS version with
// release-line badge and changelog link" and device settings "group OS update, group supervisor
// update"; §4 OS update classification; §5 availability and forms; §6 actions-proxy-hup and
// actions-proxy-supervisorupgrade), on a real simulated device linked to the API: the summary
// shows the running version's line and changelog; on the settings page the running version is
// listed but not selectable, the update is confirmed, the device updates, reboots and comes back
// on the new version; then the supervisor is updated the same way. An observer sees both
// sections without controls and with the reason. Axe clean, one h1, no sideways scroll, at
// desktop width and at 390 px.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadOsReleaseCatalog } from '../../apps/api/src/os-releases/os-release-catalog.ts';
import { seedOsReleases } from '../../apps/api/src/os-releases/os-release-seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, waitForLinkedDevice } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

beforeAll(async () => {
  await seedOsReleases(e2e.stack.app.db, loadOsReleaseCatalog());
});

const startSimulator = useSimulators(e2e);

/** A simulated device (balenaOS 6.0.0, supervisor 17.0.0) in a new fleet of a new organization, linked. */
async function linkedDevice(admin: E2eUser): Promise<{ orgId: number; fleetId: number; uuid: string; name: string }> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `os-${Date.now().toString(36)}`);
  await startSimulator(admin, fleetId, { count: 1, intervalMs: 500, rebootMs: 2_000, supervisorCheckMs: 0 });
  return { orgId: org.id, fleetId, ...(await waitForLinkedDevice(e2e.stack, fleetId)) };
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });
const osVersionValue = (page: Page) => page.locator('dt', { hasText: 'Host OS version' }).locator('xpath=following-sibling::dd[1]');

async function choose(page: Page, scope: ReturnType<typeof section>, field: string, option: RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('OS and supervisor update', () => {
  it('updates the host OS and the supervisor of a linked device from its settings page', async () => {
    const admin = await createUser(e2e.stack, 'os-admin');
    const device = await linkedDevice(admin);
    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });

    // The summary: the running version with its release line and the changelog.
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    await osVersionValue(page).getByLabel('Release line: current').waitFor();
    expect(await osVersionValue(page).getByRole('link', { name: /^Changelog of balenaOS 6\.0\.0/ }).getAttribute('href')).toBe(
      'https://github.com/balena-os/meta-balena/blob/v6.0.0/CHANGELOG.md',
    );
    await expectPageSound(page);

    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/settings#os-update`);
    const os = section(page, 'Host OS update');
    await os.getByText('Running: balenaOS 6.0.0').waitFor();
    await os.getByRole('combobox', { name: 'Target version' }).click();
    const running = page.getByRole('option', { name: /^6\.0\.0/ });
    expect(await running.getAttribute('aria-disabled')).toBe('true');
    await expectPageSound(page);
    await page.getByRole('option', { name: /^6\.1\.4/ }).click();
    await os.getByRole('button', { name: 'Start OS update' }).click();
    const confirm = page.getByRole('dialog', { name: 'Update the host OS to 6.1.4?' });
    await confirm.waitFor();
    await expectPageSound(page);
    await confirm.getByRole('button', { name: 'Start update' }).click();
    await page.getByText('OS update to 6.1.4 started').waitFor();
    // The device downloads, reboots and comes back on the new version; the page follows it.
    await os.getByText('Running: balenaOS 6.1.4').waitFor({ timeout: 60_000 });
    await expect.poll(() => os.getByTestId('os-update-action').textContent(), { timeout: 20_000 }).toBe('OS update to 6.1.4: done');

    const supervisor = section(page, 'Supervisor update');
    await supervisor.getByText('Running: 17.0.0').waitFor();
    await choose(page, supervisor, 'Target version', /^17\.1\.2$/);
    await supervisor.getByRole('button', { name: 'Update supervisor' }).click();
    const confirmSupervisor = page.getByRole('dialog', { name: 'Update the supervisor to 17.1.2?' });
    await confirmSupervisor.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Supervisor update to 17.1.2 requested').waitFor();
    await supervisor.getByText('Running: 17.1.2').waitFor({ timeout: 60_000 });
    await expectPageSound(page);
  }, 180_000);

  it('shows an observer both sections without controls, with the reason, at 390 px', async () => {
    const admin = await createUser(e2e.stack, 'os-owner');
    const observer = await createUser(e2e.stack, 'os-observer');
    const device = await linkedDevice(admin);
    await addFleetRole(e2e.stack, admin, device.orgId, device.fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(page, e2e.stack, observer, `/devices/${device.uuid}/settings#os-update`);
    for (const title of ['Host OS update', 'Supervisor update']) {
      await section(page, title).getByText('You do not have permission to do this on this device').waitFor();
      expect(await section(page, title).getByRole('combobox').count()).toBe(0);
    }
    await expectPageSound(page);
  }, 120_000);
});
