// The releases issue's journey, at desktop width and at 390 px, axe clean at each screen: five
// simulated devices run the fleet's release 1.0.0 → a draft 1.1.0 made by `flotilla release
// create` (its function, the CLI's own call sequence) shows in the release list as a build in
// progress while the CLI is still at work, then as succeeded → the fleet is pinned to it in its
// settings → the devices download it (progress on the device list) and run it → it is finalized,
// tagged and given a note on its detail pages → deleting it is refused because the fleet is pinned
// to it → the fleet goes back to tracking the latest release, which is now this one. Fleets spec
// §2 "Releases list", "Release detail", §4 "Release status and display", "Release rules", "Fleet
// release targeting", "Update status"; compat §8 `deploy`.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createRelease } from '../../apps/cli/src/release-create.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { useSimulators, viewports } from '../support/devices.ts';
import { createOrganization, createUser, signInAs } from '../support/organizations.ts';

const e2e = useBrowserStack();
const startSimulator = useSimulators(e2e);

const COMPOSE = `version: '2.1'
services:
  main:
    image: registry.example/acme/main:1
  metrics:
    image: registry.example/acme/metrics:1
    labels:
      io.balena.features.supervisor-api: '1'
`;

/** Slow enough that the download stays on the device list for several of its polls. */
const UPDATE_STEP_MS = 6_000;

/** A gate the CLI's last call (the release's success) waits at: the build stays "running" until it opens. */
function gatedFetch(): { fetch: typeof fetch; open: () => void; reached: Promise<void> } {
  let open!: () => void;
  let reached!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reachedGate = new Promise<void>((resolve) => (reached = resolve));
  const gated: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (init?.method === 'PATCH' && /\/v7\/release\(\d+\)$/.test(url) && String(init.body).includes('"status":"success"')) {
      reached();
      await opened;
    }
    return fetch(input, init);
  };
  return { fetch: gated, open, reached: reachedGate };
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function runningRelease(fleetId: number): Promise<Array<number | null>> {
  const rows = await e2e.stack.app.db.selectFrom('device').select('is_running__release').where('belongs_to__application', '=', fleetId).execute();
  return rows.map((r) => r.is_running__release);
}

describe.each(viewports())('release journey ($label)', ({ viewport }) => {
  it('deploys a draft from the CLI path, pins the fleet to it, watches the devices update, finalizes, tags, notes, and tracks latest', { timeout: 300_000 }, async () => {
    const admin = await createUser(e2e.stack, 'rel-journey');
    const org = await createOrganization(e2e.stack, admin);
    const stamp = Date.now().toString(36);
    const fleetName = `rel-journey-${stamp}`;
    const fleetId = await createFleet(e2e.stack, admin, org.id, fleetName);
    const cli = { api: e2e.stack.url, token: admin.token, fleet: fleetId, compose: COMPOSE };

    // The fleet tracks the latest release: five devices download and run 1.0.0.
    const first = await createRelease({ ...cli, version: '1.0.0' });
    await startSimulator(admin, fleetId, { count: 5, intervalMs: 1_000, updateStepMs: UPDATE_STEP_MS });
    await expect.poll(() => runningRelease(fleetId), { timeout: 90_000 }).toEqual(Array(5).fill(first.id));

    // A draft 1.1.0 from the CLI path: listed as a build in progress until the CLI finishes.
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleetId}/releases`);
    await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor();
    const gate = gatedFetch();
    const deploying = createRelease({ ...cli, version: '1.1.0', draft: true, fetch: gate.fetch });
    await gate.reached;
    const building = page.locator('tbody tr').filter({ has: page.getByTestId('build-in-progress') });
    await building.getByText('Build in progress').waitFor({ timeout: 15_000 });
    await expectPageSound(page);
    gate.open();
    const draft = await deploying;
    expect(draft.status).toBe('success');
    const draftRow = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: `Release ${draft.rawVersion}` }) });
    await draftRow.getByText('Succeeded').waitFor({ timeout: 15_000 });
    await draftRow.getByText('Draft').waitFor();

    // Pinned: the fleet's settings point it at the draft.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/settings`);
    const target = section(page, 'Release');
    await target.getByRole('radio', { name: 'Pin to a release' }).check();
    await target.getByRole('combobox', { name: 'Release' }).click();
    await page.getByRole('option', { name: `${draft.rawVersion} (${draft.commit.slice(0, 7)})` }).click();
    // Checked before Apply: from Apply on, the devices download (18–36 s), and the list below must
    // be on screen before they are done (an axe pass here under CI's load took most of that).
    await expectPageSound(page);
    await target.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Pinned to release').first().waitFor();

    // The devices download it, with progress on the list, then run it.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/devices`);
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    // One locator for "a row updating with a percentage": the rows move between phases while it
    // waits, so a row found updating a moment ago may be installing (no percentage) by now.
    const downloading = page
      .locator('tbody tr[aria-rowindex]')
      .filter({ hasText: 'Updating' })
      .filter({ has: page.getByRole('progressbar', { name: 'Update progress' }) })
      .filter({ hasText: /\b\d+%/ });
    await downloading.first().waitFor({ timeout: 60_000 }).catch(async (err: unknown) => {
      // What the list and the database said when it was not found: the CI log is all there is.
      const rows = await page.locator('tbody tr[aria-rowindex]').allInnerTexts();
      const devices = await e2e.stack.app.db.selectFrom('device').select(['device_name', 'is_running__release', 'update_status']).where('belongs_to__application', '=', fleetId).execute();
      throw new Error(`${String(err)}\nrows: ${JSON.stringify(rows)}\ndevices: ${JSON.stringify(devices)}`);
    });
    await expectPageSound(page);
    await expect.poll(() => runningRelease(fleetId), { timeout: 120_000 }).toEqual(Array(5).fill(draft.id));

    // Finalized on its settings page.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/releases/${draft.id}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Release settings' }).waitFor();
    // The breadcrumbs lead back through the release and the fleet's releases.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: draft.rawVersion! }).waitFor();
    expect(await crumbs.getByRole('link', { name: 'Releases' }).getAttribute('href')).toBe(`/fleets/${fleetId}/releases`);
    await section(page, 'Finalize').getByRole('button', { name: 'Finalize release' }).click();
    const confirm = page.getByRole('dialog', { name: /^Finalize release / });
    await confirm.getByText('This action cannot be reversed.').waitFor();
    await confirm.getByRole('button', { name: 'Finalize release' }).click();
    await page.getByText('Release finalized').waitFor();
    await section(page, 'Finalize').getByText(/already finalized/).waitFor();

    // Deleting it is refused while the fleet is pinned to it.
    const del = section(page, 'Delete release');
    await del.getByText(/cannot delete pinned releases/).waitFor();
    expect(await del.getByRole('button', { name: 'Delete release' }).isDisabled()).toBe(true);
    await expectPageSound(page);

    // Tagged and noted on its summary.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/releases/${draft.id}/summary`);
    await page.getByRole('button', { name: 'Add tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add tag' });
    await tagDialog.getByRole('textbox', { name: 'Key' }).fill('channel');
    await tagDialog.getByRole('textbox', { name: 'Value' }).fill('beta');
    await tagDialog.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('cell', { name: 'beta' }).waitFor();
    await section(page, 'Notes').getByRole('textbox', { name: 'Notes' }).fill('Greenhouse sensors, second cut');
    const stored = () => e2e.stack.app.db.selectFrom('release').select(['note', 'is_final']).where('id', '=', draft.id).executeTakeFirstOrThrow();
    await expect.poll(async () => (await stored()).note).toBe('Greenhouse sensors, second cut');
    expect((await stored()).is_final).toBe(true);
    await expectPageSound(page);

    // Back to tracking the latest release: the newest final one is the finalized draft.
    await page.goto(`${e2e.stack.url}/fleets/${fleetId}/settings`);
    await section(page, 'Release').getByRole('radio', { name: 'Track latest' }).check();
    await section(page, 'Release').getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Tracking the latest release').first().waitFor();
    const fleet = await e2e.stack.app.db.selectFrom('application').select(['should_track_latest_release', 'should_be_running__release']).where('id', '=', fleetId).executeTakeFirstOrThrow();
    expect(fleet).toEqual({ should_track_latest_release: true, should_be_running__release: draft.id });
    await expectPageSound(page);
  });
});
