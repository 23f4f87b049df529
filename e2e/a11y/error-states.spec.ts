// Honest states (issue 9 item 2; CONVENTIONS "Every list shows four honest states"): when the
// API fails, each list screen shows an alert naming what could not be loaded, with Retry, and
// never its empty or "no match" copy; Retry after the API recovers shows the data. A network
// failure says the server could not be reached; a 403 shows the forbidden state, without Retry.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createDemoWorld, type DemoWorld } from '../support/demo-world.ts';
import { signInAs } from '../support/organizations.ts';

interface ListScreen {
  name: string;
  path: (w: DemoWorld) => string;
  /**
   * The OData calls that fail (pathname): the screen's own list. The route loaders and guards
   * that lead to the screen keep working; on /fleets every /v7 call fails.
   */
  fails: RegExp;
  /** The error's title. */
  title: string;
  /** The empty and no-match copy that must not show. */
  emptyCopy: string[];
  /** What shows once the data loads. */
  data: (w: DemoWorld) => string;
}

const SCREENS: ListScreen[] = [
  { name: 'fleets', path: () => '/fleets', fails: /^\/v7\//, title: 'Could not load your fleets', emptyCopy: ['No fleets yet', 'No fleets match the filter'], data: (w) => w.fleet.name },
  { name: 'devices of a fleet', path: (w) => `/fleets/${w.fleet.id}/devices`, fails: /^\/v7\/device(\/|$)/, title: 'Could not load the devices', emptyCopy: ['This fleet has no devices yet', 'No devices match the filters'], data: (w) => w.devices[0]!.name },
  { name: 'organizations', path: () => '/orgs', fails: /^\/v7\/organization$/, title: 'Could not load your organizations', emptyCopy: ['You are not a member of any organization yet'], data: (w) => w.org.name },
  // A whole page whose route could not load its subject names it (components/page-route-states.tsx).
  { name: 'a fleet page', path: (w) => `/fleets/${w.fleet.id}`, fails: /^\/v7\/application\(\d+\)$/, title: 'Could not load the fleet', emptyCopy: [], data: (w) => w.fleet.name },
  { name: 'a device page', path: (w) => `/devices/${w.devices[0]!.uuid}`, fails: /^\/v7\/device\(uuid=/, title: 'Could not load the device', emptyCopy: [], data: (w) => w.devices[0]!.name },
  { name: 'organization members', path: (w) => `/orgs/${w.org.id}/members`, fails: /^\/v7\/organization_membership$/, title: 'Could not load the members', emptyCopy: ['This organization has no members', 'No members match this filter'], data: (w) => w.colleague.username },
  { name: 'pending invites', path: (w) => `/orgs/${w.org.id}/members`, fails: /^\/v7\/organization_invite$/, title: 'Could not load the pending invites', emptyCopy: ['No pending invites'], data: (w) => w.invitee.email },
  { name: 'teams', path: (w) => `/orgs/${w.org.id}/teams`, fails: /^\/v7\/team$/, title: 'Could not load the teams', emptyCopy: ['No teams yet'], data: (w) => w.team.name },
  { name: 'team members', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}/members`, fails: /^\/v7\/team_membership$/, title: 'Could not load the team members', emptyCopy: ['No members in this team yet', 'No team members match the filters'], data: (w) => w.colleague.username },
  { name: 'team fleets', path: (w) => `/orgs/${w.org.id}/teams/${w.team.id}/fleets`, fails: /^\/v7\/team_application_access$/, title: 'Could not load the fleets of the team', emptyCopy: ['This team has no access to fleets yet', 'No fleets match the filters'], data: (w) => w.fleet.name },
  { name: 'access tokens', path: () => '/preferences/access-tokens', fails: /^\/v7\/api_key$/, title: 'Could not load the access tokens', emptyCopy: ['You have no access tokens yet.'], data: () => 'ci-deploy' },
  { name: 'SSH keys', path: () => '/preferences/sshkeys', fails: /^\/v7\/user__has__public_key$/, title: 'Could not load the SSH keys', emptyCopy: ['You have no SSH keys yet.'], data: () => 'laptop' },
];

const e2e = useBrowserStack();
let page: Page;
let world: DemoWorld;

beforeAll(async () => {
  world = await createDemoWorld(e2e.stack, 3);
});

async function newPage(): Promise<Page> {
  const p = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
  // The cookie choice is made, so the banner stays away.
  await p.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
  return p;
}

/** Answers the matching API calls with `status`, or aborts them as a dropped connection. */
function failing(pathname: RegExp, failure: number | 'abort') {
  const matches = (url: URL) => pathname.test(url.pathname);
  const handler = (route: Route) =>
    failure === 'abort'
      ? route.abort('connectionreset')
      : route.fulfill({ status: failure, contentType: 'application/json', body: JSON.stringify({ error: failure === 403 ? 'Forbidden' : 'Database unavailable' }) });
  return { matches, handler };
}

/** The page shows the error for `screen`, with Retry, and none of its empty copy. */
async function expectErrorState(p: Page, screen: ListScreen, detail: string | RegExp): Promise<void> {
  const alert = p.getByRole('alert').filter({ hasText: screen.title });
  await alert.waitFor({ timeout: 20_000 });
  expect(await alert.textContent()).toMatch(detail);
  expect(await alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
  for (const copy of screen.emptyCopy) expect(await p.getByText(copy).count(), `"${copy}" shown while failing`).toBe(0);
  expect(await p.getByText(screen.data(world), { exact: true }).count(), 'data shown while failing').toBe(0);
}

describe('list screens when the API fails', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: a 500 shows what failed and Retry, never the empty state; Retry after recovery shows the data`, async () => {
      page = await newPage();
      const { matches, handler } = failing(screen.fails, 500);
      await page.route(matches, handler);
      await signInAs(page, e2e.stack, world.user, screen.path(world));
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectErrorState(page, screen, 'Database unavailable');
      // Said once, inline with Retry: no toast repeats it (accounts spec §8 "without duplicates").
      await page.waitForTimeout(500);
      expect(await page.getByText('Database unavailable').count(), 'the failure shown more than once').toBe(1);

      await page.unroute(matches, handler);
      await page.getByRole('alert').filter({ hasText: screen.title }).getByRole('button', { name: 'Retry' }).click();
      await page.getByText(screen.data(world), { exact: true }).first().waitFor();
      expect(await page.getByRole('alert').filter({ hasText: screen.title }).count()).toBe(0);
    });
  }

  it('fleets: a dropped connection says the server could not be reached, and Retry recovers', async () => {
    page = await newPage();
    const screen = SCREENS[0]!;
    const { matches, handler } = failing(screen.fails, 'abort');
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, screen.path(world));
    await expectErrorState(page, screen, 'The server could not be reached');
    await page.unroute(matches, handler);
    await page.getByRole('alert').filter({ hasText: screen.title }).getByRole('button', { name: 'Retry' }).click();
    await page.getByText(screen.data(world), { exact: true }).first().waitFor();
  });

  it("fleet members: a failed read of the user's own role shows an error with Retry, not a spinner for ever", async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/user_application_membership$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/fleets/${world.fleet.id}/members`);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load this' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    // The sidebar keeps the entries a role would gate: unknown is not "you may not".
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const entry of ['Settings', 'Provisioning keys']) await nav.getByRole('link', { name: entry, exact: true }).waitFor();
    await page.unroute(matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'Add member' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Could not load this' }).count()).toBe(0);
  });

  it('a member page whose read fails says so with Retry and a page heading, instead of "not found" and a redirect', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/organization_membership\(\d+\)$/, 500);
    await page.route(matches, handler);
    const path = `/orgs/${world.org.id}/members/${world.colleagueMembershipId}`;
    await signInAs(page, e2e.stack, world.user, path);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load this' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe(path);
    await page.unroute(matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: world.colleague.username }).waitFor();
  });

  it("settings pages: a failed read of the user's roles shows an error with Retry, not a spinner for ever", async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/user_application_membership$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/fleets/${world.fleet.id}/settings`);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your permissions' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    await page.unroute(matches, handler);
    // The page keeps its one h1 while it fails.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Fleet settings']);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Name', exact: true }).getByRole('button', { name: 'Rename' }).waitFor();
  });

  it("device batch actions: a failed read of the user's role says so in each action, not \"reading…\" for ever", async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/user_application_membership$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/fleets/${world.fleet.id}/devices`);
    await page.getByText(world.devices[0]!.name, { exact: true }).first().waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Identify' }).getByText('Could not read the selected devices or your role in this fleet', { exact: false }).waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.unroute(matches, handler);
  });

  it('a 403 shows the forbidden state, without Retry and without the empty state', async () => {
    page = await newPage();
    for (const screen of [SCREENS[3]!, SCREENS[5]!]) {
      const { matches, handler } = failing(screen.fails, 403);
      await page.route(matches, handler);
      await signInAs(page, e2e.stack, world.user, screen.path(world));
      const forbidden = page.getByTestId('forbidden-state');
      await forbidden.waitFor();
      expect(await forbidden.textContent()).toContain('Not allowed');
      expect(await forbidden.getByRole('button', { name: 'Retry' }).count()).toBe(0);
      for (const copy of screen.emptyCopy) expect(await page.getByText(copy).count(), `"${copy}" shown while forbidden`).toBe(0);
      await page.unroute(matches, handler);
    }
  });
});

// A part of a screen whose read fails says so with Retry: never a placeholder for ever, an
// "All" with nothing to choose, an empty form that could be saved, or a reasonless wait.
describe('parts of a screen when their read fails', () => {
  it('team summary: failed counts show what failed with Retry, not "…" for ever', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/team_(membership|application_access)$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/orgs/${world.org.id}/teams/${world.team.id}`);
    await page.getByRole('heading', { level: 1, name: world.team.name }).waitFor();
    const membersCard = page.getByRole('region', { name: 'Members', exact: true });
    const fleetsCard = page.getByRole('region', { name: 'Fleets', exact: true });
    const membersAlert = membersCard.getByRole('alert').filter({ hasText: 'Could not load the team members' });
    const fleetsAlert = fleetsCard.getByRole('alert').filter({ hasText: 'Could not load the fleets of the team' });
    await membersAlert.waitFor({ timeout: 20_000 });
    await fleetsAlert.waitFor({ timeout: 20_000 });
    for (const alert of [membersAlert, fleetsAlert]) {
      expect(await alert.textContent()).toMatch('Database unavailable');
      expect(await alert.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    }
    for (const card of [membersCard, fleetsCard]) {
      expect(await card.textContent(), 'placeholder count shown while failing').not.toContain('…');
      expect(await card.getByText('None', { exact: true }).count(), '"None" shown while failing').toBe(0);
    }

    await page.unroute(matches, handler);
    await membersAlert.getByRole('button', { name: 'Retry' }).click();
    await membersCard.getByText(world.colleague.username, { exact: true }).waitFor();
    await fleetsAlert.getByRole('button', { name: 'Retry' }).click();
    await fleetsCard.getByText(world.fleet.name, { exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Could not load' }).count()).toBe(0);
  });

  it('fleet logs: a filter whose options failed says so with Retry, instead of offering "All"', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/service$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/fleets/${world.fleet.id}/logs`);
    await page.getByRole('heading', { level: 1, name: 'Logs' }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the filter options' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    // The service filter is not offered with an "All" that looks like nothing to filter by; the device filter, read fine, stays.
    expect(await page.getByRole('combobox', { name: 'Service' }).count()).toBe(0);
    expect(await page.getByText('All services').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Device' }).waitFor();

    await page.unroute(matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('combobox', { name: 'Service' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Could not load the filter options' }).count()).toBe(0);
  });

  it('profile: a failed read shows the error with Retry, never an empty form that could be saved', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/user\/profile$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, '/preferences/profile');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your profile' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    expect(await page.getByRole('textbox', { name: 'First name' }).count(), 'form shown while failing').toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count(), 'Save shown while failing').toBe(0);

    await page.unroute(matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('textbox', { name: 'First name' }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Could not load your profile' }).count()).toBe(0);
  });

  it('signup profile: a failed read shows the error with Retry and keeps Skip, never an empty form', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/user\/profile$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, '/signup/profile');
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your profile' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('textbox', { name: 'First name' }).count(), 'form shown while failing').toBe(0);
    expect(await page.getByRole('button', { name: 'Skip' }).count()).toBe(1);
    await page.unroute(matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('textbox', { name: 'First name' }).waitFor();
  });

  it('account details: a failed read of the account (the signed-in pages wait for it) shows the error with Retry, not a spinner for ever', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/user\/v1\/account-status$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, '/preferences/details');
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').first().textContent()).toMatch('Database unavailable');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Delete account' }).count()).toBe(0);
    // No header to sign out from: the error offers it.
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    await page.unroute(matches, handler);
    await retry.click();
    await page.getByRole('button', { name: 'Delete account' }).waitFor();
  });

  it('delete account: a failed read of the organizations and plans says so with Retry, and the deletion waits for it', async () => {
    page = await newPage();
    const failure = failing(/^\/user\/v1\/account\/deletion$/, 500);
    // Only the preview (GET) fails; nothing here sends the deletion itself.
    const handler = (route: Route) => (route.request().method() === 'GET' ? failure.handler(route) : route.continue());
    await page.route(failure.matches, handler);
    await signInAs(page, e2e.stack, world.user, '/preferences/details');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    const alert = dialog.getByRole('alert').filter({ hasText: 'Could not load your organizations and their plans' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    // No guessed step list, and no deletion on a guess.
    expect(await dialog.getByTestId('delete-step-verifyPassword').count()).toBe(0);
    expect(await dialog.getByLabel('Password').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Delete my account' }).isDisabled()).toBe(true);

    await page.unroute(failure.matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByTestId('delete-step-verifyPassword').waitFor();
    expect(await dialog.getByRole('alert').filter({ hasText: 'Could not load' }).count()).toBe(0);
    await dialog.getByLabel('Password').fill('some password');
    expect(await dialog.getByRole('button', { name: 'Delete my account' }).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

// The fleet and device screens (QA pass of 2026-11-30, third stop): a part whose read fails says
// what failed, with Retry, and only that part; unknown roles are not "no permission"; a failed
// write keeps what was typed and says why in words, not the browser's "Failed to fetch".
describe('fleet and device screens when a read or write fails', () => {
  for (const { label, viewport } of [
    { label: '1280 px', viewport: { width: 1280, height: 800 } },
    { label: '390 px', viewport: { width: 390, height: 844 } },
  ]) {
    it(`fleet summary (${label}): a failed read of the roles says so with Retry, instead of dropping the fleet's actions unexplained`, async () => {
      page = await e2e.newPage({ viewport });
      await page.context().addInitScript({ content: `localStorage.setItem('flotilla.cookieConsent', '{"essential":true,"analytics":false}');` });
      const { matches, handler } = failing(/^\/v7\/user_application_membership$/, 500);
      await page.route(matches, handler);
      await signInAs(page, e2e.stack, world.user, `/fleets/${world.fleet.id}`);
      await page.getByRole('heading', { level: 1, name: world.fleet.name }).waitFor();
      const alert = page.getByRole('alert').filter({ hasText: 'Could not load your permissions' });
      await alert.first().waitFor({ timeout: 30_000 });
      expect(await alert.first().textContent()).toMatch('Database unavailable');
      expect(await page.getByRole('button', { name: 'Add device' }).count()).toBe(0);
      await page.unroute(matches, handler);
      await alert.first().getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: 'Add device' }).waitFor();
      expect(await page.getByRole('alert').filter({ hasText: 'Could not load your permissions' }).count()).toBe(0);
    });
  }

  it('fleet summary: failed device counts fail their card only, named, never as zeros; Retry shows them', async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/device\/\$count$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/fleets/${world.fleet.id}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load the device counts' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch('Database unavailable');
    expect(await page.getByTestId('status-count-operational').count(), 'a count shown while failing').toBe(0);
    // The other cards are read on their own and still show.
    await page.getByText('Fleet info').waitFor();
    await page.getByRole('heading', { name: 'Release', exact: true }).waitFor();
    await page.unroute(matches, handler);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('status-count-operational').waitFor();
  });

  it("device summary: a failed read of the roles shows in the terminal card as that, not as \"You do not have permission\"", async () => {
    page = await newPage();
    const { matches, handler } = failing(/^\/v7\/organization_membership$/, 500);
    await page.route(matches, handler);
    await signInAs(page, e2e.stack, world.user, `/devices/${world.devices[0]!.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: world.devices[0]!.name }).waitFor();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load your permissions' });
    await alert.first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('You do not have permission to open a terminal here.').count()).toBe(0);
    await page.unroute(matches, handler);
    for (const retry of await alert.getByRole('button', { name: 'Retry' }).all()) await retry.click().catch(() => undefined);
    await page.getByRole('tablist', { name: 'Terminal targets' }).waitFor();
    expect(await page.getByText('You do not have permission to open a terminal here.').count()).toBe(0);
  });

  it('device summary: a failed log stream says so, without a "0 lines" count; a failed fleet read keeps the fleet in the breadcrumbs', async () => {
    page = await newPage();
    const logs = failing(/^\/device\/v2\/[0-9a-f]+\/logs$/, 500);
    const fleet = failing(new RegExp(`^/v7/application\\(${world.fleet.id}\\)$`), 500);
    await page.route(logs.matches, logs.handler);
    await page.route(fleet.matches, fleet.handler);
    await signInAs(page, e2e.stack, world.user, `/devices/${world.devices[0]!.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: world.devices[0]!.name }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Could not read the logs' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText(/^0 lines$/).count(), '"0 lines" beside a stream that never answered').toBe(0);
    // The device's own read names its fleet: the crumb is not left at "…".
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: world.fleet.name }).waitFor();
    expect(await crumbs.getByText('…').count()).toBe(0);
    await page.unroute(logs.matches, logs.handler);
    await page.unroute(fleet.matches, fleet.handler);
  });

  it('device tags: a write that cannot reach the server keeps what was typed and says why; sent again it is saved', async () => {
    page = await newPage();
    await signInAs(page, e2e.stack, world.user, `/devices/${world.devices[1]!.uuid}/summary`);
    await page.getByRole('heading', { level: 1, name: world.devices[1]!.name }).waitFor();
    await page.getByRole('button', { name: 'Add tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tag' });
    await dialog.getByLabel('Key').fill('zone');
    await dialog.getByLabel('Value').fill('north');
    const write = failing(/^\/v7\/device_tag$/, 'abort');
    const postOnly = (route: Route) => (route.request().method() === 'POST' ? write.handler(route) : route.continue());
    await page.route(write.matches, postOnly);
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.getByText('The server could not be reached', { exact: false }).waitFor();
    expect(await dialog.getByText('Failed to fetch').count()).toBe(0);
    expect(await dialog.getByLabel('Key').inputValue()).toBe('zone');
    expect(await dialog.getByLabel('Value').inputValue()).toBe('north');
    await page.unroute(write.matches, postOnly);
    await dialog.getByRole('button', { name: 'Add tag' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('zone', { exact: true }).first().waitFor();
  });
});
