// Honest states of the device pages when a request fails (CONVENTIONS "A failed query never
// renders as 'no results'"; fleets spec §8): the failure says what failed where it matters,
// with Retry when a person can act, and the rest of the page keeps working.
// - The logs panel whose read of the fleet's services fails keeps its lines and says their
//   service names could not be read, with Retry (before: lines silently without a service).
// - Push (GET /live/v1/events) that keeps failing shows a quiet "Live updates paused" status,
//   gone once push is back; the list still polls meanwhile.
// - The device list's Move dialog whose code cannot be fetched says so in a dialog with Retry
//   (before: the page's error boundary replaced the whole list).
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

interface World {
  admin: E2eUser;
  fleetId: number;
  devices: Array<{ id: number; uuid: string; name: string }>;
}

/** A fleet of three seeded devices with their service `main` (seedFleetDevices). */
async function world(prefix: string): Promise<World> {
  const admin = await createUser(e2e.stack, prefix);
  const org = await createOrganization(e2e.stack, admin);
  const fleetId = await createFleet(e2e.stack, admin, org.id, `${prefix}-${Date.now().toString(36)}`);
  await seedFleetDevices(e2e.stack.app.db, fleetId, 3, `${prefix}-${fleetId}`);
  const rows = await e2e.stack.app.db.selectFrom('device').select(['id', 'uuid', 'device_name']).where('belongs_to__application', '=', fleetId).orderBy('device_name').execute();
  return { admin, fleetId, devices: rows.map((d) => ({ id: d.id as number, uuid: d.uuid as string, name: d.device_name as string })) };
}

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  // The cookie choice is made, so the banner stays away.
  await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  return page;
}

/** Answers the API calls whose path matches with a 500. */
function failing(pathname: RegExp) {
  const matches = (url: URL) => pathname.test(url.pathname);
  const handler = (route: Route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unavailable' }) });
  return { matches, handler };
}

describe('device pages when a read fails', () => {
  it("logs panel: a failed read of the fleet's services keeps the lines and says their names are missing, with Retry", async () => {
    const w = await world('svc-names');
    const device = w.devices[0]!;
    const db = e2e.stack.app.db;
    const service = await db.selectFrom('service').select('id').where('application', '=', w.fleetId).where('service_name', '=', 'main').executeTakeFirstOrThrow();
    await db.insertInto('device_log').values({ device: device.id, timestamp: new Date(), message: 'hello from main', service_id: service.id }).execute();

    const page = await newPage();
    const services = failing(/^\/v7\/service$/);
    await page.route(services.matches, services.handler);
    await signInAs(page, e2e.stack, w.admin, `/devices/${device.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: device.name }).waitFor();
    const panel = page.getByRole('region', { name: 'Logs' });
    const alert = panel.getByRole('alert').filter({ hasText: 'Could not load the service names' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    // The lines still show, without the name the failed read would have given them.
    const line = panel.getByRole('log', { name: 'Log lines' }).locator('.log-line', { hasText: 'hello from main' });
    await line.waitFor();
    expect(await line.locator('.log-source').textContent()).toBe('');
    await expectPageSound(page);

    await page.unroute(services.matches, services.handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => line.locator('.log-source').textContent()).toBe('main');
    expect(await panel.getByRole('alert').count()).toBe(0);
  });

  it('live updates: push that keeps failing shows a quiet status while the list keeps polling; it goes when push is back (390 px)', async () => {
    const w = await world('live-paused');
    const page = await newPage({ width: 390, height: 844 });
    let deviceReads = 0;
    page.on('request', (request) => {
      if (request.method() === 'GET' && /^\/v7\/device$/.test(new URL(request.url()).pathname)) deviceReads += 1;
    });
    const events = failing(/^\/live\/v1\/events$/);
    await page.route(events.matches, events.handler);
    await signInAs(page, e2e.stack, w.admin, `/fleets/${w.fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    const paused = page.getByRole('status').filter({ hasText: 'Live updates paused' });
    await paused.waitFor({ timeout: 20_000 });
    // Information, not an error: nothing to press, no alert.
    expect(await paused.getByRole('button').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByText(w.devices[0]!.name, { exact: true }).first().waitFor();
    await expectPageSound(page);
    // The list polls at its own interval while push is down.
    const readsBefore = deviceReads;
    await expect.poll(() => deviceReads, { timeout: 30_000 }).toBeGreaterThan(readsBefore);

    await page.unroute(events.matches, events.handler);
    await paused.waitFor({ state: 'detached', timeout: 30_000 });
  });

  it("device list: the Move dialog whose code cannot be fetched says so in place with Retry, and Retry opens it", async () => {
    const w = await world('lazy-move');
    const page = await newPage();
    await signInAs(page, e2e.stack, w.admin, `/fleets/${w.fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await page.getByText(w.devices[0]!.name, { exact: true }).first().waitFor();
    // The dialog's own chunk, as a dropped connection or a deploy that replaced it would fail it.
    const chunk = (url: URL) => /\/assets\/DeviceBatchMoveDialog-[^/]+\.js$/.test(url.pathname);
    const abort = (route: Route) => route.abort('connectionreset');
    await page.route(chunk, abort);

    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Move to another fleet' }).click();
    const failed = page.getByRole('dialog', { name: 'Move to another fleet' });
    const alert = failed.getByRole('alert').filter({ hasText: 'Could not load this dialog' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toMatch('The server could not be reached');
    // The list is still there behind the dialog: not the page's error.
    expect(await page.locator('h1', { hasText: 'Devices' }).count()).toBe(1);
    expect(await page.getByText(w.devices[0]!.name, { exact: true }).count()).toBeGreaterThan(0);
    await expectPageSound(page);

    await page.unroute(chunk, abort);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('dialog', { name: 'Move 3 devices to another fleet' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').filter({ hasText: 'Could not load this dialog' }).count()).toBe(0);
  });
});
