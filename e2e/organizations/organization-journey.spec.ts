// Issue 4's journey, walked as two people would (accounts spec §2–§8, fleets spec §6): an
// administrator creates an organization with a logo and invites a colleague by email; the
// colleague signs up through the emailed link and lands in the organization; the administrator
// makes a team, adds the colleague and grants the team developer access to a fleet; the colleague
// sees and changes the fleet, and loses it when taken off the team; the last administrator
// cannot leave.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { PASSWORD, createUser, emailedInvitationPath, rolesIn, signInAs, uniqueEmail } from '../support/organizations.ts';

const e2e = useBrowserStack();

/** A real 1×1 PNG. */
const LOGO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==', 'base64');

/** Each person in their own browser context, so both can be signed in at once. */
async function newPersonPage(): Promise<Page> {
  return e2e.newPage();
}

const toast = (p: Page, text: string) => p.locator('#notistack-snackbar').filter({ hasText: text }).first();

describe('organization journey', () => {
  it('creates an organization, invites a colleague who signs up by the link, shares a fleet through a team and takes it back', async () => {
    const admin = await createUser(e2e.stack, 'journey-admin');
    const adminPage = await newPersonPage();
    e2e.page = adminPage;
    await signInAs(adminPage, e2e.stack, admin, '/orgs');

    // 1. Create the organization with a logo.
    const orgName = `Orchard Co ${randomBytes(3).toString('hex')}`;
    await adminPage.getByRole('button', { name: 'Create organization' }).click();
    let dialog = adminPage.getByRole('dialog', { name: 'Create organization' });
    await dialog.getByLabel('Organization name').fill(orgName);
    await dialog.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await dialog.getByRole('img', { name: 'New logo preview' }).waitFor();
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await toast(adminPage, `Organization ${orgName} created`).waitFor();
    const orgRow = adminPage.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: orgName });
    await orgRow.getByRole('img', { name: `${orgName} logo` }).waitFor();
    await orgRow.getByRole('link', { name: orgName }).click();
    await adminPage.waitForURL(/\/orgs\/\d+$/);
    const orgId = Number(new URL(adminPage.url()).pathname.split('/')[2]);
    const sidebar = adminPage.getByRole('navigation', { name: 'Main navigation' });

    // 2. Invite a colleague by email.
    const colleagueEmail = uniqueEmail('journey-colleague');
    await sidebar.getByRole('link', { name: 'Members' }).click();
    await adminPage.getByRole('button', { name: 'Invite member' }).click();
    dialog = adminPage.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(colleagueEmail);
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Welcome aboard!\nThe orchard fleet is yours.');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByText(colleagueEmail).first().waitFor();

    // 3. The colleague opens the emailed link, signs up and lands in the organization.
    const link = await emailedInvitationPath(e2e.stack, colleagueEmail);
    const colleaguePage = await newPersonPage();
    e2e.page = colleaguePage;
    await colleaguePage.goto(`${e2e.stack.url}${link}`);
    await colleaguePage.getByRole('heading', { name: `You have been invited to join ${orgName}` }).waitFor();
    await colleaguePage.getByRole('link', { name: 'Sign up' }).click();
    await expect.poll(() => colleaguePage.getByLabel('Email').inputValue()).toBe(colleagueEmail);
    await colleaguePage.getByLabel('Password').fill(PASSWORD);
    await colleaguePage.getByRole('button', { name: 'Create account' }).click();
    await colleaguePage.waitForURL(/\/signup\/profile$/);
    await colleaguePage.getByRole('button', { name: 'Skip' }).click();
    await colleaguePage.waitForURL(/\/orgs$/);
    await colleaguePage.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: orgName }).filter({ hasText: 'Member' }).waitFor();
    const colleague = await e2e.stack.app.db.selectFrom('user').select(['id', 'username']).where('email', '=', colleagueEmail).executeTakeFirstOrThrow();
    const colleagueName = colleague.username as string;
    expect((await rolesIn(e2e.stack, orgId))[colleagueName]).toBe('member');

    // A fleet in the organization (the fleet screens are another issue's journey).
    const deviceType = (await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token)).json<{ d: Array<{ id: number }> }>();
    const fleetName = `orchard${randomBytes(3).toString('hex')}`;
    const fleetRes = await e2e.stack.api('POST', '/v7/application', admin.token, {
      app_name: fleetName,
      organization: orgId,
      is_for__device_type: deviceType.d[0]!.id,
      is_of__class: 'fleet',
    });
    expect(fleetRes.status, fleetRes.text).toBe(201);
    const fleetId = fleetRes.json<{ id: number }>().id;

    // Without a team the colleague, a plain member, does not see the fleet.
    await colleaguePage.goto(`${e2e.stack.url}/fleets`);
    await colleaguePage.getByText('No fleets yet').waitFor();

    // 4. The administrator creates a team, adds the colleague and grants developer access.
    e2e.page = adminPage;
    await sidebar.getByRole('link', { name: 'Teams' }).click();
    await adminPage.getByRole('button', { name: 'Create team' }).first().click();
    dialog = adminPage.getByRole('dialog', { name: 'Create team' });
    await dialog.getByLabel('Team name').fill('Pickers');
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await toast(adminPage, 'Team Pickers added successfully').waitFor();
    await adminPage.getByRole('table', { name: 'Teams' }).getByRole('link', { name: 'Pickers' }).click();
    await adminPage.waitForURL(/\/teams\/\d+$/);
    await sidebar.getByRole('link', { name: 'Members' }).click();
    await adminPage.getByRole('button', { name: 'Add members' }).click();
    dialog = adminPage.getByRole('dialog', { name: 'Add members to team' });
    await dialog.getByLabel(colleagueName).check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(adminPage, 'Member added successfully').waitFor();
    await sidebar.getByRole('link', { name: 'Fleets' }).click();
    await adminPage.getByRole('button', { name: 'Add fleet access' }).click();
    dialog = adminPage.getByRole('dialog', { name: 'Add fleet access' });
    await dialog.getByRole('combobox', { name: 'Fleet' }).click();
    await adminPage.getByRole('option', { name: fleetName }).click();
    expect(await dialog.getByRole('combobox', { name: 'Role' }).textContent()).toContain('Developer');
    await dialog.getByRole('button', { name: 'Add access' }).click();
    await toast(adminPage, `Access to ${fleetName} granted`).waitFor();

    // 5. The colleague now sees the fleet and, as a developer, can change it.
    e2e.page = colleaguePage;
    await colleaguePage.reload();
    await colleaguePage.getByRole('link', { name: fleetName }).waitFor();
    const colleagueToken = await colleaguePage.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('flotilla.token'));
    const renamed = `${fleetName}x`;
    const patch = await e2e.stack.api('PATCH', `/v7/application(${fleetId})`, colleagueToken ?? undefined, { app_name: renamed });
    expect(patch.status, patch.text).toBe(200);
    await colleaguePage.reload();
    await colleaguePage.getByRole('link', { name: renamed }).waitFor();

    // 6. Taken off the team, the colleague loses the fleet at once.
    e2e.page = adminPage;
    await sidebar.getByRole('link', { name: 'Members' }).click();
    await adminPage.getByRole('button', { name: `Remove ${colleagueName}` }).click();
    await adminPage.getByRole('dialog', { name: 'Remove member?' }).getByRole('button', { name: 'Remove' }).click();
    await toast(adminPage, 'Team membership deleted successfully').waitFor();
    e2e.page = colleaguePage;
    await colleaguePage.reload();
    await colleaguePage.getByText('No fleets yet').waitFor();
    const denied = await e2e.stack.api('PATCH', `/v7/application(${fleetId})`, colleagueToken ?? undefined, { app_name: fleetName });
    expect(denied.status).toBe(404);

    // 7. The last administrator cannot leave: removing themselves is disabled, and the API refuses too.
    e2e.page = adminPage;
    await adminPage.goto(`${e2e.stack.url}/orgs/${orgId}/members`);
    await adminPage.getByRole('checkbox', { name: `Select ${admin.username}` }).check();
    expect(await adminPage.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);
    const own = (await e2e.stack.api('GET', `/v7/organization_membership?$select=id&$filter=user eq ${admin.userId} and is_member_of__organization eq ${orgId}`, admin.token)).json<{ d: Array<{ id: number }> }>();
    const leave = await e2e.stack.api('DELETE', `/v7/organization_membership(${own.d[0]!.id})`, admin.token);
    expect(leave.status).toBe(409);
    expect(leave.text).toContain('errors.cannot_delete_last_organization_admin');
    expect((await rolesIn(e2e.stack, orgId))[admin.username]).toBe('administrator');
  });
});
