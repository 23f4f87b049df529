// Device diagnostics (fleets spec §2 "Device diagnostics" tabs, §5 "Diagnostics", §6
// access_diagnostics, §7 checks polled 15 s / diagnostics 5 s, §8 no_check_data_available and the
// supervisor state), at desktop width and at 390 px, on a real simulated device that keeps its
// link: the sidebar leads to the page; before a run the checks say no_check_data_available; the
// device is undervolted, so running the checks shows check_under_voltage failed (red, first, counted);
// the diagnostics tab runs and shows the device's report; the supervisor state tab shows what
// the device's supervisor answers. An offline device's runs are disabled with the cloudlink
// reason; an observer sees the forbidden state and no sidebar entry. Axe clean, one h1.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports, waitForLinkedDevice } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);

async function seededDevice(admin: E2eUser): Promise<{ orgId: number; fleetId: number; uuid: string; name: string }> {
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `diag-seeded-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `diag-${fleetId}`);
  const row = await e2e.stack.app.db.selectFrom('device').select(['uuid', 'device_name']).where('belongs_to__application', '=', fleetId).executeTakeFirstOrThrow();
  return { orgId: org.id, fleetId, uuid: row.uuid as string, name: row.device_name as string };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Diagnostics' });

describe.each(viewports())('device diagnostics ($label)', ({ label, viewport }) => {
  it('runs the health checks and shows the failing one, runs the diagnostics, and reads the supervisor state', async () => {
    const admin = await createUser(e2e.stack, 'diag-admin');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `diag-${Date.now().toString(36)}`);
    const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 1000 });
    const device = await waitForLinkedDevice(e2e.stack, fleetId);
    // A power supply that sags: the device's under-voltage check fails (apps/device diagnostics).
    sim.devices[0]!.isUndervolted = true;

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    if (label === 'desktop') {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Diagnostics' }).click();
    } else {
      await page.goto(`${e2e.stack.url}/devices/${device.uuid}/diagnostics`);
    }
    await heading(page).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/devices/${device.uuid}/diagnostics`);
    await page.getByRole('tab', { name: 'Health checks', selected: true }).waitFor();
    await page.getByText(/No check data available/).waitFor();
    await expectPageSound(page);

    await page.getByRole('button', { name: 'Run checks' }).click();
    await page.getByText('1 of 10 checks failed').waitFor({ timeout: 20_000 });
    const table = page.getByRole('table', { name: 'Health checks' });
    const first = table.getByRole('row').nth(1);
    expect(await first.getAttribute('data-check')).toBe('check_under_voltage');
    await first.getByText('Failed').waitFor();
    await first.getByText(/Under-voltage events detected/).waitFor();
    expect(await table.locator('tr[data-success="false"]').count()).toBe(1);
    await table.locator('tr[data-check="check_memory"]').getByText('Passed').waitFor();
    await page.getByText(/^Last run /).waitFor();
    await expectPageSound(page);

    // Diagnostics: the device's report, from the keyboard.
    await page.getByRole('tab', { name: 'Health checks' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.getByRole('tab', { name: 'Diagnostics', selected: true }).waitFor();
    await page.getByText(/No diagnostics yet/).waitFor();
    await page.getByRole('button', { name: 'Run diagnostics' }).click();
    const report = page.getByRole('region', { name: 'Diagnostics report' });
    await report.getByText(/--- free -m ---/).waitFor({ timeout: 20_000 });
    expect(await report.textContent()).toContain('FAIL check_under_voltage');
    await expectPageSound(page);

    // The supervisor's state, as getSupervisorState reads it.
    await page.getByRole('tab', { name: 'Supervisor state' }).click();
    const supervisorVersion = page.locator('dt', { hasText: 'supervisor_version' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => supervisorVersion.textContent(), { timeout: 15_000 }).toBe(sim.devices[0]!.profile.supervisorVersion);
    await page.locator('dt', { hasText: 'api_port' }).waitFor();
    await expectPageSound(page);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });

  it('disables the runs of an offline device with the cloudlink reason', async () => {
    const admin = await createUser(e2e.stack, 'diag-offline');
    const device = await seededDevice(admin);
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/diagnostics`);
    await heading(page).waitFor();
    await page.getByText(/The device is offline: it has no diagnostics data/).waitFor();
    const run = page.getByRole('button', { name: 'Run checks' });
    expect(await run.isDisabled()).toBe(true);
    // The reason is the button's description and the tooltip of its wrapper (a disabled button takes no pointer).
    expect(await run.getAttribute('aria-describedby')).toBeTruthy();
    await run.locator('xpath=..').hover();
    await page.getByRole('tooltip', { name: 'Cloudlink must be connected to run diagnostics on this device' }).waitFor();
    await expectPageSound(page);
    await page.getByRole('tab', { name: 'Supervisor state' }).click();
    await page.getByText(/No online device found/).waitFor();
  });

  it("shows an observer the forbidden state, without the sidebar entry", async () => {
    const admin = await createUser(e2e.stack, 'diag-owner');
    const observer = await createUser(e2e.stack, 'diag-observer');
    const device = await seededDevice(admin);
    await addFleetRole(e2e.stack, admin, device.orgId, device.fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/devices/${device.uuid}/diagnostics`);
    await heading(page).waitFor();
    await page.getByText("You do not have permission to access this device's diagnostics.").waitFor();
    expect(await page.getByRole('button', { name: 'Run checks' }).count()).toBe(0);
    if (label === 'desktop') {
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Location' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Diagnostics' }).count()).toBe(0);
    }
    await expectPageSound(page);
  });
});
