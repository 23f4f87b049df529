// The members screens of accounts spec §2/§5/§6/§8 in a browser: invite by email with a role
// and a message (the email read from the outbox), validation, pending invites and revoke; change
// role one member at a time; the last-administrator rules; remove; tags; the member page with
// "Add team to member". Data is set up through the API; everything asserted is what a user sees,
// checked against the database where the screen claims a change.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { listLatestEmails } from '../../apps/api/src/email/outbox.repository.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { addMembership, createOrganization, createUser, emailedInvitationPath, rolesIn, signInAs, uniqueEmail } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page;

const membersTable = () => page.getByRole('table', { name: 'Organization members' });
const selectMember = (username: string) => page.getByRole('checkbox', { name: `Select ${username}` });
const toast = (text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();
/**
 * Adds a "Username contains <value>" rule through the list's filter dialog (its first column and
 * operator). The member list's "Add filter" is the first: the pending invites below have their own.
 */
async function filterUsernames(value: string): Promise<void> {
  await page.getByRole('button', { name: 'Add filter' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a filter' });
  await dialog.getByRole('textbox', { name: 'Value' }).fill(value);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dialog.waitFor({ state: 'detached' });
}
const LAST_ADMIN_TOOLTIP = 'An organization needs at least one administrator: this selection includes all of them';

describe('members', () => {
  it('invites by email with a role and a message, validates the email, lists and revokes the invite', async () => {
    const admin = await createUser(e2e.stack, 'inviter');
    const existing = await createUser(e2e.stack, 'existing');
    const org = await createOrganization(e2e.stack, admin);
    await addMembership(e2e.stack, existing, org.id, 'member');
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/members`);
    await membersTable().getByRole('link', { name: existing.username }).waitFor();
    await page.getByText('No pending invites').waitFor();

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    const submit = dialog.getByRole('button', { name: 'Send invitation' });
    // Required: nothing typed keeps submit disabled.
    expect(await submit.isDisabled()).toBe(true);
    const emailField = dialog.getByRole('textbox', { name: /^Email/ });
    await emailField.fill('not-an-email');
    await dialog.getByText('Please enter a valid email address').waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // Already a member: the server's invitee_already_exist lands on the field.
    await emailField.fill(`  ${existing.email} `);
    await submit.click();
    await dialog.getByText('This user is already a member of the organization').waitFor();
    expect(await submit.isDisabled()).toBe(true);

    // A new address, as administrator (price hint shown), with a multi-line message.
    const invitee = uniqueEmail('invitee');
    await emailField.fill(` ${invitee} `);
    await dialog.getByRole('combobox', { name: /Role/ }).click();
    await page.getByRole('option', { name: /Administrator — \$49 per month/ }).click();
    await dialog.getByText('$49 per month').first().waitFor();
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Welcome aboard!\nSee you on Monday.');
    await submit.click();
    await dialog.waitFor({ state: 'detached' });
    await toast(`Invitation sent to ${invitee}`).waitFor();

    const invites = page.getByRole('table', { name: 'Pending invites' });
    const row = invites.getByRole('row').filter({ hasText: invitee });
    await row.getByText('Administrator').waitFor();
    // The email went out through the outbox, with the message and the link.
    const [mail] = await listLatestEmails(e2e.stack.app.db, { to: invitee, limit: 1 });
    expect(mail?.text_body).toContain('Welcome aboard!\nSee you on Monday.');
    expect(mail?.text_body).toContain(`as administrator`);
    const link = await emailedInvitationPath(e2e.stack, invitee);

    // Inviting the same address again: invitee_already_invited on the field.
    await page.getByRole('button', { name: 'Invite member' }).click();
    await dialog.getByRole('textbox', { name: /^Email/ }).fill(invitee);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('This email has already been invited').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Revoke, with a confirmation; the emailed link stops working.
    await row.getByRole('button', { name: `Revoke the invite for ${invitee}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke invite' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await toast('Invite revoked').waitFor();
    await page.getByText('No pending invites').waitFor();
    const gone = await e2e.stack.api('GET', `/org/v1${link.replace('/organization', '')}`);
    expect(gone.status).toBe(400);
  });

  it('hides invite and membership actions from members who are not administrators', async () => {
    const admin = await createUser(e2e.stack, 'owner');
    const plain = await createUser(e2e.stack, 'plain');
    const org = await createOrganization(e2e.stack, admin);
    await addMembership(e2e.stack, plain, org.id, 'member');
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, plain, `/orgs/${org.id}/members`);
    await membersTable().getByRole('link', { name: admin.username }).waitFor();
    expect(await page.getByRole('button', { name: 'Invite member' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pending invites' }).count()).toBe(0);
    // Selecting someone else offers neither role change nor removal.
    await selectMember(admin.username).check();
    await page.getByTestId('selection-count').filter({ hasText: '1 selected' }).waitFor();
    await page.getByRole('toolbar', { name: 'Actions for the selected members' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
  });

  it('changes roles one at a time and keeps the last administrator', async () => {
    const admin = await createUser(e2e.stack, 'chief');
    const bob = await createUser(e2e.stack, 'bob');
    const carol = await createUser(e2e.stack, 'carol');
    const org = await createOrganization(e2e.stack, admin);
    await addMembership(e2e.stack, bob, org.id, 'member');
    await addMembership(e2e.stack, carol, org.id, 'member');
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/members`);
    await membersTable().getByRole('link', { name: carol.username }).waitFor();

    // Promote two members at once.
    await selectMember(bob.username).check();
    await selectMember(carol.username).check();
    await page.getByTestId('selection-count').filter({ hasText: '2 selected' }).waitFor();
    await page.getByRole('button', { name: 'Change role' }).click();
    let dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByRole('radio', { name: 'Administrator' }).check();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await toast('Roles changed for 2 members').waitFor();
    await expect.poll(() => rolesIn(e2e.stack, org.id)).toEqual({ [admin.username]: 'administrator', [bob.username]: 'administrator', [carol.username]: 'administrator' });
    const roleCell = (username: string, role: string) => membersTable().getByRole('row').filter({ hasText: username }).getByRole('cell', { name: role, exact: true }).first();
    await roleCell(carol.username, 'Administrator').waitFor();
    await roleCell(bob.username, 'Administrator').waitFor();

    // Selecting every administrator disables removal, and says why.
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const remove = page.getByRole('button', { name: 'Remove' });
    expect(await remove.isDisabled()).toBe(true);
    await remove.hover({ force: true });
    await page.getByRole('tooltip', { name: LAST_ADMIN_TOOLTIP }).waitFor();
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).uncheck();

    // Demote both again, then the lone administrator cannot leave …
    await selectMember(bob.username).check();
    await selectMember(carol.username).check();
    await page.getByRole('button', { name: 'Change role' }).click();
    dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByRole('radio', { name: 'Member' }).check();
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await toast('Roles changed for 2 members').waitFor();
    await expect.poll(() => rolesIn(e2e.stack, org.id)).toEqual({ [admin.username]: 'administrator', [bob.username]: 'member', [carol.username]: 'member' });
    await roleCell(bob.username, 'Member').waitFor();
    await roleCell(carol.username, 'Member').waitFor();
    await selectMember(admin.username).check();
    expect(await page.getByRole('button', { name: 'Remove' }).isDisabled()).toBe(true);

    // … nor be demoted: the dialog says why before anything is sent, and offers no submit.
    await page.getByRole('button', { name: 'Change role' }).click();
    dialog = page.getByRole('dialog', { name: 'Change role' });
    await dialog.getByRole('radio', { name: 'Member' }).check();
    await dialog.getByText('An organization needs at least one administrator: this selection includes all of them.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Change role' }).isDisabled()).toBe(true);
    // Back to Administrator, submitting is allowed again (a change to the same role).
    await dialog.getByRole('radio', { name: 'Administrator' }).check();
    expect(await dialog.getByRole('button', { name: 'Change role' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await rolesIn(e2e.stack, org.id))[admin.username]).toBe('administrator');
    // The server refuses it too: errors.cannot_delete_last_organization_admin.
    const ownRole = await e2e.stack.app.db.selectFrom('organization_membership').select('id').where('user', '=', admin.userId).where('is_member_of__organization', '=', org.id).executeTakeFirstOrThrow();
    const memberRoleId = await e2e.stack.app.db.selectFrom('organization_membership_role').select('id').where('name', '=', 'member').executeTakeFirstOrThrow();
    const demote = await e2e.stack.api('PATCH', `/v7/organization_membership(${ownRole.id})`, admin.token, { organization_membership_role: memberRoleId.id });
    expect(demote.status).toBe(409);
    // The API refuses the lone administrator's leaving too.
    const own = await e2e.stack.app.db.selectFrom('organization_membership').select('id').where('user', '=', admin.userId).where('is_member_of__organization', '=', org.id).executeTakeFirstOrThrow();
    const leave = await e2e.stack.api('DELETE', `/v7/organization_membership(${own.id})`, admin.token);
    expect(leave.status).toBe(409);
    expect(leave.text).toContain('errors.cannot_delete_last_organization_admin');
  });

  it('removes members after confirmation, filters and sorts by username, and edits member tags', async () => {
    const admin = await createUser(e2e.stack, 'lead');
    const dave = await createUser(e2e.stack, 'dave');
    const erin = await createUser(e2e.stack, 'erin');
    const org = await createOrganization(e2e.stack, admin);
    await addMembership(e2e.stack, dave, org.id, 'member');
    await addMembership(e2e.stack, erin, org.id, 'member');
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/members`);
    await membersTable().getByRole('link', { name: erin.username }).waitFor();

    // Filter by part of a username, case-insensitively.
    await filterUsernames(dave.username.slice(0, 6).toUpperCase());
    await membersTable().getByRole('link', { name: erin.username }).waitFor({ state: 'detached' });
    await membersTable().getByRole('link', { name: dave.username }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await filterUsernames('no-such-user-here');
    await page.getByText('No members match this filter').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await membersTable().getByRole('link', { name: erin.username }).waitFor();

    // Sort by username, both directions.
    const usernames = [admin.username, dave.username, erin.username].sort();
    const shown = async () => (await membersTable().getByRole('link').allTextContents()).filter((name) => usernames.includes(name));
    await expect.poll(shown).toEqual(usernames);
    await page.getByRole('button', { name: 'Username' }).click();
    await expect.poll(shown).toEqual([...usernames].reverse());

    // Tags: add one, see it in the table, change its value.
    await page.getByRole('button', { name: `Tags of ${dave.username}` }).click();
    const tags = page.getByRole('dialog', { name: `Tags of ${dave.username}` });
    await tags.getByText('No tags yet').waitFor();
    await tags.getByRole('textbox', { name: /^Tag key/ }).fill('site');
    await tags.getByRole('textbox', { name: 'Value' }).fill('berlin');
    await tags.getByRole('button', { name: 'Add tag' }).click();
    await tags.getByRole('textbox', { name: 'Value of site' }).fill('paris');
    await tags.getByRole('button', { name: 'Save site' }).click();
    await expect.poll(async () => (await tags.getByRole('button', { name: 'Save site' }).isDisabled())).toBe(true);
    await tags.getByRole('button', { name: 'Close' }).click();
    await membersTable().getByText('site: paris').waitFor();

    // Remove one member, confirmed.
    await selectMember(erin.username).check();
    await page.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove member' });
    await confirm.getByText(erin.username).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await toast('Member successfully deleted').waitFor();
    await membersTable().getByRole('link', { name: erin.username }).waitFor({ state: 'detached' });
    expect(Object.keys(await rolesIn(e2e.stack, org.id)).sort()).toEqual([admin.username, dave.username].sort());
  });

  it('shows a member page with teams, adds a team to the member and removes it again', async () => {
    const admin = await createUser(e2e.stack, 'boss');
    const frank = await createUser(e2e.stack, 'frank');
    const org = await createOrganization(e2e.stack, admin);
    const membershipId = await addMembership(e2e.stack, frank, org.id, 'member');
    for (const name of ['Alpha team', 'Beta team']) {
      const res = await e2e.stack.api('POST', '/v7/team', admin.token, { name, belongs_to__organization: org.id });
      expect(res.status, res.text).toBe(201);
    }
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/members`);
    await membersTable().getByRole('link', { name: frank.username }).click();
    await page.waitForURL(new RegExp(`/orgs/${org.id}/members/${membershipId}$`));
    await page.getByRole('heading', { name: frank.username, level: 1 }).waitFor();
    await page.getByText('Not in any team').waitFor();

    await page.getByRole('button', { name: 'Add team to member' }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${frank.username} to teams` });
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Beta team' }).check();
    await add.click();
    await toast('Member added successfully').waitFor();
    const teamLink = page.getByRole('list', { name: 'Teams' }).getByRole('link', { name: 'Beta team' });
    await teamLink.waitFor();
    expect(await teamLink.getAttribute('href')).toMatch(new RegExp(`/orgs/${org.id}/teams/\\d+$`));

    // The dialog offers only teams the member is not in.
    await page.getByRole('button', { name: 'Add team to member' }).click();
    await dialog.getByRole('checkbox', { name: 'Alpha team' }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Beta team' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The teams section removes the member from a team, after confirmation.
    await page.getByRole('link', { name: 'Manage teams' }).click();
    await page.waitForURL(new RegExp(`/orgs/${org.id}/members/${membershipId}/teams$`));
    await page.getByRole('button', { name: 'Remove from Beta team' }).click();
    await page.getByRole('dialog', { name: 'Remove from team' }).getByRole('button', { name: 'Remove' }).click();
    await toast('Member removed successfully').waitFor();
    await page.getByText('Not in any team').waitFor();

    // The fleets section lists what the member reaches (nothing yet).
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/members/${membershipId}/fleets`);
    await page.getByRole('heading', { name: frank.username, level: 1 }).waitFor();

    // An id that is not a member of this organization goes back to the list with an error.
    await page.goto(`${e2e.stack.url}/orgs/${org.id}/members/999999`);
    await page.getByText('Member not found').waitFor();
    await page.waitForURL(new RegExp(`/orgs/${org.id}/members$`));
  });
});
