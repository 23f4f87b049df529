// The web terminal of the device summary (fleets spec §2 "Web terminal with one tab per target",
// §4 "Terminal session", §5 "Terminal start", §7 "Terminal", §8 messages), at desktop width and
// at 390 px, on a real simulated device running a release: the card has a tab for the host OS and
// one per service; a session to a service runs a command typed into xterm.js and shows its
// output from the device's simulated shell; the device reboots (its link drops): the session
// says it reconnects; while the host OS tab is shown the service's tab marks the output it missed
// (unseen activity), and back on it the session is connected again and a command runs again.
// Shift+Esc leaves the terminal for the tabs. Starting a session focuses the terminal, ending it
// the start button. Axe clean, one h1, no sideways scroll.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports, waitForLinkedDevice } from '../support/devices.ts';
import { createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { terminalSessionsOf } from '../../apps/api/src/terminal/terminal-sessions.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);
const SERVICES = ['main', 'web'];
/** Long enough for the session to notice the link is gone and retry while the device is off. */
const REBOOT_MS = 6_000;

async function v7<T>(user: E2eUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await e2e.stack.api(method, `/v7/${path}`, user.token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return (res.text ? res.json<T>() : undefined) as T;
}

/** A successful release of `SERVICES`, made as `balena deploy` makes it; the fleet tracks latest, so it becomes the target. */
async function deployRelease(user: E2eUser, fleetId: number): Promise<void> {
  const release = await v7<{ id: number }>(user, 'POST', 'release', {
    belongs_to__application: fleetId,
    commit: randomBytes(16).toString('hex'),
    composition: { version: '2.1', services: Object.fromEntries(SERVICES.map((s) => [s, { image: s }])) },
    status: 'running',
    source: 'local',
    semver: '1.0.0',
    start_timestamp: new Date().toISOString(),
  });
  for (const name of SERVICES) {
    const service = await v7<{ id: number }>(user, 'POST', 'service', { application: fleetId, service_name: name });
    const image = await v7<{ id: number }>(user, 'POST', 'image', { is_a_build_of__service: service.id, status: 'running', start_timestamp: new Date().toISOString() });
    await v7(user, 'PATCH', `image(${image.id})`, { status: 'success', end_timestamp: new Date().toISOString() });
    await v7(user, 'POST', 'image__is_part_of__release', { is_part_of__release: release.id, image: image.id });
  }
  await v7(user, 'PATCH', `release(${release.id})`, { status: 'success', end_timestamp: new Date().toISOString() });
}

const runningInstalls = async (uuid: string) =>
  (
    await e2e.stack.app.db
      .selectFrom('image_install')
      .innerJoin('device', 'device.id', 'image_install.device')
      .select('image_install.status')
      .where('device.uuid', '=', uuid)
      .where('image_install.status', '=', 'Running')
      .execute()
  ).length;

const card = (page: Page) => page.locator('div.MuiCard-root', { has: page.getByRole('heading', { level: 2, name: 'Terminal' }) });
const screenText = (page: Page) => card(page).locator('.xterm-rows').innerText();
const stateLine = (page: Page) => card(page).getByRole('status').first();

async function typeCommand(page: Page, command: string): Promise<void> {
  await card(page).getByRole('textbox', { name: 'Terminal: main' }).focus();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
}

describe.each(viewports())('device terminal ($label)', ({ viewport }) => {
  it('opens a terminal to a service, runs a command, retries while the device reboots and connects again', async () => {
    const admin = await createUser(e2e.stack, 'term-admin');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `term-${Date.now().toString(36)}`);
    const sim = await startSimulator(admin, fleetId, { count: 1, intervalMs: 1000, updateStepMs: 200, rebootMs: REBOOT_MS });
    const device = await waitForLinkedDevice(e2e.stack, fleetId);
    await deployRelease(admin, fleetId);
    await expect.poll(() => runningInstalls(device.uuid), { timeout: 30_000 }).toBe(SERVICES.length);

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    const tabs = card(page).getByRole('tablist', { name: 'Terminal targets' });
    for (const name of ['Host OS', ...SERVICES]) await tabs.getByRole('tab', { name }).waitFor();
    await tabs.getByRole('tab', { name: 'main' }).click();
    await card(page).getByRole('button', { name: 'Start terminal session' }).click();
    // The button is gone: focus is in the terminal, ready to type.
    await expect.poll(() => card(page).getByRole('textbox', { name: 'Terminal: main' }).evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
    await expect.poll(() => stateLine(page).textContent(), { timeout: 15_000 }).toContain('Connected');
    await expect.poll(() => screenText(page)).toContain('root@main:/usr/src/app#');
    await expectPageSound(page);

    await typeCommand(page, 'echo terminal-says-hello');
    await expect.poll(() => screenText(page)).toMatch(/^terminal-says-hello$/m);
    await typeCommand(page, 'cat /etc/hostname');
    await expect.poll(() => screenText(page)).toContain(device.uuid.slice(0, 7));

    // Shift+Esc leaves the terminal: focus is back on the selected tab.
    await page.keyboard.press('Shift+Escape');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } }).document.activeElement?.textContent)).toBe('main');

    // The device goes offline: the session retries, then connects again once it is back.
    sim.devices[0]!.reboot(REBOOT_MS);
    await expect.poll(() => stateLine(page).textContent(), { timeout: 15_000 }).toContain('Connecting');
    await expect.poll(() => stateLine(page).textContent(), { timeout: 15_000 }).toMatch(/Reconnecting|cloudlink is not connected/);
    // Looking at another tab meanwhile: the session keeps going, and its tab shows the output it missed.
    await tabs.getByRole('tab', { name: 'Host OS' }).click();
    await card(page).getByRole('button', { name: 'Start terminal session' }).waitFor();
    await expect.poll(() => tabs.getByRole('tab').allTextContents(), { timeout: 40_000 }).toEqual(['Host OS', 'main, new output', 'web']);
    await tabs.getByRole('tab', { name: /^main.*new output/ }).click();
    await tabs.getByRole('tab', { name: 'main', exact: true }).waitFor();
    await expect.poll(() => stateLine(page).textContent(), { timeout: 40_000 }).toContain('Connected');
    await typeCommand(page, 'echo back-again');
    await expect.poll(() => screenText(page)).toMatch(/^back-again$/m);
    await expectPageSound(page);

    // Ending the session: focus goes to the start button that replaces the terminal.
    await card(page).getByRole('button', { name: 'End session' }).click();
    const start = card(page).getByRole('button', { name: 'Start terminal session' });
    await expect.poll(() => start.evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
  });
});

// Fleets spec §4 "Changing device closes terminal sessions": leaving the device's pages, or
// switching to another device on the same page, closes the socket — read on the server, where
// the process counts its open sessions per device.
describe('device terminal when the device changes', () => {
  it('closes the session when the page leaves the device and when it switches to another device', async () => {
    const admin = await createUser(e2e.stack, 'term-switch');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `term-sw-${Date.now().toString(36)}`);
    await startSimulator(admin, fleetId, { count: 2, intervalMs: 1000, updateStepMs: 200 });
    const db = e2e.stack.app.db;
    const linked = () => db.selectFrom('device').select(['uuid', 'device_name']).where('belongs_to__application', '=', fleetId).where('is_connected_to_vpn', '=', true).orderBy('id').execute();
    await expect.poll(async () => (await linked()).length, { timeout: 20_000 }).toBe(2);
    const [a, b] = (await linked()).map((d) => ({ uuid: d.uuid as string, name: d.device_name as string }));
    await deployRelease(admin, fleetId);
    await expect.poll(() => runningInstalls(a!.uuid), { timeout: 30_000 }).toBe(SERVICES.length);
    const sessionsOn = (uuid: string) => terminalSessionsOf(e2e.stack.app).countFor(uuid);

    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const openDevice = async (name: string) => {
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
    };
    const startSession = async () => {
      const tabs = card(page).getByRole('tablist', { name: 'Terminal targets' });
      await tabs.getByRole('tab', { name: 'main' }).click();
      await card(page).getByRole('button', { name: 'Start terminal session' }).click();
      await expect.poll(() => stateLine(page).textContent(), { timeout: 15_000 }).toContain('Connected');
      expect(sessionsOn(a!.uuid)).toBe(1);
    };
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();

    // Leaving the device's pages (to the fleet's device list, in the app) closes the session.
    await openDevice(a!.name);
    await startSession();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Devices' }).click();
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await expect.poll(() => sessionsOn(a!.uuid), { timeout: 5_000 }).toBe(0);

    // Switching device on the same page: the summary route stays mounted and only its uuid changes.
    // The dashboard has no direct device-to-device link, so the switch is made as the router's own
    // history makes one (a pushed entry with the next index, then popstate): no reload.
    await openDevice(a!.name);
    await startSession();
    await page.evaluate((path) => {
      const w = globalThis as unknown as { history: { state: Record<string, unknown> | null; pushState(s: unknown, t: string, u: string): void }; dispatchEvent(e: unknown): void; PopStateEvent: new (type: string, init: { state: unknown }) => unknown };
      const state = w.history.state ?? {};
      const index = typeof state.__TSR_index === 'number' ? state.__TSR_index : 0;
      w.history.pushState({ ...state, __TSR_index: index + 1, key: 'switch', __TSR_key: 'switch' }, '', path);
      w.dispatchEvent(new w.PopStateEvent('popstate', { state: w.history.state }));
    }, `/devices/${b!.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: b!.name }).waitFor();
    await expect.poll(() => sessionsOn(a!.uuid), { timeout: 5_000 }).toBe(0);
    expect(sessionsOn(b!.uuid)).toBe(0);
    await card(page).getByRole('button', { name: 'Start terminal session' }).waitFor();
    expect(sessionsOn(b!.uuid)).toBe(0);
  });
});
