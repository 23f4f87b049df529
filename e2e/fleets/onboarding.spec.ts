// A new user's first session, as a person would do it in the browser: sign up, create an
// organization and a fleet, watch simulated devices come online, sign out.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { startFleetSimulator, type FleetSimulator } from '../../apps/device/src/simulator.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const e2e = useBrowserStack();
let page: Page;
let simulator: FleetSimulator | undefined;

afterAll(async () => {
  await simulator?.stop();
});

describe('onboarding', () => {
  it('signs up, creates a fleet, sees simulated devices come online and signs out', async () => {
    const email = `e2e-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password';
    page = await e2e.newPage();

    // Signed out: any page sends us to sign-in.
    await page.goto(`${e2e.stack.url}/fleets`);
    await page.waitForURL(/\/login/);
    await page.goto(`${e2e.stack.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // The profile step is optional: skip it like a hurried user.
    await page.waitForURL(/\/signup\/profile$/);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(/\/fleets$/);
    await expect.poll(() => page.title()).toBe('Fleets | Flotilla dashboard');
    await page.getByText('No fleets yet').waitFor();

    // Every new user has a personal organization named after the username (e2e-ab12 → e2e_ab12):
    // the create-fleet dialog preselects it.
    await page.getByRole('button', { name: 'Create fleet' }).first().click();
    const fleetDialog = page.getByRole('dialog', { name: 'Create fleet' });
    await fleetDialog.getByText(email.split('@')[0]!.replace('-', '_'), { exact: true }).waitFor();

    // A name breaking the rule keeps Create disabled and says why.
    const nameField = page.getByRole('dialog', { name: 'Create fleet' }).getByLabel('Fleet name');
    await nameField.fill('ab');
    const createButton = page.getByRole('dialog', { name: 'Create fleet' }).getByRole('button', { name: 'Create fleet' });
    await expect(createButton.isDisabled()).resolves.toBe(true);
    await nameField.fill('greenhouse-sensors');
    await expect(createButton.isEnabled()).resolves.toBe(true);
    await createButton.click();
    await page.waitForURL(/\/fleets\/\d+$/);
    const fleetId = Number(/\/fleets\/(\d+)$/.exec(page.url())![1]);

    // Devices join with a provisioning key, as a real supervisor would.
    const login = await e2e.stack.api('POST', '/login_', undefined, { username: email, password });
    const key = await e2e.stack.api('POST', '/api-key/v2/', login.text, {
      actorType: 'application',
      actorTypeId: fleetId,
      roles: ['provisioning-api-key'],
      expiryDate: null,
    });
    expect(key.status).toBe(200);
    simulator = await startFleetSimulator({ apiUrl: e2e.stack.url, provisioningKey: key.json<string>(), count: 3, intervalMs: 300, metricsIntervalMs: 300 });
    await simulator.waitUntilProvisioned(30_000);

    await page.getByRole('navigation').getByRole('link', { name: 'Devices', exact: true }).click();
    await page.waitForURL(/\/fleets\/\d+\/devices$/);
    for (const device of simulator.devices) {
      await page.getByRole('link', { name: device.name }).waitFor({ timeout: 30_000 });
    }
    // All three report and show as online (the device list polls).
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 30_000 }).toBe(3);
    await page.getByRole('row').filter({ hasText: /online/i }).nth(2).waitFor({ timeout: 45_000 });

    // The device page shows the summary card.
    await page.getByRole('link', { name: simulator.devices[0]!.name }).click();
    await page.waitForURL(/\/devices\/[0-9a-f]{32}\/summary$/);
    await page.getByText(simulator.devices[0]!.uuid).waitFor();

    // Sign out returns to sign-in and guards the app again.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${e2e.stack.url}/fleets`);
    await page.waitForURL(/\/login/);
  });
});
