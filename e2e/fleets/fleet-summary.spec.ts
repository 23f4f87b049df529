// The fleet summary and the class routing (fleets spec §2 "Route table", "Routing rules", "Fleet
// summary", "Other fleet dialogs"), at desktop width and at 390 px: the info card with the release
// targeting, the devices by overall status each leading to the filtered device list, the release
// card, "Deploy release" and "Add device" (a provisioning key made in the dialog registers a real
// simulated device), the frozen-devices notice; a block lives under /blocks without devices, and
// a wrong class prefix moves to the right one. Axe clean, one h1, no page scroll sideways.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFleetSimulator } from '../../apps/device/src/simulator.ts';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { runAxe, seriousViolations, settleAnimations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { createOrganization, createUser, signInAs } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

async function pageIsSound(page: Page): Promise<void> {
  expect(await page.locator('h1').count()).toBe(1);
  await settleAnimations(page);
  expect(seriousViolations(await runAxe(page))).toEqual([]);
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

describe.each(VIEWPORTS)('fleet summary ($label)', ({ viewport }) => {
  it('shows the info, status counts leading to the filtered list, the release card and the deploy commands', async () => {
    const admin = await createUser(e2e.stack, 'summary-admin');
    const org = await createOrganization(e2e.stack, admin);
    const name = `summary-${Date.now().toString(36)}`;
    const fleetId = await createFleet(e2e.stack, admin, org.id, name);
    await seedFleetDevices(e2e.stack.app.db, fleetId, 3, `sum-${fleetId}`);
    const fleet = await e2e.stack.app.db.selectFrom('application').select(['slug', 'uuid']).where('id', '=', fleetId).executeTakeFirstOrThrow();

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const info = page.getByRole('heading', { name: 'Fleet info' }).locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
    await info.getByText(fleet.slug as string).waitFor();
    await info.getByText(fleet.uuid as string).waitFor();
    await info.getByText('Tracks the latest release').waitFor();
    // The seeded fleet targets the release its devices run: the release card names it.
    const target = await e2e.stack.api('GET', `/v7/application(${fleetId})?$select=id&$expand=should_be_running__release($select=raw_version,commit)`, admin.token);
    const release = target.json<{ d: Array<{ should_be_running__release: Array<{ raw_version: string; commit: string }> }> }>().d[0]!.should_be_running__release[0]!;
    const releaseCard = page.getByRole('heading', { name: 'Release', exact: true }).locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
    await releaseCard.getByText(release.raw_version, { exact: true }).waitFor();
    await releaseCard.getByText(release.commit.slice(0, 7)).waitFor();
    await page.getByRole('heading', { name: 'Tags' }).waitFor();
    await pageIsSound(page);

    // Each status row counts the fleet's devices of that status and leads to the list filtered to it.
    const read = await e2e.stack.api('GET', `/v7/device?$select=overall_status&$filter=belongs_to__application eq ${fleetId}`, admin.token);
    const statuses = read.json<{ d: Array<{ overall_status: string }> }>().d.map((d) => d.overall_status);
    expect(statuses).toHaveLength(3);
    const status = statuses[0]!;
    await expect.poll(() => page.getByTestId(`status-count-${status}`).textContent()).toBe(String(statuses.filter((s) => s === status).length));
    await page.locator('li', { has: page.getByTestId(`status-count-${status}`) }).getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/fleets/${fleetId}/devices` && JSON.parse(url.searchParams.get('filters') ?? '[]')[0]?.value === status);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.goto(`${e2e.stack.url}/fleets/${fleetId}`);
    await page.getByRole('button', { name: 'Deploy release' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deploy to existing fleet' });
    expect(await dialog.getByRole('textbox', { name: 'Build on the server' }).inputValue()).toBe(`balena push ${fleet.slug}`);
    expect(await dialog.getByRole('textbox', { name: 'Build locally and deploy' }).inputValue()).toBe(`balena deploy ${fleet.slug}`);
    await pageIsSound(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // "Assign teams": a team of the organization gets access from the summary.
    const team = await e2e.stack.api('POST', '/v7/team', admin.token, { name: `ops-${fleetId}`, belongs_to__organization: org.id });
    expect(team.status, team.text).toBe(201);
    await page.getByRole('button', { name: 'Assign teams' }).click();
    const assign = page.getByRole('dialog', { name: 'Add to team' });
    await assign.getByRole('combobox', { name: /^Team/ }).click();
    await page.getByRole('option', { name: `ops-${fleetId}` }).click();
    await assign.getByRole('button', { name: 'Add access' }).click();
    await expect
      .poll(async () => (await e2e.stack.app.db.selectFrom('team_application_access').select('id').where('grants_access_to__application', '=', fleetId).execute()).length)
      .toBe(1);
  });

  it('refreshes the release card within 6 s of a new target (fleets spec §9 "Releases and release card: 6 s")', async () => {
    const admin = await createUser(e2e.stack, 'summary-card');
    const org = await createOrganization(e2e.stack, admin);
    const name = `card-${Date.now().toString(36)}`;
    const fleetId = await createFleet(e2e.stack, admin, org.id, name);
    await seedFleetDevices(e2e.stack.app.db, fleetId, 1, `card-${fleetId}`);
    const releases = await e2e.stack.app.db.selectFrom('release').select(['id', 'raw_version']).where('belongs_to__application', '=', fleetId).orderBy('id').execute();
    const oldest = releases[0]!;
    const page = await e2e.newPage({ viewport });
    // Timers run on a clock the test moves: the fleet's own 15 s poll must not be what shows the change.
    await page.clock.install();
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}`);
    const releaseCard = page.getByRole('heading', { name: 'Release', exact: true }).locator('xpath=ancestor::div[contains(@class,"MuiCard-root")]');
    await releaseCard.getByText(releases.at(-1)!.raw_version, { exact: true }).waitFor();
    const pinned = await e2e.stack.api('PATCH', `/v7/application(${fleetId})`, admin.token, { should_be_running__release: oldest.id, should_track_latest_release: false });
    expect(pinned.status, pinned.text).toBe(200);
    await page.clock.runFor(6_100);
    await releaseCard.getByText(oldest.raw_version, { exact: true }).waitFor({ timeout: 3_000 });
    await releaseCard.getByText('Pinned to a release').waitFor({ timeout: 3_000 });
  });

  it('adds a device from a configuration file made in the dialog: the device registers and is counted', async () => {
    const admin = await createUser(e2e.stack, 'add-device');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `adddev-${Date.now().toString(36)}`);
    const { slug } = await e2e.stack.app.db.selectFrom('application').select('slug').where('id', '=', fleetId).executeTakeFirstOrThrow();
    const fileName = `${String(slug).replace(/\//g, '-')}-config.json`;
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}`);
    await page.getByText('No release yet. Deploy one to put it on the devices.').waitFor();
    await page.getByRole('button', { name: 'Add device' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add device' });
    // No host OS release is published: no version, so no image; the configuration file still works.
    await dialog.getByText('No versions available').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Download image' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Configuration file only' }).check();
    // What will be downloaded, once the form has settled (300 ms).
    await expect.poll(() => dialog.getByTestId('add-device-summary').textContent()).toMatch(
      new RegExp(`${fileName.replace(/[.]/g, '\\.')} for Raspberry Pi 4 .*, Production, Ethernet, update checks every 10 minutes`),
    );
    await pageIsSound(page);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download configuration file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(fileName);
    const config = JSON.parse(await readFile(await download.path(), 'utf8')) as { apiEndpoint: string; deviceType: string; apiKey: string };
    expect(config.apiEndpoint).toBe(e2e.stack.url);
    expect(config.deviceType).toBe('raspberrypi4-64');
    expect(config.apiKey).toMatch(/\S{8,}/);
    expect(await dialog.getByRole('textbox', { name: 'Device agent command' }).inputValue()).toBe(`npx tsx apps/device/src/cli.ts --config ${fileName}`);
    await pageIsSound(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const sim = await startFleetSimulator({ apiUrl: e2e.stack.url, provisioningKey: config.apiKey, count: 1, intervalMs: 500, link: false });
    try {
      await sim.waitUntilProvisioned();
      await page.getByText('1 devices').or(page.getByText('1 device')).first().waitFor({ timeout: 30_000 });
    } finally {
      await sim.stop();
    }
  });

  it('warns about frozen devices and names them in the dialog', async () => {
    const admin = await createUser(e2e.stack, 'frozen');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `frozen-${Date.now().toString(36)}`);
    await seedFleetDevices(e2e.stack.app.db, fleetId, 2, `frz-${fleetId}`);
    const [first] = await e2e.stack.app.db.selectFrom('device').select(['id', 'device_name']).where('belongs_to__application', '=', fleetId).orderBy('device_name').execute();
    await e2e.stack.app.db.updateTable('device').set({ is_frozen: true }).where('id', '=', first!.id).execute();

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}`);
    await page.getByText('1 device of this fleet is frozen.').waitFor();
    await page.getByRole('button', { name: 'Frozen devices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Frozen devices' });
    await dialog.getByText(first!.device_name as string).waitFor();
    await pageIsSound(page);
  });

  it('keeps a block under /blocks, without devices, and moves a wrong prefix to the right one', async () => {
    const admin = await createUser(e2e.stack, 'block-admin');
    const org = await createOrganization(e2e.stack, admin);
    const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
    const created = await e2e.stack.api('POST', '/v7/application', admin.token, {
      app_name: `proxy-${Date.now().toString(36)}`,
      organization: org.id,
      is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
      is_of__class: 'block',
    });
    expect(created.status, created.text).toBe(201);
    const blockId = created.json<{ id: number }>().id;

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${blockId}/members`);
    await page.waitForURL((url) => url.pathname === `/blocks/${blockId}/members`);
    await page.goto(`${e2e.stack.url}/blocks/${blockId}/devices`);
    await page.waitForURL((url) => url.pathname === `/blocks/${blockId}`);
    await page.getByRole('heading', { name: 'Block info' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Devices by status' }).count()).toBe(0);
    await page.goto(`${e2e.stack.url}/blocks`);
    await page.getByRole('heading', { level: 1, name: 'Blocks' }).waitFor();
    await page.getByRole('link', { name: created.json<{ app_name: string }>().app_name }).waitFor();
    await pageIsSound(page);
    await page.goto(`${e2e.stack.url}/widgets/${blockId}`);
    await page.getByText('Page not found').first().waitFor();
  });
});

// The tags card is half the page at desktop width and the phone's width at 390 px: a long key and
// a long value used to make its table wider than the card (it scrolled sideways, Edit and Remove
// beyond the edge). Now both are cut with an ellipsis and the row's actions stay in view.
describe.each([
  { label: '1440 px', viewport: { width: 1440, height: 900 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
])('fleet summary tags card ($label)', ({ viewport }) => {
  it('fits its card with long tags, the row actions in view', async () => {
    const admin = await createUser(e2e.stack, 'summary-tags');
    const org = await createOrganization(e2e.stack, admin);
    const fleetId = await createFleet(e2e.stack, admin, org.id, `tags-${Date.now().toString(36)}`);
    const key = 'location-of-the-installation-site';
    for (const tag of [
      { tag_key: key, value: 'Building 7, third floor, north wing, cabinet 12 next to the loading dock entrance' },
      { tag_key: 'owner', value: 'ops' },
    ]) {
      const res = await e2e.stack.api('POST', '/v7/application_tag', admin.token, { application: fleetId, ...tag });
      expect(res.status, res.text).toBe(201);
    }

    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}`);
    const table = page.getByRole('region', { name: 'Tags', exact: true });
    const remove = table.getByRole('button', { name: `Remove tag ${key}` });
    await remove.waitFor();
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const box = (await table.boundingBox())!;
    for (const action of [table.getByRole('button', { name: `Edit tag ${key}` }), remove]) {
      const at = (await action.boundingBox())!;
      expect(at.x).toBeGreaterThanOrEqual(box.x);
      expect(at.x + at.width).toBeLessThanOrEqual(box.x + box.width);
    }
    // The value is cut, not wrapped: the row keeps its height, the whole text in the cell.
    const value = table.getByRole('cell', { name: /^Building 7/ });
    expect(await value.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await pageIsSound(page);
  });
});
