// Set-up shared by the device browser tests (journey, batch actions, actions, settings, OS update):
// the two widths they check, simulated devices that provision into a fleet and stop after each
// test, the fleet's linked devices as the database has them, and the typed-name delete dialog.
import { afterEach, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startFleetSimulator, type FleetSimulator, type FleetSimulatorOptions } from '../../apps/device/src/simulator.ts';
import type { BrowserStack } from './browser-stack.ts';
import type { E2eUser } from './organizations.ts';
import type { Stack } from './stack.ts';

/** A desktop (1280×800 unless given) and a 390 px phone, for describe.each. */
export function viewports(desktop = { width: 1280, height: 800 }) {
  return [
    { label: 'desktop', viewport: desktop },
    { label: '390 px', viewport: { width: 390, height: 844 } },
  ];
}

export type SimulatorSettings = Omit<FleetSimulatorOptions, 'apiUrl' | 'fleet' | 'userToken' | 'provisioningKey' | 'log'>;

/**
 * Simulated devices for a spec (call once, after useBrowserStack): the returned function starts
 * `settings.count` devices in the fleet with `admin`'s token, quietly, and resolves once they
 * are provisioned. Every simulator started stops after each test.
 */
export function useSimulators(e2e: BrowserStack): (admin: E2eUser, fleetId: number, settings: SimulatorSettings) => Promise<FleetSimulator> {
  const running: FleetSimulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  return async (admin, fleetId, settings) => {
    const sim = await startFleetSimulator({ apiUrl: e2e.stack.url, fleet: String(fleetId), userToken: admin.token, ...settings, log: () => undefined });
    running.push(sim);
    await sim.waitUntilProvisioned();
    return sim;
  };
}

/** How many of the fleet's devices are linked to the API (is_connected_to_vpn). */
export async function linkedDeviceCount(stack: Stack, fleetId: number): Promise<number> {
  const rows = await stack.app.db.selectFrom('device').select('id').where('belongs_to__application', '=', fleetId).where('is_connected_to_vpn', '=', true).execute();
  return rows.length;
}

/** Waits (up to 20 s) until the fleet's only device is linked; its uuid and name. */
export async function waitForLinkedDevice(stack: Stack, fleetId: number): Promise<{ uuid: string; name: string }> {
  const row = () => stack.app.db.selectFrom('device').select(['uuid', 'device_name', 'is_connected_to_vpn']).where('belongs_to__application', '=', fleetId).executeTakeFirstOrThrow();
  await expect.poll(async () => (await row()).is_connected_to_vpn, { timeout: 20_000 }).toBe(true);
  const { uuid, device_name } = await row();
  return { uuid: uuid as string, name: device_name as string };
}

/**
 * In the open "Delete <name>?" dialog: its confirm button stays disabled until the device's name
 * is typed out (key by key: pasting is blocked), then enables. Returns that button.
 */
export async function typeNameToDelete(page: Page, name: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  const confirm = dialog.getByRole('button', { name: 'Delete device' });
  expect(await confirm.isDisabled()).toBe(true);
  await dialog.getByRole('textbox', { name: `Type ${name} to confirm` }).pressSequentially(name);
  expect(await confirm.isEnabled()).toBe(true);
  return confirm;
}

/** The hue family of a status dot (the aria-hidden span before the words): the words say it, the colour agrees. */
export async function dotHue(scope: Locator): Promise<'green' | 'red' | 'blue' | 'other'> {
  // The page's window (e2e compiles without the DOM library).
  const rgb = await scope
    .locator('span[aria-hidden="true"]')
    .first()
    .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number) as [number, number, number];
  if (g > r && g > b) return 'green';
  if (r > g && r > b) return 'red';
  if (b > r && b > g) return 'blue';
  return 'other';
}
