// Issue 14's journey, as an operator would walk it on one device, at desktop width and at 390 px,
// against a real simulated device running a two-service release: the logs stream in live,
// search, UTC, download → a terminal to a service runs a command → the service is restarted from
// the container table and its own logs show it start again → the health checks find the failing
// one → the device goes offline (reboots), the terminal retries, and connects again once the
// device is back. Axe clean at each stop. Each part has its own detailed spec (device-logs,
// device-terminal, device-containers, device-diagnostics); this one proves they work together.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports, waitForLinkedDevice } from '../support/devices.ts';
import { createOrganization, createUser, signInAs } from '../support/organizations.ts';
import { deployRelease, runningInstalls } from '../support/releases.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);
const SERVICES = ['main', 'web'];
/** Long enough for the terminal to notice the link is gone and retry while the device is off. */
const REBOOT_MS = 6_000;

const logs = (page: Page) => page.getByRole('region', { name: 'Logs' });
const logLine = (page: Page, text: string) => logs(page).getByRole('log', { name: 'Log lines' }).locator('.log-line', { hasText: text });
const terminal = (page: Page) => page.locator('div.MuiCard-root', { has: page.getByRole('heading', { level: 2, name: 'Terminal' }) });
const terminalText = (page: Page) => terminal(page).locator('.xterm-rows').innerText();
const terminalState = (page: Page) => terminal(page).getByRole('status').first();
const serviceRow = (page: Page, service: string) => page.getByRole('table', { name: 'Services' }).locator(`tr[data-service="${service}"]`);

async function openTerminal(page: Page, service: string): Promise<void> {
  await terminal(page).getByRole('tablist', { name: 'Terminal targets' }).getByRole('tab', { name: service, exact: true }).click();
  await terminal(page).getByRole('button', { name: 'Start terminal session' }).click();
  await expect.poll(() => terminalState(page).textContent(), { timeout: 15_000 }).toContain('Connected');
}

async function runCommand(page: Page, service: string, command: string): Promise<void> {
  await terminal(page).getByRole('textbox', { name: `Terminal: ${service}` }).focus();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
}

describe.each(viewports())('live device operations journey ($label)', ({ viewport }) => {
  it('logs, terminal, a service restart and its logs, a failing health check, and the terminal through an outage', async () => {
    const admin = await createUser(e2e.stack, 'ops');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `ops-${Date.now().toString(36)}`);
    const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 1000, updateStepMs: 200, rebootMs: REBOOT_MS });
    const device = await waitForLinkedDevice(e2e.stack, fleetId);
    await deployRelease(e2e.stack, admin, fleetId, SERVICES);
    await expect.poll(() => runningInstalls(e2e.stack, device.uuid), { timeout: 30_000 }).toBe(SERVICES.length);
    const simulated = sim.devices[0]!;

    // Logs: live, searchable, in UTC, downloadable.
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    await logs(page).getByText('Live', { exact: true }).waitFor();
    await logLine(page, "Started service 'main'").first().waitFor({ timeout: 20_000 });
    simulated.identify();
    await logLine(page, 'Identify').first().waitFor({ timeout: 20_000 });
    await logs(page).getByLabel('Search logs').fill("service 'web'");
    await expect.poll(() => logLine(page, "Started service 'main'").count()).toBe(0);
    await logLine(page, "Started service 'web'").first().waitFor();
    await logs(page).getByLabel('Search logs').fill('');
    await logs(page).getByLabel('UTC').check();
    await expect.poll(() => logLine(page, "Started service 'web'").first().locator('.log-time').textContent()).toMatch(/Z$/);
    const downloading = page.waitForEvent('download');
    await logs(page).getByRole('button', { name: 'Download logs' }).click();
    expect((await downloading).suggestedFilename()).toMatch(new RegExp(`^${device.uuid}-raspberrypi4-64-.+\\.log$`));
    await expectPageSound(page);

    // A terminal to the main service runs a command.
    await openTerminal(page, 'main');
    await runCommand(page, 'main', 'echo journey-was-here');
    await expect.poll(() => terminalText(page)).toMatch(/^journey-was-here$/m);
    await page.keyboard.press('Shift+Escape');

    // Restart main from the container table, then its own logs show it start again.
    await serviceRow(page, 'main').getByRole('button', { name: 'Actions main' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Restart', exact: true }).click();
    await page.getByText('Restarted main').waitFor();
    await serviceRow(page, 'main').getByRole('button', { name: 'Actions main' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Show logs' }).click();
    await page.waitForURL((url) => url.searchParams.get('logService') === 'main');
    await logs(page).getByText('Service: main').waitFor();
    await logLine(page, 'main started').first().waitFor({ timeout: 20_000 });
    expect(await logLine(page, 'web started').count()).toBe(0);
    await expectPageSound(page);

    // Diagnostics: the power supply sags, the under-voltage check fails.
    simulated.isUndervolted = true;
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/diagnostics`);
    await page.getByRole('heading', { level: 1, name: 'Diagnostics' }).waitFor();
    await page.getByRole('button', { name: 'Run checks' }).click();
    await page.getByText('1 of 10 checks failed').waitFor({ timeout: 20_000 });
    await page.getByRole('table', { name: 'Health checks' }).getByText('check_under_voltage').waitFor();
    await expectPageSound(page);

    // The device goes offline: the terminal retries, and connects again once it is back.
    await page.goto(`${e2e.stack.url}/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    await openTerminal(page, 'main');
    simulated.reboot(REBOOT_MS);
    await expect.poll(() => terminalState(page).textContent(), { timeout: 15_000 }).toMatch(/Connecting|Reconnecting|cloudlink is not connected/);
    await expect.poll(() => terminalState(page).textContent(), { timeout: 40_000 }).toContain('Connected');
    await runCommand(page, 'main', 'echo back-online');
    await expect.poll(() => terminalText(page)).toMatch(/^back-online$/m);
    await expectPageSound(page);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  });
});
