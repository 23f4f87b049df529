// The release detail pages (fleets spec §2 "Release detail", route table, "Routing rules",
// "Sidebar entries"; §4 "Release status and display", "Release rules"; §5 "Release ids in URLs";
// §6 release permissions and "Observer-only view"; §8 no_dockerfile_available, "Resource not
// found"; §9 build log 2999 lines, notes autosave 500 ms), at 1280×800 and 390×844, on releases
// made through the public API as `balena deploy` makes them: the index goes to the summary;
// header, known issues and notes (autosaved), assets tree, docker-compose view and download,
// the build log's last 2999 lines in a read-only terminal (colours kept, scrolled by keyboard)
// or "no build log", the image table with each service's Dockerfile (or "no Dockerfile") and
// its download named from app, release and service; a tag added; the version
// edit takes x.y.z only; finalize once with its three messages; invalidate after a confirmation
// (which names the fleet's target) and validate, refused for a failed release; delete refused while the fleet is pinned to the release, allowed with the
// typed version otherwise; an observer sees header, known issues, notes and assets, read only,
// and no settings; a non-numeric or unknown id goes back to the list. Axe clean, one h1.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createFleet } from '../support/demo-world.ts';
import { viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { createRelease, pinFleet, storedRelease, storedTags, type ReleaseSpec } from './release-detail-world.ts';

const e2e = useBrowserStack();

// Its last line in red (SGR 31) and reset, as a build's failure is printed: colours are kept.
const BUILD_LOG = Array.from({ length: 3100 }, (_, i) => (i === 3099 ? '\u001b[31mStep 3100: building\u001b[0m' : `Step ${i + 1}: building`)).join('\n');

/** The rows of the build-log terminal that are on screen (xterm renders only those), trimmed, blank rows left out. */
async function visibleRows(log: Locator): Promise<string[]> {
  return (await log.locator('.xterm-rows > div').allTextContents()).map((row) => row.trim()).filter((row) => row !== '');
}

const TWO_SERVICES: ReleaseSpec = {
  services: [{ name: 'api', dockerfile: 'FROM alpine:3.20\nCMD ["api"]\n' }, { name: 'worker' }],
  semver: '1.2.3',
  buildLog: BUILD_LOG,
  knownIssues: 'Slow start on cold boot',
  note: 'First cut',
  assets: [
    { key: 'docs/manual.pdf', content: '%PDF'.padEnd(2048, '.'), type: 'application/pdf' },
    { key: 'readme.txt', content: 'Read me now.', type: 'text/plain' },
  ],
};

async function fleetOf(admin: E2eUser, prefix: string): Promise<{ orgId: number; fleetId: number; name: string }> {
  const org = await createOrganization(e2e.stack, admin);
  const name = `${prefix}-${Date.now().toString(36)}`;
  return { orgId: org.id, fleetId: await createFleet(e2e.stack, admin, org.id, name), name };
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

describe.each(viewports())('release detail ($label)', ({ viewport }) => {
  it('shows each section, autosaves known issues and notes, downloads by name, and adds a tag', async () => {
    const admin = await createUser(e2e.stack, 'rel-owner');
    const fleet = await fleetOf(admin, 'rel');
    const release = await createRelease(e2e.stack, admin, fleet.fleetId, TWO_SERVICES);
    const page = await e2e.newPage({ viewport, acceptDownloads: true });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.fleetId}/releases/${release.id}`);
    // The index redirects to the summary (§2 Route table).
    await page.waitForURL((url) => url.pathname === `/fleets/${fleet.fleetId}/releases/${release.id}/summary`);
    await page.getByRole('heading', { level: 1, name: 'Release 1.2.3' }).waitFor();
    const header = page.getByRole('region', { name: 'Release details' });
    await header.getByText('Succeeded').first().waitFor();
    await header.getByText(release.commit).waitFor();
    await header.getByText(admin.username).waitFor();
    await header.getByText('Final').first().waitFor();
    // The release's sidebar (§2 Sidebar entries), beside the page from 900 px, in the drawer on a phone.
    if (viewport.width >= 900) {
      await page.locator(`nav a[href="/fleets/${fleet.fleetId}/releases/${release.id}/settings"]`).waitFor();
      await page.getByRole('link', { name: 'All releases' }).waitFor();
    }

    // Assets as a tree: the folder over its file, each file a link with its size.
    const assets = section(page, 'Assets');
    await assets.getByText('docs', { exact: true }).waitFor();
    expect(await assets.getByRole('link', { name: 'manual.pdf' }).getAttribute('href')).toMatch(/\/release-asset\/v1\/\d+\/download\?key=/);
    await assets.getByText('2.0 kB').waitFor();
    // The file comes from the API with the session (fetched, saved from a blob) under its name.
    const assetDownload = page.waitForEvent('download');
    await assets.getByRole('link', { name: 'manual.pdf' }).click();
    const saved = await assetDownload;
    expect(saved.suggestedFilename()).toBe('manual.pdf');
    expect(readFileSync((await saved.path())!, 'utf8')).toBe('%PDF'.padEnd(2048, '.'));

    // docker-compose view and its download (§2: named from the app and release).
    const compose = section(page, 'docker-compose.yml');
    const yaml = await compose.getByLabel("The release's docker-compose.yml").textContent();
    expect(yaml).toContain('services:\n  api:\n    build: ./api\n');
    const composeDownload = page.waitForEvent('download');
    await compose.getByRole('button', { name: 'Download docker-compose.yml' }).click();
    expect((await composeDownload).suggestedFilename()).toBe(`${fleet.name}-1.2.3.docker-compose.yml`);

    // The build log: its last 2999 lines (§9) in a read-only terminal (xterm, scrollback 3000),
    // opened at its end. xterm draws only the rows on screen: the test reads those, scrolls by
    // keyboard (its keyboard target is named "Build log"), and reads them again.
    const logs = section(page, 'Build logs');
    const log = logs.getByRole('log', { name: 'Build log' });
    expect(await log.getAttribute('data-line-count')).toBe('2999');
    await logs.locator('[role="log"][data-written]').waitFor();
    await expect.poll(async () => (await visibleRows(log)).at(-1)).toBe('Step 3100: building');
    // The red of the last line is kept (lightened to read on the dark surface, still red).
    const lastLine = log.locator('.xterm-rows span', { hasText: 'Step 3100: building' });
    const rgb = (await lastLine.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color)).match(/\d+/g)?.map(Number) ?? [];
    expect(rgb[0]).toBeGreaterThan((rgb[1] ?? 0) + 80);
    expect(rgb[0]).toBeGreaterThan((rgb[2] ?? 0) + 80);
    // The terminal fits the card: no wider than its log region.
    const [screenBox, logBox] = await Promise.all([log.locator('.xterm-screen').boundingBox(), log.boundingBox()]);
    expect(screenBox && logBox && screenBox.width <= logBox.width).toBe(true);
    const keys = log.getByRole('textbox', { name: 'Build log' });
    await keys.focus();
    await keys.press('Home');
    await expect.poll(async () => (await visibleRows(log))[0]).toBe('Step 102: building');
    await keys.press('End');
    await expect.poll(async () => (await visibleRows(log)).at(-1)).toBe('Step 3100: building');
    await logs.getByText('The first 101 lines are not shown; these are the last 2999.').waitFor();

    // The image table: both services; the Dockerfile dialog and its download, or "no Dockerfile" (§8).
    const images = section(page, 'Images');
    await images.getByRole('rowheader', { name: 'api' }).waitFor();
    await images.getByRole('rowheader', { name: 'worker' }).waitFor();
    expect(await images.getByRole('row').count()).toBe(3);
    await images.getByText('5.0 MB').first().waitFor();
    // An image's status in the release's words (spec "Release status and display"), not the stored value.
    expect(await images.getByRole('row', { name: /^api/ }).textContent()).toContain('Succeeded');
    expect(await images.getByRole('row', { name: /^api/ }).textContent()).not.toContain('success');
    await expectPageSound(page);
    await images.getByRole('button', { name: 'Show the Dockerfile of api' }).click();
    const apiDialog = page.getByRole('dialog', { name: 'Dockerfile of api' });
    await apiDialog.getByText('FROM alpine:3.20').waitFor();
    await expectPageSound(page);
    const dockerfileDownload = page.waitForEvent('download');
    await apiDialog.getByRole('button', { name: 'Download Dockerfile' }).click();
    expect((await dockerfileDownload).suggestedFilename()).toBe(`${fleet.name}-1.2.3-api.Dockerfile`);
    const serviceCompose = page.waitForEvent('download');
    await apiDialog.getByRole('button', { name: 'Download compose file' }).click();
    expect((await serviceCompose).suggestedFilename()).toBe(`${fleet.name}-1.2.3-api.docker-compose.yml`);
    await apiDialog.getByRole('button', { name: 'Close' }).click();
    await images.getByRole('button', { name: 'Show the Dockerfile of worker' }).click();
    const workerDialog = page.getByRole('dialog', { name: 'Dockerfile of worker' });
    await workerDialog.getByText('No Dockerfile available for this service.').waitFor();
    expect(await workerDialog.getByRole('button', { name: 'Download Dockerfile' }).isDisabled()).toBe(true);
    await workerDialog.getByRole('button', { name: 'Close' }).click();

    // Known issues and notes save themselves 500 ms after typing (§2, §9).
    const issues = section(page, 'Known issues').getByRole('textbox', { name: 'Known issues' });
    expect(await issues.inputValue()).toBe('Slow start on cold boot');
    await issues.fill('Wi-Fi drops under load');
    await section(page, 'Known issues').getByText('Known issues saved').waitFor();
    await expect.poll(async () => (await storedRelease(e2e.stack, release.id))?.known_issue_list).toBe('Wi-Fi drops under load');
    const notes = section(page, 'Notes').getByRole('textbox', { name: 'Notes' });
    await notes.focus();
    await notes.press('End');
    await notes.pressSequentially(' and second');
    await expect.poll(async () => (await storedRelease(e2e.stack, release.id))?.note).toBe('First cut and second');

    // A tag (resin.release_tag.*).
    // The tags card (components/tags/TagsCard) is a card with an h2, not a named region.
    await page.getByRole('heading', { level: 2, name: 'Tags' }).waitFor();
    await page.getByRole('button', { name: 'Add tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Add tag' });
    await tagDialog.getByRole('textbox', { name: 'Key' }).fill('env');
    await tagDialog.getByRole('textbox', { name: 'Value' }).fill('prod');
    await tagDialog.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('cell', { name: 'prod' }).waitFor();
    await expect.poll(() => storedTags(e2e.stack, release.id)).toEqual([{ tag_key: 'env', value: 'prod' }]);
    await expectPageSound(page);
  });

  it('sets a three-part version, finalizes a draft once, and invalidates then validates', async () => {
    const admin = await createUser(e2e.stack, 'rel-settings');
    const fleet = await fleetOf(admin, 'rel-set');
    const draft = await createRelease(e2e.stack, admin, fleet.fleetId, { services: [{ name: 'main' }], isDraft: true, semver: '0.1.0' });
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.fleetId}/releases/${draft.id}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Release settings' }).waitFor();
    await expectPageSound(page);

    // Version: x.y.z only (§4 Release rules).
    const version = section(page, 'Release version');
    const field = version.getByRole('textbox', { name: 'Version' });
    await field.fill('1.2');
    await version.getByRole('button', { name: 'Save version' }).click();
    await version.getByText('Use a version of the form x.y.z with digits only, for example 1.2.3.').waitFor();
    await field.fill('2.0.0');
    await version.getByRole('button', { name: 'Save version' }).click();
    await page.getByText('Setting changed successfully').waitFor();
    await expect.poll(async () => (await storedRelease(e2e.stack, draft.id))?.semver).toBe('2.0.0');

    // Finalize: the confirmation's two messages, then "already finalized" (§4).
    const finalize = section(page, 'Finalize');
    await finalize.getByRole('button', { name: 'Finalize release' }).click();
    const confirm = page.getByRole('dialog', { name: /^Finalize release / });
    await confirm.getByText('You will not be able to unfinalize this release.').waitFor();
    await confirm.getByText('This action cannot be reversed.').waitFor();
    await expectPageSound(page);
    await confirm.getByRole('button', { name: 'Finalize release' }).click();
    await page.getByText('Release finalized').waitFor();
    await finalize.getByText(/already finalized/).waitFor();
    expect(await finalize.getByRole('button', { name: 'Finalize release' }).count()).toBe(0);
    expect((await storedRelease(e2e.stack, draft.id))?.is_final).toBe(true);

    // Invalidate after a confirmation (the release leaves the list and the pickers), focus back
    // on the section's button; then validate again, in one click.
    const validity = section(page, 'Validity');
    await validity.getByRole('button', { name: 'Invalidate release' }).click();
    const invalidate = page.getByRole('dialog', { name: /^Invalidate release / });
    await invalidate.getByText(/no longer shows in the fleet's release list and is not offered for pinning or tracking/).waitFor();
    expect(await invalidate.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
    await expectPageSound(page);
    await invalidate.getByRole('button', { name: 'Invalidate release' }).click();
    await page.getByText('Release invalidated').waitFor();
    await expect.poll(async () => (await storedRelease(e2e.stack, draft.id))?.is_invalidated).toBe(true);
    const validate = validity.getByRole('button', { name: 'Validate release' });
    await expect.poll(() => validate.evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
    await validate.click();
    await page.getByText('Release validated').waitFor();
    await expect.poll(async () => (await storedRelease(e2e.stack, draft.id))?.is_invalidated).toBe(false);
  });

  it('refuses to validate a failed release and to delete a pinned one, and deletes an unpinned one by its typed version', async () => {
    const admin = await createUser(e2e.stack, 'rel-rules');
    const fleet = await fleetOf(admin, 'rel-rules');
    const failed = await createRelease(e2e.stack, admin, fleet.fleetId, { services: [{ name: 'main' }], status: 'failed', semver: '0.0.1' });
    const res = await e2e.stack.api('PATCH', `/v7/release(${failed.id})`, admin.token, { is_invalidated: true });
    expect(res.status, res.text).toBeLessThan(300);
    const pinned = await createRelease(e2e.stack, admin, fleet.fleetId, { services: [{ name: 'main' }], semver: '1.0.0' });
    await pinFleet(e2e.stack, admin, fleet.fleetId, pinned.id);
    const spare = await createRelease(e2e.stack, admin, fleet.fleetId, { services: [{ name: 'main' }], semver: '1.1.0' });
    const page = await e2e.newPage({ viewport });

    // A failed release shows as failed and cannot be validated (§4).
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.fleetId}/releases/${failed.id}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Release settings' }).waitFor();
    const validity = section(page, 'Validity');
    await validity.getByText('Cannot validate failed releases.').waitFor();
    expect(await validity.getByRole('button', { name: 'Validate release' }).isDisabled()).toBe(true);
    await expectPageSound(page);

    // The fleet's target cannot be deleted (§4), and invalidating it says the fleet's devices keep
    // it; cancelled, nothing changes.
    await page.goto(`${e2e.stack.url}/fleets/${fleet.fleetId}/releases/${pinned.id}/settings`);
    await section(page, 'Validity').getByRole('button', { name: 'Invalidate release' }).click();
    const invalidate = page.getByRole('dialog', { name: 'Invalidate release 1.0.0?' });
    await invalidate.getByText(/This is the fleet's target release: devices tracking it keep running it/).waitFor();
    await invalidate.getByRole('button', { name: 'Cancel' }).click();
    await invalidate.waitFor({ state: 'detached' });
    expect((await storedRelease(e2e.stack, pinned.id))?.is_invalidated).toBe(false);
    const del = section(page, 'Delete release');
    await del.getByText(/cannot delete pinned releases/).waitFor();
    expect(await del.getByRole('button', { name: 'Delete release' }).isDisabled()).toBe(true);

    // Another release is deleted once its version is typed (pasting blocked), then the list.
    await page.goto(`${e2e.stack.url}/fleets/${fleet.fleetId}/releases/${spare.id}/settings`);
    await section(page, 'Delete release').getByRole('button', { name: 'Delete release' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete release 1.1.0?' });
    const confirm = dialog.getByRole('button', { name: 'Delete release' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type 1.1.0 to confirm' }).pressSequentially('1.1.0');
    await expectPageSound(page);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === `/fleets/${fleet.fleetId}/releases`);
    await page.getByText('Release 1.1.0 deleted').waitFor();
    expect(await storedRelease(e2e.stack, spare.id)).toBeUndefined();
  });

  it('shows an observer the header, known issues, notes and assets, read only, and no settings', async () => {
    const admin = await createUser(e2e.stack, 'rel-admin');
    const observer = await createUser(e2e.stack, 'rel-observer');
    const fleet = await fleetOf(admin, 'rel-obs');
    const release = await createRelease(e2e.stack, admin, fleet.fleetId, TWO_SERVICES);
    await addFleetRole(e2e.stack, admin, fleet.orgId, fleet.fleetId, observer, 'observer');
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, observer, `/fleets/${fleet.fleetId}/releases/${release.id}/summary`);
    await page.getByRole('heading', { level: 1, name: 'Release 1.2.3' }).waitFor();
    await section(page, 'Known issues').getByText('Slow start on cold boot').waitFor();
    await section(page, 'Notes').getByText('First cut').waitFor();
    await section(page, 'Assets').getByRole('link', { name: 'manual.pdf' }).waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);
    for (const title of ['docker-compose.yml', 'Build logs', 'Images']) expect(await section(page, title).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Tags' }).count()).toBe(0);
    if (viewport.width >= 900) await page.locator(`nav a[href="/fleets/${fleet.fleetId}/releases/${release.id}/summary"]`).waitFor();
    expect(await page.locator(`a[href$="/releases/${release.id}/settings"]`).count()).toBe(0);
    await expectPageSound(page);
    // The settings page is permission-less for an observer: home (§2 Routing rules).
    await page.goto(`${e2e.stack.url}/fleets/${fleet.fleetId}/releases/${release.id}/settings`);
    await page.waitForURL((url) => !url.pathname.includes('/releases/'));
  });

  it('corrects the class prefix, and goes back to the list for a non-numeric or unknown release id', async () => {
    const admin = await createUser(e2e.stack, 'rel-ids');
    const fleet = await fleetOf(admin, 'rel-ids');
    const release = await createRelease(e2e.stack, admin, fleet.fleetId, { services: [{ name: 'main' }], semver: '3.0.0' });
    const page = await e2e.newPage({ viewport });
    // A fleet's release reached under /blocks moves to /fleets (§2 Routing rules).
    await signInAs(page, e2e.stack, admin, `/blocks/${fleet.fleetId}/releases/${release.id}/settings`);
    await page.waitForURL((url) => url.pathname === `/fleets/${fleet.fleetId}/releases/${release.id}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Release settings' }).waitFor();
    // A release without a build log says so, and the terminal's chunk (xterm) is not fetched.
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${e2e.stack.url}/fleets/${fleet.fleetId}/releases/${release.id}/summary`);
    await section(page, 'Build logs').getByText('This release has no build log.').waitFor();
    expect(await section(page, 'Build logs').getByRole('log').count()).toBe(0);
    expect(fetched.filter((url) => url.includes('/assets/XtermView'))).toEqual([]);
    await page.goto(`${e2e.stack.url}/fleets/${fleet.fleetId}/releases/abc`);
    await page.getByText('invalid id passed in URL').waitFor();
    await page.waitForURL((url) => url.pathname === `/fleets/${fleet.fleetId}/releases`);
    await page.goto(`${e2e.stack.url}/fleets/${fleet.fleetId}/releases/987654/summary`);
    await page.getByText('Resource not found').waitFor();
    await page.waitForURL((url) => url.pathname === `/fleets/${fleet.fleetId}/releases`);
  });
});
