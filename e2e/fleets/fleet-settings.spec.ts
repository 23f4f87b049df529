// The fleet settings page (fleets spec §2 "Fleet settings", "Confirmation dialogs"; §4 release
// targeting and type change availability; §5 fleet name, fleet changes, support access date; §6
// permissions, observer-only view, support access banners), at desktop width and at 390 px, axe
// clean: rename (and the duplicate-name message), support access granted with its banner and
// revoked, track latest / pin / none, application type availability, default device types of the
// same CPU architecture only, delete with a typed confirmation that refuses pasting, transfer to
// another organization, and an observer sent away from the page.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { seedFleetDevices } from '../../bench/device-list.seed.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { addMembership, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

async function createFleet(admin: E2eUser, orgId: number, name = `greenhouse${randomBytes(3).toString('hex')}`): Promise<{ id: number; name: string }> {
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const res = await e2e.stack.api('POST', '/v7/application', admin.token, {
    app_name: name,
    organization: orgId,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json<{ id: number }>().id, name };
}

async function createRelease(admin: E2eUser, fleetId: number, version: string): Promise<{ id: number; commit: string }> {
  const commit = randomBytes(16).toString('hex');
  const res = await e2e.stack.api('POST', '/v7/release', admin.token, {
    belongs_to__application: fleetId,
    commit,
    status: 'success',
    source: 'cloud',
    composition: {},
    is_final: true,
    is_passing_tests: true,
    start_timestamp: new Date().toISOString(),
    release_version: version,
    semver: version,
  });
  expect(res.status, res.text).toBe(201);
  const id = res.json<{ id: number }>().id;
  // The version columns are the build's to fill (not writable by clients): set like a build would.
  const [major, minor, patch] = version.split('.').map(Number);
  await e2e.stack.app.db
    .updateTable('release')
    .set({ raw_version: version, semver_major: major!, semver_minor: minor!, semver_patch: patch! })
    .where('id', '=', id)
    .execute();
  return { id, commit };
}

async function fleetRow(fleetId: number) {
  return e2e.stack.app.db
    .selectFrom('application')
    .select(['app_name', 'organization', 'should_track_latest_release', 'should_be_running__release', 'is_accessible_by_support_until__date', 'application_type', 'is_for__device_type'])
    .where('id', '=', fleetId)
    .executeTakeFirst();
}

const toast = (p: Page, text: string) => p.locator('#notistack-snackbar').filter({ hasText: text }).first();
const section = (p: Page, name: string) => p.getByRole('region', { name, exact: true });

describe.each(VIEWPORTS)('fleet settings ($label)', ({ viewport }) => {
  async function open(user: E2eUser, fleetId: number): Promise<Page> {
    const page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, user, `/fleets/${fleetId}/settings`);
    await page.getByRole('heading', { name: 'Fleet settings', level: 1 }).waitFor();
    return page;
  }

  it('renames the fleet, and says when the name is taken (case-insensitive)', async () => {
    const admin = await createUser(e2e.stack, 'settings-rename');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    const other = await createFleet(admin, org.id);
    const p = await open(admin, fleet.id);
    await expectPageSound(p);

    const card = section(p, 'Name');
    const field = card.getByRole('textbox', { name: 'Name' });
    const rename = card.getByRole('button', { name: 'Rename' });
    expect(await field.inputValue()).toBe(fleet.name);
    expect(await rename.isDisabled()).toBe(true);

    await field.fill('ab');
    await card.getByText('The name must be between 4 and 100 characters long').waitFor();
    expect(await rename.isDisabled()).toBe(true);

    await field.fill(other.name.toUpperCase());
    await rename.click();
    await card.getByText('This name is already used by another fleet. Note that the name is case-insensitive').waitFor();
    expect((await fleetRow(fleet.id))?.app_name).toBe(fleet.name);

    const renamed = `${fleet.name}-renamed`;
    await field.fill(renamed);
    await field.press('Enter');
    await toast(p, 'Renamed successfully').waitFor();
    expect((await fleetRow(fleet.id))?.app_name).toBe(renamed);
  });

  it('grants support access until now plus 5 minutes, shows the banner, and revokes it', async () => {
    const admin = await createUser(e2e.stack, 'settings-support');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    // A platform admin who is also the owner: the error banner says support access is not granted.
    await e2e.stack.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', admin.userId).execute();
    const p = await open(admin, fleet.id);
    const notGranted = p.getByRole('alert').filter({ hasText: 'Support access has not been granted for this fleet' });
    await notGranted.waitFor();

    const card = section(p, 'Support access');
    await card.getByText('Support access is not granted.').waitFor();
    await card.getByRole('button', { name: 'Grant support access' }).click();
    const until = card.getByLabel('Grant access until');
    const value = await until.inputValue();
    const chosen = new Date(value).getTime();
    // Now plus 5 minutes, to the minute the field shows.
    expect(Math.abs(chosen - (Date.now() + 5 * 60_000))).toBeLessThan(90_000);
    expect(new Date(String(await until.getAttribute('min'))).getTime()).toBeLessThanOrEqual(Date.now());

    // A date in the past is refused before sending.
    await until.fill('2020-01-01T10:00');
    await card.getByText('The date cannot be in the past').waitFor();
    expect(await card.getByRole('button', { name: 'Grant support access' }).isDisabled()).toBe(true);
    await until.fill(value);
    await card.getByRole('button', { name: 'Grant support access' }).click();
    await toast(p, 'Support access granted').waitFor();
    const row = await fleetRow(fleet.id);
    expect(new Date(String(row?.is_accessible_by_support_until__date)).getTime()).toBe(chosen);

    // The info banner with its expiry replaces the error banner.
    await p.getByRole('alert').filter({ hasText: /^Support access is granted until .+\.$/ }).waitFor();
    expect(await notGranted.count()).toBe(0);
    await expectPageSound(p);

    await card.getByRole('button', { name: 'Revoke support access' }).click();
    await toast(p, 'Support access removed').waitFor();
    expect((await fleetRow(fleet.id))?.is_accessible_by_support_until__date).toBeNull();
    await notGranted.waitFor();
  });

  it('tracks latest, pins to a release and runs no release; an empty fleet says it has nothing to pin', async () => {
    const admin = await createUser(e2e.stack, 'settings-release');
    const org = await createOrganization(e2e.stack, admin);
    const empty = await createFleet(admin, org.id);
    let p = await open(admin, empty.id);
    const emptyCard = section(p, 'Release');
    await emptyCard.getByText('This fleet has no successful releases yet', { exact: false }).waitFor();
    expect(await emptyCard.getByRole('radio', { name: 'Pin to a release' }).isDisabled()).toBe(true);
    await emptyCard.getByText('Currently: track latest (no release yet)').waitFor();

    const fleet = await createFleet(admin, org.id);
    const older = await createRelease(admin, fleet.id, '1.0.0');
    const newer = await createRelease(admin, fleet.id, '1.1.0');
    p = await open(admin, fleet.id);
    const card = section(p, 'Release');
    await card.getByRole('radio', { name: 'Track latest' }).waitFor();
    expect(await card.getByRole('radio', { name: 'Track latest' }).isChecked()).toBe(true);

    // Pin to the older release.
    await card.getByRole('radio', { name: 'Pin to a release' }).check();
    await card.getByRole('combobox', { name: 'Release' }).click();
    expect(await p.getByRole('option').allTextContents()).toEqual([`1.1.0 (${newer.commit.slice(0, 7)})`, `1.0.0 (${older.commit.slice(0, 7)})`]);
    await p.getByRole('option', { name: `1.0.0 (${older.commit.slice(0, 7)})` }).click();
    await card.getByRole('button', { name: 'Apply' }).click();
    await toast(p, 'Pinned to release').waitFor();
    expect(await fleetRow(fleet.id)).toMatchObject({ should_track_latest_release: false, should_be_running__release: older.id });
    await card.getByText(`Currently: pinned to 1.0.0 (${older.commit.slice(0, 7)})`).waitFor();

    // No release.
    await card.getByRole('radio', { name: 'No release' }).check();
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.getByText('Currently: No release').waitFor();
    expect(await fleetRow(fleet.id)).toMatchObject({ should_track_latest_release: false, should_be_running__release: null });

    // Track latest resets the pin to the newest release.
    await card.getByRole('radio', { name: 'Track latest' }).check();
    await card.getByRole('button', { name: 'Apply' }).click();
    await toast(p, 'Tracking the latest release').waitFor();
    expect(await fleetRow(fleet.id)).toMatchObject({ should_track_latest_release: true, should_be_running__release: newer.id });
    await expectPageSound(p);
  });

  it('offers only the application types that are available, and the device types of the same CPU architecture', async () => {
    const admin = await createUser(e2e.stack, 'settings-types');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    for (const name of ['main', 'proxy']) {
      const res = await e2e.stack.api('POST', '/v7/service', admin.token, { application: fleet.id, service_name: name });
      expect(res.status, res.text).toBe(201);
    }
    const p = await open(admin, fleet.id);

    const types = section(p, 'Application type');
    await types.getByRole('combobox', { name: 'Application type' }).click();
    const essentials = p.getByRole('option', { name: /^Essentials/ });
    await essentials.getByText('Unavailable: this fleet needs multicontainer support').waitFor();
    expect(await essentials.getAttribute('aria-disabled')).toBe('true');
    expect(await p.getByRole('option', { name: /^Classic/ }).getAttribute('aria-disabled')).toBe('true');
    const starter = p.getByRole('option', { name: /^Starter/ });
    expect(await starter.getAttribute('aria-disabled')).not.toBe('true');
    await starter.click();
    await types.getByRole('button', { name: 'Change type' }).click();
    await toast(p, 'Fleet type changed').waitFor();
    const starterId = (await e2e.stack.app.db.selectFrom('application_type').select('id').where('slug', '=', 'starter').executeTakeFirstOrThrow()).id;
    expect((await fleetRow(fleet.id))?.application_type).toBe(starterId);

    const devices = section(p, 'Default device type');
    await devices.getByText('Only device types with the aarch64 CPU architecture are offered', { exact: false }).waitFor();
    await devices.getByRole('combobox', { name: 'Default device type' }).click();
    expect(await p.getByRole('option').allTextContents()).toEqual([
      'Generic AARCH64',
      'Nvidia Jetson Orin Nano',
      'Raspberry Pi 4 (using 64bit OS)',
      'Raspberry Pi 5',
    ]);
    await p.getByRole('option', { name: 'Raspberry Pi 5' }).click();
    await devices.getByRole('button', { name: 'Change device type' }).click();
    await toast(p, 'Setting changed successfully').waitFor();
    const pi5 = (await e2e.stack.app.db.selectFrom('device_type').select('id').where('slug', '=', 'raspberrypi5').executeTakeFirstOrThrow()).id;
    expect((await fleetRow(fleet.id))?.is_for__device_type).toBe(pi5);
    await expectPageSound(p);
  });

  it('deletes a fleet with devices after the exact name is typed (pasting is blocked), then shows the fleet list', async () => {
    const admin = await createUser(e2e.stack, 'settings-delete');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    await seedFleetDevices(e2e.stack.app.db, fleet.id, 2, `settings-${fleet.id}`);
    const p = await open(admin, fleet.id);
    const danger = section(p, 'Danger zone');
    await danger.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: `Delete ${fleet.name}?` });
    await dialog.getByText('This fleet has 2 devices. They will be deleted too and stop receiving updates.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
    const typed = dialog.getByRole('textbox', { name: `Type the name (${fleet.name}) to confirm` });
    expect(await confirm.isDisabled()).toBe(true);

    // A paste is refused: the field stays empty and the button disabled.
    const pasteAccepted = await typed.evaluate((el, text) => {
      const g = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, value: string): void };
        ClipboardEvent: new (type: string, init: object) => unknown;
      };
      const data = new g.DataTransfer();
      data.setData('text/plain', text);
      return (el as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
        new g.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, fleet.name);
    expect(pasteAccepted).toBe(false);
    expect(await typed.inputValue()).toBe('');
    expect(await confirm.isDisabled()).toBe(true);
    await expectPageSound(p);

    await typed.pressSequentially(fleet.name.slice(0, -1));
    expect(await confirm.isDisabled()).toBe(true);
    await typed.pressSequentially(fleet.name.slice(-1));
    await confirm.click();
    await toast(p, 'Operation completed successfully').waitFor();
    await p.waitForURL((url) => url.pathname === '/fleets');
    expect(await fleetRow(fleet.id)).toBeUndefined();
  });

  it('transfers the fleet to another organization where the user is administrator, warning of lost access', async () => {
    const admin = await createUser(e2e.stack, 'settings-transfer');
    const home = await createOrganization(e2e.stack, admin, 'Home');
    const target = await createOrganization(e2e.stack, admin, 'Target');
    const clash = await createOrganization(e2e.stack, admin, 'Clash');
    const fleet = await createFleet(admin, home.id);
    await createFleet(admin, clash.id, fleet.name.toUpperCase());
    const p = await open(admin, fleet.id);
    const danger = section(p, 'Danger zone');
    // Fleets spec §5: the targets are organizations where the user is administrator or a developer member.
    await danger.getByText('Move this fleet to an organization where you are an administrator or developer.').waitFor();
    await danger.getByRole('combobox', { name: 'Organization' }).click();
    // Neither the fleet's own organization nor one with a same-named fleet is offered (read once
    // the list has loaded: the listbox may open before its query answers).
    await p.getByRole('option', { name: target.name }).waitFor();
    const offered = await p.getByRole('option').allTextContents();
    expect(offered).toContain(target.name);
    expect(offered).not.toContain(home.name);
    expect(offered).not.toContain(clash.name);
    await p.getByRole('option', { name: target.name }).click();
    await danger.getByRole('button', { name: 'Transfer' }).click();
    const dialog = p.getByRole('dialog', { name: `Transfer ${fleet.name} to ${target.name}?` });
    await dialog.getByText('you may lose access to it', { exact: false }).waitFor();
    await expectPageSound(p);
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await toast(p, 'Operation completed successfully').waitFor();
    // The administrator still sees it: the fleet's page.
    await p.waitForURL((url) => url.pathname === `/fleets/${fleet.id}`);
    expect((await fleetRow(fleet.id))?.organization).toBe(target.id);
  });

  it('a fleet member removes their own access and lands on the fleet list; access from the organization cannot be removed here', async () => {
    const admin = await createUser(e2e.stack, 'settings-leave-owner');
    const developer = await createUser(e2e.stack, 'settings-leave-dev');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    await addMembership(e2e.stack, developer, org.id, 'member');
    const roles = (await e2e.stack.api('GET', '/v7/application_membership_role?$select=id,name', admin.token)).json<{ d: Array<{ id: number; name: string }> }>();
    const membership = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
      user: developer.userId,
      is_member_of__application: fleet.id,
      application_membership_role: roles.d.find((r) => r.name === 'developer')!.id,
    });
    expect(membership.status, membership.text).toBe(201);

    // The organization's administrator has no fleet membership: nothing to remove, and it says so.
    const owner = await open(admin, fleet.id);
    const ownerDanger = section(owner, 'Danger zone');
    await ownerDanger.getByText('Your access comes from the organization or a team', { exact: false }).waitFor();
    expect(await ownerDanger.getByRole('button', { name: 'Remove access' }).isDisabled()).toBe(true);

    const p = await open(developer, fleet.id);
    const danger = section(p, 'Danger zone');
    // A developer may neither transfer nor delete: both buttons are there, disabled, with the reason.
    for (const action of ['Transfer', 'Delete']) {
      const button = danger.getByRole('button', { name: action, exact: true });
      expect(await button.isDisabled(), action).toBe(true);
      expect(await button.getAttribute('aria-describedby'), action).toBeTruthy();
    }
    expect(await danger.getByText('You do not have the required permission for this action').count()).toBe(2);
    await danger.getByRole('button', { name: 'Remove access' }).click();
    const dialog = p.getByRole('dialog', { name: `Remove your access to ${fleet.name}?` });
    await dialog.getByRole('button', { name: 'Remove access' }).click();
    await toast(p, 'Operation completed successfully').waitFor();
    await p.waitForURL((url) => url.pathname === '/fleets');
    const left = await e2e.stack.app.db.selectFrom('user_application_membership').select('id').where('user', '=', developer.userId).execute();
    expect(left).toEqual([]);
  });

  it('an observer of the fleet is sent away from the settings, and is not offered them', async () => {
    const admin = await createUser(e2e.stack, 'settings-owner');
    const observer = await createUser(e2e.stack, 'settings-observer');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    await addMembership(e2e.stack, observer, org.id, 'member');
    const roles = (await e2e.stack.api('GET', '/v7/application_membership_role?$select=id,name', admin.token)).json<{ d: Array<{ id: number; name: string }> }>();
    const membership = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
      user: observer.userId,
      is_member_of__application: fleet.id,
      application_membership_role: roles.d.find((r) => r.name === 'observer')!.id,
    });
    expect(membership.status, membership.text).toBe(201);

    const p = await e2e.newPage({ viewport });
    await signInAs(p, e2e.stack, observer, `/fleets/${fleet.id}/settings`);
    await p.waitForURL((url) => url.pathname === '/fleets');
    // The settings page's heading shows while the roles load; once they say observer, the page is gone.
    await expect.poll(() => p.getByRole('heading', { name: 'Fleet settings' }).count()).toBe(0);
    await p.getByRole('heading', { level: 1, name: 'Fleets' }).waitFor();
    // The API agrees: an observer may not rename the fleet.
    const refused = await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, observer.token, { app_name: `${fleet.name}x` });
    expect(refused.status).toBeGreaterThanOrEqual(401);
    expect((await fleetRow(fleet.id))?.app_name).toBe(fleet.name);
  });
});
