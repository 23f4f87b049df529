// The fleet's release list and the add-release dialog (issue 12 item 4; fleets spec §2 "Releases
// list and add-release dialog", §4 "Release status and display", §7 "Releases", §9 page size 50).
// Releases are made through the public API as balena deploy makes them (POST /v7/release).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { viewports } from '../support/devices.ts';
import { addFleetRole, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const GIT_SERVER = 'git.flotilla.test';
const CLI_VERSION = '25.2.6';
// Never fetched: the test only reads the links' addresses.
const CLI_BASE = 'http://127.0.0.1:9/cli';
const SUCCESSES = 55;

const e2e = useBrowserStack({ gitServer: GIT_SERVER, cliVersion: CLI_VERSION, cliDownloadBaseUrl: CLI_BASE });
let page: Page;
let admin: E2eUser;
let observer: E2eUser;
let fleet: { id: number; slug: string };
let emptyFleet: { id: number; slug: string };
let taggedVersion: string;

const composition = { version: '2.1', services: { main: { image: 'registry.example/main:1' } } };
const newCommit = () => randomBytes(16).toString('hex');

async function createFleet(orgId: number, name: string): Promise<{ id: number; slug: string }> {
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const res = await e2e.stack.api('POST', '/v7/application', admin.token, {
    app_name: name,
    organization: orgId,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number; slug: string }>();
}

async function createRelease(fleetId: number, body: Record<string, unknown>): Promise<{ id: number; raw_version: string }> {
  const res = await e2e.stack.api('POST', '/v7/release', admin.token, { belongs_to__application: fleetId, commit: newCommit(), composition, ...body });
  expect(res.status, res.text).toBe(201);
  return res.json<{ id: number; raw_version: string }>();
}

/** Devices running a release, written straight into the database (device provisioning is not what is tested here). */
async function seedDevicesRunning(fleetId: number, releaseId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await sql`WITH a AS (INSERT INTO actor DEFAULT VALUES RETURNING id)
      INSERT INTO device (actor, uuid, device_name, belongs_to__application, is_of__device_type, is_running__release)
      SELECT a.id, ${randomBytes(16).toString('hex')}, ${`runner-${i}`}, ${fleetId}, (SELECT id FROM device_type WHERE slug = 'raspberrypi4-64'), ${releaseId} FROM a`.execute(e2e.stack.app.db);
  }
}

const total = () => page.getByTestId('list-total').textContent();
const rows = () => page.locator('tbody tr[aria-rowindex]');
const releasesUrl = (id: number, search = '') => `/fleets/${id}/releases${search}`;

async function openList(user: E2eUser, fleetId: number, search = ''): Promise<void> {
  await signInAs(page, e2e.stack, user, releasesUrl(fleetId, search));
  await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor();
}

beforeAll(async () => {
  admin = await createUser(e2e.stack, 'rellist');
  observer = await createUser(e2e.stack, 'relobs');
  const org = await createOrganization(e2e.stack, admin);
  fleet = await createFleet(org.id, 'release-fleet');
  emptyFleet = await createFleet(org.id, 'no-release-fleet');
  await addFleetRole(e2e.stack, admin, org.id, fleet.id, observer, 'observer');

  // Oldest first: an invalidated release (not listed), 55 successful releases (the first one
  // tagged and run by two devices; the fleet tracks the newest), a failed one (not listed), a
  // build silent for longer than the build timeout, and the newest: a build still running.
  const invalidated = await createRelease(fleet.id, { status: 'success', semver: '9.9.9' });
  const patch = await e2e.stack.api('PATCH', `/v7/release(${invalidated.id})`, admin.token, { is_invalidated: true });
  expect(patch.status, patch.text).toBe(200);
  for (let i = 0; i < SUCCESSES; i += 1) {
    const release = await createRelease(fleet.id, { status: 'success', semver: `1.0.${i}` });
    if (i === 0) {
      taggedVersion = release.raw_version;
      const tag = await e2e.stack.api('POST', '/v7/release_tag', admin.token, { release: release.id, tag_key: 'env', value: 'production' });
      expect(tag.status, tag.text).toBe(201);
      await seedDevicesRunning(fleet.id, release.id, 2);
    }
  }
  await createRelease(fleet.id, { status: 'failed', semver: '8.8.8' });
  const silent = await createRelease(fleet.id, { status: 'running', semver: '3.0.0' });
  await sql`UPDATE release SET update_timestamp = now() - interval '10 minutes' WHERE id = ${silent.id}`.execute(e2e.stack.app.db);
  await createRelease(fleet.id, { status: 'running', semver: '2.0.0' });
});

describe.each(viewports())('release list ($label)', ({ viewport }) => {
  it('lists successful and running releases newest first: the build in progress, a silent build as failed, tags, devices, target', async () => {
    page = await e2e.newPage({ viewport });
    await openList(admin, fleet.id);
    // 55 successes and the two builds; the invalidated and failed releases are not listed.
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
    const first = rows().first();
    await first.getByTestId('build-in-progress').waitFor();
    expect(await first.textContent()).toContain('Build in progress');
    expect(await first.getByRole('link', { name: /^Release 2\.0\.0/ }).count()).toBe(1);
    const second = rows().nth(1);
    expect(await second.textContent()).toContain('3.0.0');
    expect(await second.textContent()).toContain('Failed');
    const third = rows().nth(2);
    expect(await third.textContent()).toContain('Succeeded');
    expect(await third.textContent()).toContain('Final');
    expect(await third.getByTestId('target-marker').textContent()).toBe('Track latest');
    expect(await page.getByText('9.9.9').count()).toBe(0);
    expect(await page.getByText('8.8.8').count()).toBe(0);
    await expectPageSound(page);
  });

  it('pages past 50 on the server and finds the tagged release run by two devices, whose count leads to the filtered device list', async () => {
    page = await e2e.newPage({ viewport });
    await openList(admin, fleet.id);
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
    expect(await rows().count()).toBeGreaterThan(0);
    // The second page's answer is held: meanwhile the first page stays on screen under a progress
    // bar, and its rows keep their own numbers (a row numbered 58 would be a first-page release).
    const isSecondPage = (url: URL) => url.pathname === '/v7/release' && decodeURIComponent(url.search).includes('$skip=50');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const nextPage = new Promise<void>((resolve) => (asked = resolve));
    await page.route(isSecondPage, async (route) => {
      asked();
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await nextPage;
    await expect.poll(() => page.url()).toContain('page=2');
    await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor();
    expect(await rows().first().getAttribute('aria-rowindex')).toBe('2');
    expect(await page.locator(`tbody tr[aria-rowindex="${SUCCESSES + 2 + 1}"]`).count()).toBe(0);
    release();
    await page.getByText(`51–${SUCCESSES + 2} of ${SUCCESSES + 2}`).waitFor();
    await page.unroute(isSecondPage);
    // The oldest release is the last row of the second page.
    const last = page.locator(`tbody tr[aria-rowindex="${SUCCESSES + 2 + 1}"]`);
    await last.scrollIntoViewIfNeeded();
    expect(await last.textContent()).toContain(taggedVersion);
    expect(await last.getByRole('list', { name: 'Tags' }).textContent()).toContain('env: production');
    await last.getByRole('link', { name: `2 devices run ${taggedVersion}: show them` }).click();
    await page.getByRole('heading', { level: 1, name: 'Devices' }).waitFor();
    await page.getByText(`Current release is ${taggedVersion}`).waitFor();
    await expect.poll(total).toBe('2 rows');
  });

  it('searches on version or tag after typing settles, keeps the search in the URL, and says when nothing matches', async () => {
    page = await e2e.newPage({ viewport });
    await openList(admin, fleet.id);
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
    const search = page.getByRole('searchbox', { name: 'Search by version or tag' });
    const tagSearch = page.waitForRequest((r) => decodeURIComponent(r.url()).includes("release_tag/any(tag:contains(tolower(tag/tag_key),'env') and contains(tolower(tag/value),'prod'))"));
    await search.fill('env: prod');
    await tagSearch;
    await expect.poll(total).toBe('1 release');
    expect(await rows().first().textContent()).toContain(taggedVersion);
    expect(new URL(page.url()).searchParams.get('q')).toBe('env: prod');

    await search.fill('1.0.4');
    // 1.0.4 and 1.0.40 … 1.0.49.
    await expect.poll(total).toBe('11 releases');
    await page.reload();
    await expect.poll(() => search.inputValue()).toBe('1.0.4');
    await expect.poll(total).toBe('11 releases');

    await search.fill('no-such-version');
    await page.getByText('No release matches "no-such-version"').waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
    expect(await search.inputValue()).toBe('');
  });

  it('shows an empty fleet the add-release dialog: command line with CLI downloads, git remote, keyboard and axe clean', async () => {
    page = await e2e.newPage({ viewport });
    await openList(admin, emptyFleet.id);
    await page.getByText('This fleet has no releases yet').waitFor();
    await expectPageSound(page);
    // The page's button and the empty state's; the empty state's opens the dialog.
    const buttons = page.getByRole('button', { name: 'Add release' });
    expect(await buttons.count()).toBe(2);
    await buttons.last().click();
    const dialog = page.getByRole('dialog', { name: 'Add a release' });
    await dialog.waitFor();
    const cliTab = dialog.getByRole('tab', { name: 'Command line (recommended)' });
    expect(await cliTab.getAttribute('aria-selected')).toBe('true');
    const downloads = dialog.getByRole('list', { name: `Downloads of the balena CLI ${CLI_VERSION}` });
    expect(await downloads.getByRole('link', { name: 'Linux (standalone zip)' }).getAttribute('href')).toBe(
      `${CLI_BASE}/v${CLI_VERSION}/balena-cli-v${CLI_VERSION}-linux-x64-standalone.zip`,
    );
    expect(await downloads.getByRole('link', { name: 'Windows installer' }).getAttribute('href')).toContain(`balena-cli-v${CLI_VERSION}-windows-x64-installer.exe`);
    expect(await dialog.getByLabel('Deploy command', { exact: true }).inputValue()).toBe(`balena deploy ${emptyFleet.slug}`);
    expect(await dialog.getByLabel('Release command', { exact: true }).inputValue()).toContain(`flotilla release create --fleet ${emptyFleet.slug}`);
    expect(await dialog.getByLabel('Server setting', { exact: true }).inputValue()).toBe(`export BALENARC_API_URL=${e2e.stack.url}`);
    await expectPageSound(page);

    // Keyboard: the tabs move with the arrow keys.
    await cliTab.focus();
    await page.keyboard.press('ArrowRight');
    const gitTab = dialog.getByRole('tab', { name: 'Git' });
    await expect.poll(() => gitTab.getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByLabel('Git remote', { exact: true }).inputValue()).toBe(`${admin.username}@${GIT_SERVER}:${emptyFleet.slug}.git`);
    expect(await dialog.getByRole('button', { name: 'Copy Git remote' }).count()).toBe(1);
    await expectPageSound(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('release list states and roles', () => {
  it('shows a failed load as an error with Retry, which loads the list', async () => {
    page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    let isFailing = true;
    // The release page requests fail as a database outage would, until the outage is over.
    await page.route(/\/v7\/release\?/, async (route) => {
      if (isFailing) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'database unavailable' }) });
      else await route.continue();
    });
    await openList(admin, fleet.id);
    const alert = page.getByTestId('error-state');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Could not load the releases');
    expect(await page.getByText('This fleet has no releases yet').count()).toBe(0);
    isFailing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
  });

  it('lets an observer read the list without the add-release action', async () => {
    page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    await openList(observer, fleet.id);
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
    expect(await page.getByRole('button', { name: 'Add release' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Releases' }).waitFor();
  });

  it('moves a fleet\'s releases reached under another class prefix to /fleets', async () => {
    page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    // A fleet reached under /blocks is moved to its own prefix by the fleet route.
    await signInAs(page, e2e.stack, admin, `/blocks/${fleet.id}/releases`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/fleets/${fleet.id}/releases`);
    await expect.poll(total).toBe(`${SUCCESSES + 2} releases`);
  });
});
