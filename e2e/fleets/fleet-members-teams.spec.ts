// The fleet members and fleet teams pages (fleets spec §2 "Fleet members", "Fleet teams",
// "Routing rules"; §5 "Invitee"; §6 entity tables "Fleet members" and "Team access to a fleet";
// §7 "Memberships and teams"; accounts spec §2 /invitation/{token}). Data is set up through the
// public API; what is asserted is what a user sees, checked against the database where the
// screen claims a change. Desktop and 390 px, axe clean.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { listLatestEmails } from '../../apps/api/src/email/outbox.repository.ts';
import { runAxe, seriousViolations, settleAnimations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { PASSWORD, addMembership, createOrganization, createUser, signInAs, uniqueEmail, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page;

const VIEWPORTS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', viewport: { width: 390, height: 844 } },
];

async function createFleet(admin: E2eUser, orgId: number): Promise<{ id: number; name: string }> {
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const name = `crew${randomBytes(3).toString('hex')}`;
  const res = await e2e.stack.api('POST', '/v7/application', admin.token, {
    app_name: name,
    organization: orgId,
    is_for__device_type: types.json<{ d: Array<{ id: number }> }>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json<{ id: number }>().id, name };
}

async function fleetRoleId(name: string): Promise<number> {
  const row = await e2e.stack.app.db.selectFrom('application_membership_role').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id as number;
}

/** Adds an organization member to the fleet with a role, as the administrator would through the SDK. */
async function addFleetMember(admin: E2eUser, fleetId: number, user: E2eUser, role: string): Promise<void> {
  const res = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
    is_member_of__application: fleetId,
    username: user.username,
    application_membership_role: await fleetRoleId(role),
  });
  expect(res.status, res.text).toBe(201);
}

/** Fleet role per username, straight from the database. */
async function fleetRoles(fleetId: number): Promise<Record<string, string>> {
  const rows = await e2e.stack.app.db
    .selectFrom('user_application_membership as m')
    .innerJoin('application_membership_role as r', 'r.id', 'm.application_membership_role')
    .innerJoin('user as u', 'u.id', 'm.user')
    .select(['u.username', 'r.name'])
    .where('m.is_member_of__application', '=', fleetId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.username as string, r.name as string]));
}

const toast = (text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();
const membersTable = () => page.getByRole('table', { name: 'Fleet members' });
const memberRow = (username: string) => membersTable().getByRole('row').filter({ hasText: username });
const roleCell = (username: string, role: string) => memberRow(username).getByRole('cell', { name: role, exact: true });

async function pickRole(scope: ReturnType<Page['getByRole']>, label: RegExp, role: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: new RegExp(`^${role}`) }).click();
}

/** Waits until no CSS transition runs (a dialog fading in is not yet its final colours). */
const settle = (): Promise<void> => settleAnimations(page);

async function expectAxeClean(): Promise<void> {
  await settle();
  expect(seriousViolations(await runAxe(page))).toEqual([]);
  expect(await page.locator('h1').count()).toBe(1);
  // No sideways page scroll (the table scrolls inside its own container).
  expect(await page.evaluate('document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1')).toBe(true);
}

describe('fleet members', () => {
  it('an administrator adds by username with a role, invites by email, revokes, changes a role, picks an organization member and removes', async () => {
    const admin = await createUser(e2e.stack, 'fm-admin');
    const bob = await createUser(e2e.stack, 'fm-bob');
    const carol = await createUser(e2e.stack, 'fm-carol');
    const org = await createOrganization(e2e.stack, admin);
    await addMembership(e2e.stack, bob, org.id, 'member');
    await addMembership(e2e.stack, carol, org.id, 'member');
    const fleet = await createFleet(admin, org.id);
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.id}/members`);
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await page.getByText('No members yet').waitFor();
    await page.getByText('No pending invites').waitFor();

    // By username, as operator: a membership at once.
    await page.getByRole('button', { name: 'Add member' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('textbox', { name: /^Username or email/ }).fill(bob.username);
    await dialog.getByText(`${bob.username} will be added to this fleet at once.`).waitFor();
    await pickRole(dialog, /^Role/, 'Operator');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(`${bob.username} added to the fleet`).waitFor();
    await roleCell(bob.username, 'Operator').waitFor();
    expect(await fleetRoles(fleet.id)).toEqual({ [bob.username]: 'operator' });

    // By email: an invite (developer by default) in the pending list, then revoked.
    const stranger = uniqueEmail('fm-stranger');
    await page.getByRole('button', { name: 'Add member' }).click();
    dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('textbox', { name: /^Username or email/ }).fill(` ${stranger} `);
    await dialog.getByText(`An invitation will be emailed to ${stranger}.`).waitFor();
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Welcome to the crew');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(`Invitation sent to ${stranger}`).waitFor();
    const invites = page.getByRole('table', { name: 'Pending invites' });
    const inviteRow = invites.getByRole('row').filter({ hasText: stranger });
    await inviteRow.getByRole('cell', { name: 'Developer', exact: true }).waitFor();
    const [mail] = await listLatestEmails(e2e.stack.app.db, { to: stranger, limit: 1 });
    expect(mail?.kind).toBe('application-invite');
    expect(mail?.text_body).toContain('Welcome to the crew');
    await inviteRow.getByRole('button', { name: `Revoke the invite for ${stranger}` }).click();
    await page.getByRole('dialog', { name: 'Revoke invite' }).getByRole('button', { name: 'Revoke' }).click();
    await toast('Invite revoked').waitFor();
    await page.getByText('No pending invites').waitFor();
    expect(await e2e.stack.app.db.selectFrom('application_invite').select('id').where('is_invited_to__application', '=', fleet.id).execute()).toEqual([]);

    // Change bob's role.
    await memberRow(bob.username).getByRole('button', { name: `Change the role of ${bob.username}` }).click();
    dialog = page.getByRole('dialog', { name: 'Change role' });
    await pickRole(dialog, /^Role/, 'Developer');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await toast(`Role of ${bob.username} changed to Developer`).waitFor();
    await roleCell(bob.username, 'Developer').waitFor();
    await expect.poll(() => fleetRoles(fleet.id)).toEqual({ [bob.username]: 'developer' });

    // Pick an organization member who is not in the fleet yet (bob is no longer offered), as observer.
    await page.getByRole('button', { name: 'Add member' }).click();
    dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('combobox', { name: 'Or pick an organization member' }).click();
    expect(await page.getByRole('option', { name: bob.username, exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: carol.username, exact: true }).click();
    expect(await dialog.getByRole('textbox', { name: /^Username or email/ }).inputValue()).toBe(carol.username);
    await pickRole(dialog, /^Role/, 'Observer');
    await dialog.getByRole('button', { name: 'Add member' }).click();
    await toast(`${carol.username} added to the fleet`).waitFor();
    await roleCell(carol.username, 'Observer').waitFor();

    // Remove carol, with a confirmation.
    await memberRow(carol.username).getByRole('button', { name: `Remove ${carol.username}` }).click();
    await page.getByRole('dialog', { name: 'Remove member?' }).getByRole('button', { name: 'Remove' }).click();
    await toast(`${carol.username} removed from the fleet`).waitFor();
    await memberRow(carol.username).waitFor({ state: 'detached' });
    expect(await fleetRoles(fleet.id)).toEqual({ [bob.username]: 'developer' });
  });

  it('a developer may remove members but not add them or change roles; an observer only reads', async () => {
    const admin = await createUser(e2e.stack, 'fm-owner');
    const dev = await createUser(e2e.stack, 'fm-dev');
    const watcher = await createUser(e2e.stack, 'fm-watch');
    const other = await createUser(e2e.stack, 'fm-other');
    const org = await createOrganization(e2e.stack, admin);
    for (const user of [dev, watcher, other]) await addMembership(e2e.stack, user, org.id, 'member');
    const fleet = await createFleet(admin, org.id);
    await addFleetMember(admin, fleet.id, dev, 'developer');
    await addFleetMember(admin, fleet.id, watcher, 'observer');
    await addFleetMember(admin, fleet.id, other, 'operator');
    const pending = uniqueEmail('fm-pending');
    const invite = await e2e.stack.api('POST', '/v7/application_invite', admin.token, { is_invited_to__application: fleet.id, invitee: pending });
    expect(invite.status, invite.text).toBe(201);

    // The observer: members and the pending invite, no action anywhere.
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, watcher, `/fleets/${fleet.id}/members`);
    await roleCell(other.username, 'Operator').waitFor();
    await page.getByRole('table', { name: 'Pending invites' }).getByText(pending).waitFor();
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    expect(await membersTable().getByRole('button', { name: /^(Remove|Change the role of) / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Revoke the invite/ }).count()).toBe(0);
    await page.close();

    // The developer: remove only.
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, dev, `/fleets/${fleet.id}/members`);
    await roleCell(other.username, 'Operator').waitFor();
    expect(await page.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    expect(await membersTable().getByRole('button', { name: /^Change the role of / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Revoke the invite/ }).count()).toBe(0);
    await memberRow(other.username).getByRole('button', { name: `Remove ${other.username}` }).click();
    await page.getByRole('dialog', { name: 'Remove member?' }).getByRole('button', { name: 'Remove' }).click();
    await toast(`${other.username} removed from the fleet`).waitFor();
    await expect.poll(() => fleetRoles(fleet.id)).toEqual({ [dev.username]: 'developer', [watcher.username]: 'observer' });

    // And the API agrees: the developer may not add or change a role.
    const add = await e2e.stack.api('POST', '/v7/user_application_membership', dev.token, {
      is_member_of__application: fleet.id,
      username: other.username,
      application_membership_role: await fleetRoleId('observer'),
    });
    expect(add.status).toBeGreaterThanOrEqual(400);
    const own = await e2e.stack.app.db.selectFrom('user_application_membership').select('id').where('user', '=', watcher.userId).where('is_member_of__application', '=', fleet.id).executeTakeFirstOrThrow();
    const patch = await e2e.stack.api('PATCH', `/v7/user_application_membership(${own.id})`, dev.token, { application_membership_role: await fleetRoleId('administrator') });
    expect(patch.status).toBeGreaterThanOrEqual(400);
    expect((await fleetRoles(fleet.id))[watcher.username]).toBe('observer');
  });

  it('a fleet invite accepted through /invitation/{token} lands on /fleets with the fleet visible', async () => {
    const admin = await createUser(e2e.stack, 'fm-host');
    const guest = await createUser(e2e.stack, 'fm-guest');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.id}/members`);
    await page.getByRole('button', { name: 'Add member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add member' });
    await dialog.getByRole('textbox', { name: /^Username or email/ }).fill(guest.email);
    await pickRole(dialog, /^Role/, 'Observer');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await toast(`Invitation sent to ${guest.email}`).waitFor();
    await page.close();

    const [mail] = await listLatestEmails(e2e.stack.app.db, { to: guest.email, limit: 1 });
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '');
    expect(link.pathname).toMatch(/^\/invitation\/[^/]+$/);

    page = await e2e.newPage();
    await signInAs(page, e2e.stack, guest, link.pathname);
    await page.getByRole('heading', { name: `Join ${fleet.name}` }).waitFor();
    await page.getByText('Observer', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL((url) => url.pathname === '/fleets');
    await page.getByRole('link', { name: fleet.name }).first().waitFor();
    expect((await fleetRoles(fleet.id))[guest.username]).toBe('observer');
  });
  it('a new user signs up through a fleet invite link and lands on /fleets in the fleet; a bad token says so', async () => {
    const admin = await createUser(e2e.stack, 'fm-founder');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    const email = uniqueEmail('fm-newcomer');
    const res = await e2e.stack.api('POST', '/v7/application_invite', admin.token, { is_invited_to__application: fleet.id, invitee: email });
    expect(res.status, res.text).toBe(201);
    const [mail] = await listLatestEmails(e2e.stack.app.db, { to: email, limit: 1 });
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '');

    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}${link.pathname}`);
    await page.getByRole('heading', { name: `You have been invited to join ${fleet.name}` }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/signup\?/);
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/signup\/profile$/);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL((url) => url.pathname === '/fleets');
    await page.getByRole('link', { name: fleet.name }).first().waitFor();
    const user = await e2e.stack.app.db.selectFrom('user').select('username').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await fleetRoles(fleet.id))[user.username as string]).toBe('developer');

    // A token that does not decode to a fleet invite: the spec's error, and back to /fleets.
    await page.goto(`${e2e.stack.url}/invitation/not-a-token`);
    await toast('invitation token error').waitFor();
    await page.waitForURL((url) => url.pathname === '/fleets');
  });
});

describe('fleet teams', () => {
  it('an organization administrator adds a team access with a role, changes it and removes it', async () => {
    const admin = await createUser(e2e.stack, 'ft-admin');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    const teamName = `ops ${randomBytes(2).toString('hex')}`;
    const team = await e2e.stack.api('POST', '/v7/team', admin.token, { name: teamName, belongs_to__organization: org.id });
    expect(team.status, team.text).toBe(201);
    const teamId = team.json<{ id: number }>().id;
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.id}/teams`);
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await page.getByText('No team has access to this fleet yet').waitFor();

    await page.getByRole('button', { name: 'Add to team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to team' });
    await dialog.getByRole('combobox', { name: /^Team/ }).click();
    await page.getByRole('option', { name: teamName }).click();
    await pickRole(dialog, /^Role/, 'Observer');
    await dialog.getByRole('button', { name: 'Add access' }).click();
    await toast('Resource added to team').waitFor();
    const table = page.getByRole('table', { name: 'Teams with access' });
    const row = table.getByRole('row').filter({ hasText: teamName });
    await row.waitFor();
    const grant = () =>
      e2e.stack.app.db
        .selectFrom('team_application_access as a')
        .innerJoin('application_membership_role as r', 'r.id', 'a.application_membership_role')
        .select(['a.id', 'r.name'])
        .where('a.team', '=', teamId)
        .where('a.grants_access_to__application', '=', fleet.id)
        .executeTakeFirst();
    expect((await grant())?.name).toBe('observer');

    // The role, changed in place.
    await pickRole(row, new RegExp(`^Role of team ${teamName}`), 'Developer');
    await toast(`Role of team ${teamName} changed to Developer`).waitFor();
    await expect.poll(async () => (await grant())?.name).toBe('developer');

    // No team left to add: the dialog says so.
    await page.getByRole('button', { name: 'Add to team' }).click();
    await page.getByText('Every team of the organization already has access to this fleet.').waitFor();
    await page.getByRole('dialog', { name: 'Add to team' }).getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Remove access of team ${teamName}` }).click();
    await page.getByRole('dialog', { name: 'Remove access?' }).getByRole('button', { name: 'Remove access' }).click();
    await toast(`Access of team ${teamName} removed`).waitFor();
    await page.getByText('No team has access to this fleet yet').waitFor();
    expect(await grant()).toBeUndefined();
  });
});

describe.each(VIEWPORTS)('fleet members and teams pages ($label)', ({ viewport }) => {
  it('are axe clean with their dialogs open, and show the unauthorized banner without a fleet role', async () => {
    const admin = await createUser(e2e.stack, 'fx-admin');
    const outsider = await createUser(e2e.stack, 'fx-out');
    const member = await createUser(e2e.stack, 'fx-mem');
    const org = await createOrganization(e2e.stack, admin);
    await addMembership(e2e.stack, member, org.id, 'member');
    await addMembership(e2e.stack, outsider, org.id, 'member');
    const fleet = await createFleet(admin, org.id);
    await addFleetMember(admin, fleet.id, member, 'developer');
    await e2e.stack.api('POST', '/v7/team', admin.token, { name: `crew ${randomBytes(2).toString('hex')}`, belongs_to__organization: org.id });
    await e2e.stack.api('POST', '/v7/application_invite', admin.token, { is_invited_to__application: fleet.id, invitee: uniqueEmail('fx-inv') });

    page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, admin, `/fleets/${fleet.id}/members`);
    await roleCell(member.username, 'Developer').waitFor();
    await page.getByRole('table', { name: 'Pending invites' }).waitFor();
    await expectAxeClean();
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('dialog', { name: 'Add member' }).getByRole('combobox', { name: /^Role/ }).waitFor();
    await settle();
    expect(seriousViolations(await runAxe(page))).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(`${e2e.stack.url}/fleets/${fleet.id}/teams`);
    await page.getByText('No team has access to this fleet yet').waitFor();
    await expectAxeClean();
    await page.getByRole('button', { name: 'Add to team' }).click();
    await page.getByRole('dialog', { name: 'Add to team' }).getByRole('combobox', { name: /^Team/ }).waitFor();
    await settle();
    expect(seriousViolations(await runAxe(page))).toEqual([]);
    await page.close();

    // An organization member without a role on the (public) fleet: the info banner, nothing listed.
    await e2e.stack.app.db.updateTable('application').set({ is_public: true }).where('id', '=', fleet.id).execute();
    page = await e2e.newPage({ viewport });
    await signInAs(page, e2e.stack, outsider, `/fleets/${fleet.id}/members`);
    await page.getByText('You are unauthorized to view or edit members').waitFor();
    expect(await page.getByRole('table', { name: 'Fleet members' }).count()).toBe(0);
    await expectAxeClean();
    await page.goto(`${e2e.stack.url}/fleets/${fleet.id}/teams`);
    await page.getByText('You are unauthorized to view or edit teams').waitFor();
    await expectAxeClean();
  });
});
