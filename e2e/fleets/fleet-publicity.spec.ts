// Making a fleet public as a deliberate act, on the fleet settings page (fleets spec §2 Fleet settings, §5 "Fleet changes",
// §6 resin.application.update, §8 success messages), at desktop width and at 390 px: an
// administrator sets the repository URL, turns Public on from the keyboard, reads what becomes
// readable and what stays private, confirms, and an anonymous client can then read the fleet;
// turning it off confirms too. An operator of the fleet is not offered the setting. When the URL
// was removed meanwhile, the API's must_first_enter_repo_url lands on the URL field.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { addMembership, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page | undefined;

const REPOSITORY_URL = 'https://github.com/acme/greenhouse';
const NEEDS_URL = 'A repository URL is needed first: save one above to make this fleet public.';

async function createFleet(admin: E2eUser, orgId: number): Promise<{ id: number; name: string }> {
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const name = `greenhouse${randomBytes(3).toString('hex')}`;
  const res = await e2e.stack.api('POST', '/v7/application', admin.token, {
    app_name: name,
    organization: orgId,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json<{ id: number }>().id, name };
}

/** What a client that is not signed in reads of the fleet. */
async function anonymousRead(fleetId: number): Promise<Array<{ id: number; is_public: boolean }>> {
  const res = await e2e.stack.api('GET', `/v7/application(${fleetId})?$select=id,is_public`);
  expect(res.status, res.text).toBe(200);
  return res.json<{ d: Array<{ id: number; is_public: boolean }> }>().d;
}

async function fleetRow(fleetId: number) {
  return e2e.stack.app.db.selectFrom('application').select(['is_public', 'is_stored_at__repository_url']).where('id', '=', fleetId).executeTakeFirstOrThrow();
}

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

describe.each(VIEWPORTS)('fleet publicity ($label)', ({ viewport }) => {
  async function openFleet(user: E2eUser, fleetId: number): Promise<Page> {
    page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, user, `/fleets/${fleetId}/settings`);
    return page;
  }

  const toast = (p: Page, text: string) => p.locator('#notistack-snackbar').filter({ hasText: text }).first();

  it('an administrator sets the URL, reads what becomes readable, makes the fleet public and private again', async () => {
    const admin = await createUser(e2e.stack, 'publicity-admin');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    expect(await anonymousRead(fleet.id)).toEqual([]);
    const p = await openFleet(admin, fleet.id);

    const card = p.getByRole('region', { name: 'Public fleet' });
    const publicSwitch = card.getByRole('switch', { name: 'Public' });
    const urlField = card.getByRole('textbox', { name: 'Repository URL' });
    const save = card.getByRole('button', { name: 'Save' });

    // Without a URL the switch cannot be turned on, and says why.
    await card.getByText(NEEDS_URL).waitFor();
    expect(await publicSwitch.isDisabled()).toBe(true);
    expect(await publicSwitch.getAttribute('aria-describedby')).toBeTruthy();
    expect(await card.locator(`#${await publicSwitch.getAttribute('aria-describedby')}`).textContent()).toBe(NEEDS_URL);

    // Only http(s) addresses without credentials are accepted.
    await urlField.fill('git@github.com:acme/greenhouse.git');
    await card.getByText('Enter an address that starts with http:// or https://').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await urlField.fill('https://me:ghp_token@github.com/acme/greenhouse');
    await card.getByText('Remove the user name or token from the address: a public fleet shows it to everyone').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await urlField.fill(` ${REPOSITORY_URL} `);
    await urlField.press('Enter');
    await toast(p, 'Repository URL set').waitFor();
    expect(await fleetRow(fleet.id)).toEqual({ is_public: false, is_stored_at__repository_url: REPOSITORY_URL });
    await card.getByText('Only people with access to this fleet can read it.').waitFor();
    expect(await publicSwitch.isDisabled()).toBe(false);

    // Nothing in the card is wider than the card.
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Turned on from the keyboard: only a confirmation opens, nothing is sent yet.
    await publicSwitch.focus();
    await p.keyboard.press('Space');
    const dialog = p.getByRole('dialog', { name: `Make ${fleet.name} public?` });
    await dialog.waitFor();
    expect(await fleetRow(fleet.id)).toMatchObject({ is_public: false });
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual([
      'The fleet: its name, device type and repository URL',
      'Its releases: commits, versions, notes, known issues, tags and build logs',
      "Each release's composition (the docker-compose configuration)",
      "Its services' names",
      'Its images: Dockerfiles, sizes and where they are stored',
      "The fleet's tags",
      'Devices, their names, locations and status',
      'Fleet, device and service variables',
      'Members and teams',
      'API keys and provisioning keys',
      'Device logs',
    ]);
    await dialog.getByText('Anyone on the internet, signed in or not, will be able to read:').waitFor();
    await dialog.getByText('These stay private to the people with access to the fleet:').waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Release compositions may contain configuration' }).waitFor();
    // The dialog fits the screen, and Cancel holds the focus so a stray Enter sends nothing.
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
    await p.keyboard.press('Tab');
    await p.keyboard.press('Enter');
    await toast(p, 'Fleet made public').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await publicSwitch.isChecked()).toBe(true);
    await card.getByText('Anyone on the internet can read this fleet and its releases.').waitFor();
    expect(await anonymousRead(fleet.id)).toEqual([{ id: fleet.id, is_public: true }]);

    // A public fleet keeps its URL: the field refuses to be emptied.
    await urlField.fill('');
    await card.getByText('A public fleet needs a repository URL. Make the fleet private first to remove it').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await urlField.fill(REPOSITORY_URL);

    // Turning it off confirms too, in plainer words.
    await publicSwitch.click();
    const offDialog = p.getByRole('dialog', { name: `Make ${fleet.name} private?` });
    await offDialog.getByText('Only people with access to the fleet will be able to read it and its releases again.', { exact: false }).waitFor();
    await offDialog.getByRole('button', { name: 'Make private' }).click();
    await toast(p, 'Fleet made private').waitFor();
    expect(await publicSwitch.isChecked()).toBe(false);
    expect(await anonymousRead(fleet.id)).toEqual([]);
    await card.getByText('Only people with access to this fleet can read it.').waitFor();
  });

  it('an operator of the fleet sees the settings page but not the setting', async () => {
    const admin = await createUser(e2e.stack, 'publicity-owner');
    const operator = await createUser(e2e.stack, 'publicity-operator');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    await addMembership(e2e.stack, operator, org.id, 'member');
    const roles = (await e2e.stack.api('GET', '/v7/application_membership_role?$select=id,name', admin.token)).json<{ d: Array<{ id: number; name: string }> }>();
    const membership = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
      user: operator.userId,
      is_member_of__application: fleet.id,
      application_membership_role: roles.d.find((r) => r.name === 'operator')!.id,
    });
    expect(membership.status, membership.text).toBe(201);

    const p = await openFleet(operator, fleet.id);
    await p.getByRole('heading', { name: 'Fleet settings', level: 1 }).waitFor();
    await p.getByRole('region', { name: 'Name' }).getByText('You do not have the required permission for this action').waitFor();
    // Once every query (roles included) has answered, the setting is still absent.
    await p.waitForLoadState('networkidle');
    expect(await p.getByRole('region', { name: 'Public fleet' }).count()).toBe(0);
    expect(await p.getByRole('switch', { name: 'Public' }).count()).toBe(0);
    // And the API agrees: an operator may not make the fleet public.
    await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, admin.token, { is_stored_at__repository_url: REPOSITORY_URL });
    const refused = await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, operator.token, { is_public: true });
    expect(refused.status).toBeGreaterThanOrEqual(401);
    expect(refused.status).toBeLessThan(405);
    expect(await fleetRow(fleet.id)).toMatchObject({ is_public: false });
  });

  it('shows the API’s "repository URL first" on the URL field when the URL was removed meanwhile', async () => {
    const admin = await createUser(e2e.stack, 'publicity-race');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    const set = await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, admin.token, { is_stored_at__repository_url: REPOSITORY_URL });
    expect(set.status, set.text).toBe(200);
    const p = await openFleet(admin, fleet.id);
    const card = p.getByRole('region', { name: 'Public fleet' });
    const publicSwitch = card.getByRole('switch', { name: 'Public' });
    const urlField = card.getByRole('textbox', { name: 'Repository URL' });
    expect(await urlField.inputValue()).toBe(REPOSITORY_URL);

    // Another session clears the URL; this page has not polled since.
    const cleared = await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, admin.token, { is_stored_at__repository_url: null });
    expect(cleared.status, cleared.text).toBe(200);
    await publicSwitch.click();
    const dialog = p.getByRole('dialog', { name: `Make ${fleet.name} public?` });
    await dialog.getByRole('button', { name: 'Make public' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The refusal is on the field, which has the focus; the page caught up with the cleared URL.
    await card.getByText('Enter and save a repository URL before making the fleet public').waitFor();
    expect(await urlField.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => urlField.evaluate((el) => el === (el.ownerDocument.activeElement as unknown))).toBe(true);
    await expect.poll(() => urlField.inputValue()).toBe('');
    expect(await publicSwitch.isChecked()).toBe(false);
    await card.getByText(NEEDS_URL).waitFor();
    expect(await fleetRow(fleet.id)).toEqual({ is_public: false, is_stored_at__repository_url: null });
    expect(await anonymousRead(fleet.id)).toEqual([]);

    // Typing clears the message; saving a URL makes the switch available again.
    await urlField.fill(REPOSITORY_URL);
    expect(await card.getByText('Enter and save a repository URL before making the fleet public').count()).toBe(0);
    await card.getByRole('button', { name: 'Save' }).click();
    await toast(p, 'Repository URL set').waitFor();
    await expect.poll(() => publicSwitch.isDisabled()).toBe(false);
  });
});
