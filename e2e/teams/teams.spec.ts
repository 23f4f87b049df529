// Teams as an organization administrator uses them (accounts spec §2, §5, §6, §8; fleets spec §6):
// create (with the duplicate-name error), rename, add a member, grant the team developer access to
// a fleet — the member then sees and can change that fleet — change the role, remove the member
// (the fleet disappears for them), delete teams; and what a plain organization member may not do.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { joinOrganization } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page | undefined;

interface User {
  id: number;
  username: string;
  token: string;
}

type BrowserStorage = { setItem(key: string, value: string): void };

async function register(prefix: string): Promise<User> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'a long enough password' });
  expect(res.status, res.text).toBe(201);
  const who = (await e2e.stack.api('GET', '/user/v1/whoami', res.text)).json<{ id: number; username: string }>();
  return { id: who.id, username: who.username, token: res.text };
}

async function odata<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await e2e.stack.api(method, `/v7/${path}`, token, body);
  expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
  return res.json<T>();
}

/** An organization owned by `admin` with `member` as a plain member and one fleet. */
async function organizationWithFleet(admin: User, member: User) {
  const suffix = randomBytes(3).toString('hex');
  const org = await odata<{ id: number }>('POST', 'organization', admin.token, { name: `Teams Org ${suffix}` });
  await joinOrganization(e2e.stack, member.id, org.id, 'member');
  const deviceType = await odata<{ d: Array<{ id: number }> }>('GET', "device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const fleet = await odata<{ id: number; app_name: string }>('POST', 'application', admin.token, {
    app_name: `greenhouse${suffix}`,
    organization: org.id,
    is_for__device_type: deviceType.d[0]!.id,
    is_of__class: 'fleet',
  });
  return { orgId: org.id, fleet };
}

/** A browser session signed in as `user` (own context, so two users can be open at once). */
async function signedInPage(user: User): Promise<Page> {
  const p = await e2e.newPage();
  await p.goto(`${e2e.stack.url}/login`);
  await p.evaluate((token) => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.token', token), user.token);
  return p;
}

async function selectOption(p: Page, combobox: string, option: string, scope = p.getByRole('dialog')) {
  await scope.getByRole('combobox', { name: combobox }).click();
  await p.getByRole('option', { name: option }).click();
}

describe('teams', () => {
  it('creates, renames, staffs and grants a team fleet access; the member gains and loses the fleet; teams are deleted', async () => {
    const admin = await register('teams-admin');
    const member = await register('teams-member');
    const { orgId, fleet } = await organizationWithFleet(admin, member);
    page = await signedInPage(admin);

    // Empty list, then create a team through the dialog (keyboard: type and press Enter).
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams`);
    await page.getByText('No teams yet').waitFor();
    await page.getByRole('button', { name: 'Create team' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create team' });
    const createButton = dialog.getByRole('button', { name: 'Create team' });
    expect(await createButton.isDisabled()).toBe(true);
    await dialog.getByLabel('Team name').fill('Operators');
    await dialog.getByLabel('Team name').press('Enter');
    await page.getByText('Team Operators added successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Teams' });
    await table.getByRole('link', { name: 'Operators' }).waitFor();

    // The same name in another case is refused before sending.
    await page.getByRole('button', { name: 'Create team' }).click();
    dialog = page.getByRole('dialog', { name: 'Create team' });
    await dialog.getByLabel('Team name').fill('OPERATORS');
    await dialog.getByText('This name is already used. Note that the name is case-insensitive').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create team' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // A team created elsewhere after the list loaded: the server's 409 shows the same message.
    await page.reload();
    await table.getByRole('link', { name: 'Operators' }).waitFor();
    await odata('POST', 'team', admin.token, { name: 'Night Shift', belongs_to__organization: orgId });
    await page.getByRole('button', { name: 'Create team' }).click();
    await dialog.getByLabel('Team name').fill('night shift');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await dialog.getByText('This name is already used. Note that the name is case-insensitive').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create team' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const nightShifts = await odata<{ d: unknown[] }>('GET', `team?$select=id&$filter=belongs_to__organization eq ${orgId}`, admin.token);
    expect(nightShifts.d).toHaveLength(2);

    // Rename.
    await table.getByRole('button', { name: 'Rename team Operators' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename team' });
    await dialog.getByLabel('Team name').fill('Field Ops');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Renamed successfully').waitFor();
    await table.getByRole('link', { name: 'Field Ops' }).click();
    await page.waitForURL(/\/orgs\/\d+\/teams\/\d+$/);
    const teamPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: 'Field Ops', level: 1 }).waitFor();

    // Add the member: Add stays disabled while nobody is chosen.
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(new RegExp(`${teamPath}/members$`));
    await page.getByText('No members in this team yet').waitFor();
    await page.getByRole('button', { name: 'Add members' }).click();
    dialog = page.getByRole('dialog', { name: 'Add members to team' });
    expect(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled()).toBe(true);
    await dialog.getByLabel(member.username).check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Member added successfully').waitFor();
    await page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: member.username, exact: true }).waitFor();

    // Grant the team developer access to the fleet (developer is the default role).
    await sidebar.getByRole('link', { name: 'Fleets' }).click();
    await page.waitForURL(new RegExp(`${teamPath}/fleets$`));
    await page.getByRole('button', { name: 'Add fleet access' }).click();
    dialog = page.getByRole('dialog', { name: 'Add fleet access' });
    await selectOption(page, 'Fleet', fleet.app_name, dialog);
    expect(await dialog.getByRole('combobox', { name: 'Role' }).textContent()).toContain('Developer');
    await dialog.getByRole('button', { name: 'Add access' }).click();
    await page.getByText(`Access to ${fleet.app_name} granted`).waitFor();
    const fleetsTable = page.getByRole('table', { name: 'Fleets' });
    await fleetsTable.getByRole('link', { name: fleet.app_name }).waitFor();

    // The summary counts the member and the fleet; apps stay hidden without the experimental flag.
    await sidebar.getByRole('link', { name: 'Summary' }).click();
    await page.getByRole('region', { name: 'Members' }).getByText(member.username).waitFor();
    await page.getByRole('region', { name: 'Fleets' }).getByText(fleet.app_name).waitFor();
    expect(await page.getByRole('region', { name: 'Apps' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Blocks' }).getByText('None').waitFor();

    // The member sees the fleet and, as a developer, can change it.
    const memberPage = await signedInPage(member);
    e2e.page = page;
    await memberPage.goto(`${e2e.stack.url}/fleets`);
    await memberPage.getByRole('link', { name: fleet.app_name }).waitFor();
    const renamed = `${fleet.app_name}x`;
    let patch = await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, member.token, { app_name: renamed });
    expect(patch.status, patch.text).toBe(200);
    await memberPage.reload();
    await memberPage.getByRole('link', { name: renamed }).waitFor();

    // Observer access is read-only: the change is refused. (Reload: the rename happened elsewhere.)
    await page.goto(`${e2e.stack.url}${teamPath}/fleets`);
    await selectOption(page, `Role on ${renamed}`, 'Observer', page.getByRole('table', { name: 'Fleets' }));
    await page.getByText(`Role on ${renamed} changed to Observer`).waitFor();
    patch = await e2e.stack.api('PATCH', `/v7/application(${fleet.id})`, member.token, { app_name: fleet.app_name });
    expect(patch.status).toBeGreaterThanOrEqual(400);

    // Removing the member (with a confirmation) takes the fleet away from them.
    await sidebar.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: `Remove ${member.username}` }).click();
    dialog = page.getByRole('dialog', { name: 'Remove member?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Team membership deleted successfully').waitFor();
    await page.getByText('No members in this team yet').waitFor();
    await memberPage.reload();
    await memberPage.getByText('No fleets yet').waitFor();
    expect(await memberPage.getByRole('link', { name: renamed }).count()).toBe(0);

    // Remove the fleet access, then delete both teams at once.
    await sidebar.getByRole('link', { name: 'Fleets' }).click();
    await page.getByRole('button', { name: `Remove access to ${renamed}` }).click();
    await page.getByRole('dialog', { name: 'Remove fleet access?' }).getByRole('button', { name: 'Remove access' }).click();
    await page.getByText(`Access to ${renamed} removed`).waitFor();
    await page.getByText('This team has no access to fleets yet').waitFor();

    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams`);
    const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
    await table.getByRole('link', { name: 'Night Shift' }).waitFor();
    // Delete is a batch action: offered once teams are selected.
    expect(await deleteButton.count()).toBe(0);
    await table.getByLabel('Select all rows on this page').check();
    await deleteButton.click();
    dialog = page.getByRole('dialog', { name: 'Delete 2 teams?' });
    await dialog.getByText(/Field Ops/).waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 teams deleted successfully').waitFor();
    await page.getByText('No teams yet').waitFor();
    const left = await odata<{ d: unknown[] }>('GET', `team?$select=id&$filter=belongs_to__organization eq ${orgId}`, admin.token);
    expect(left.d).toHaveLength(0);
  });

  it('lets a plain organization member look but not create, rename or delete teams; leaving oneself is allowed', async () => {
    const admin = await register('teams-owner');
    const member = await register('teams-reader');
    const { orgId } = await organizationWithFleet(admin, member);
    const team = await odata<{ id: number }>('POST', 'team', admin.token, { name: 'Support', belongs_to__organization: orgId });
    await odata('POST', 'team_membership', admin.token, { user: member.id, is_member_of__team: team.id });
    await odata('POST', 'team_membership', admin.token, { user: admin.id, is_member_of__team: team.id });
    page = await signedInPage(member);

    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams`);
    const table = page.getByRole('table', { name: 'Teams' });
    await table.getByRole('link', { name: 'Support' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create team' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    expect(await table.getByRole('checkbox').count()).toBe(0);
    expect(await table.getByRole('button', { name: 'Rename team Support' }).count()).toBe(0);
    // The API refuses as well.
    const denied = await e2e.stack.api('POST', '/v7/team', member.token, { name: 'Mine', belongs_to__organization: orgId });
    expect(denied.status).toBeGreaterThanOrEqual(400);

    // Members: no add, no removing others, but leaving is offered.
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams/${team.id}/members`);
    const members = page.getByRole('table', { name: 'Members' });
    await members.getByRole('cell', { name: admin.username, exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Add members' }).count()).toBe(0);
    expect(await members.getByRole('button', { name: `Remove ${admin.username}` }).count()).toBe(0);
    await members.getByRole('button', { name: 'Leave team' }).click();
    await page.getByRole('dialog', { name: 'Leave team?' }).getByRole('button', { name: 'Leave team' }).click();
    await page.getByText('Team membership deleted successfully').waitFor();
    const remaining = await odata<{ d: Array<{ user: { __id: number } }> }>('GET', `team_membership?$filter=is_member_of__team eq ${team.id}`, admin.token);
    expect(remaining.d.map((m) => m.user.__id)).toEqual([admin.id]);

    // Fleets section: read-only for a plain member.
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams/${team.id}/fleets`);
    await page.getByText('This team has no access to fleets yet').waitFor();
    expect(await page.getByRole('button', { name: 'Add fleet access' }).count()).toBe(0);
  });

  it('lists the apps and blocks a team reaches (apps only with the experimental flag)', async () => {
    const admin = await register('teams-blocks');
    const member = await register('teams-viewer');
    const { orgId, fleet } = await organizationWithFleet(admin, member);
    const team = await odata<{ id: number }>('POST', 'team', admin.token, { name: 'Builders', belongs_to__organization: orgId });
    const roles = await odata<{ d: Array<{ id: number; name: string }> }>('GET', 'application_membership_role?$select=id,name', admin.token);
    const developer = roles.d.find((r) => r.name === 'developer')!.id;
    const deviceType = await odata<{ d: Array<{ id: number }> }>('GET', "device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
    for (const [name, applicationClass] of [
      ['sensor-block', 'block'],
      ['dashboard-app', 'app'],
    ] as const) {
      const application = await odata<{ id: number }>('POST', 'application', admin.token, {
        app_name: `${name}${randomBytes(2).toString('hex')}`,
        organization: orgId,
        is_for__device_type: deviceType.d[0]!.id,
        is_of__class: applicationClass,
      });
      await odata('POST', 'team_application_access', admin.token, { team: team.id, grants_access_to__application: application.id, application_membership_role: developer });
    }
    page = await signedInPage(admin);

    // Without the flag: members, fleets and blocks cards; the block is counted, the app is not shown.
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams/${team.id}`);
    await page.getByRole('region', { name: 'Blocks' }).getByText(/^sensor-block/).waitFor();
    await page.getByRole('region', { name: 'Fleets' }).getByText('None').waitFor();
    expect(await page.getByRole('region', { name: 'Apps' }).count()).toBe(0);
    expect(await page.getByText(fleet.app_name).count()).toBe(0);

    // The blocks section lists the team's blocks.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Blocks' }).click();
    await page.waitForURL(new RegExp(`/teams/${team.id}/blocks$`));
    await page.getByRole('table', { name: 'Blocks' }).getByRole('link', { name: /^sensor-block/ }).waitFor();

    // With the display-apps flag the summary has an Apps card.
    await page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.experimental.displayApps', 'true'));
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams/${team.id}`);
    await page.getByRole('region', { name: 'Apps' }).getByText(/^dashboard-app/).waitFor();
  });

  it('sends an unknown team back to the team list with an error', async () => {
    const admin = await register('teams-lost');
    const member = await register('teams-bystander');
    const { orgId } = await organizationWithFleet(admin, member);
    page = await signedInPage(admin);
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams/987654`);
    await page.waitForURL(new RegExp(`/orgs/${orgId}/teams$`));
    await page.getByText('Team not found').waitFor();
    await page.goto(`${e2e.stack.url}/orgs/${orgId}/teams/abc`);
    await page.waitForURL(new RegExp(`/orgs/${orgId}/teams$`));
    await page.getByText('invalid id passed in URL').waitFor();
  });
});
