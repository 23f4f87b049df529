// Organization invitations end to end (accounts spec §2 /organization/invitation/{token}, §5,
// §6, §8): an existing user accepts through the emailed link after signing in; a new user signs
// up through the link and lands in the organization; a malformed token shows 'invitation token
// error' and redirects; a link opened by another account says so.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { PASSWORD, createOrganization, createUser, emailedInvitationPath, inviteByApi, rolesIn, signInAs, uniqueEmail } from '../support/organizations.ts';

const e2e = useBrowserStack();
let page: Page;

const toast = (text: string | RegExp) => page.locator('#notistack-snackbar').filter({ hasText: text }).first();
const SHARING_NOTICE = 'By accepting, your username, name, email and two-factor authentication status are shared with the administrators of this organization.';

describe('organization invitations', () => {
  it('an existing user opens the emailed link, signs in, sees what accepting shares and joins', async () => {
    const admin = await createUser(e2e.stack, 'host');
    const guest = await createUser(e2e.stack, 'guest');
    const org = await createOrganization(e2e.stack, admin, 'Acme');
    await inviteByApi(e2e.stack, admin, org.id, guest.email, 'administrator');
    const link = await emailedInvitationPath(e2e.stack, guest.email);

    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}${link}`);
    await page.getByRole('heading', { name: `You have been invited to join ${org.name}` }).waitFor();
    await page.getByText(`Invited by ${admin.username}`).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(guest.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Back on the invitation, now signed in: organization, role, inviter and the sharing notice.
    await page.waitForURL(new RegExp(`${link}$`));
    await page.getByRole('heading', { name: `Join ${org.name}` }).waitFor();
    await page.getByText('Administrator', { exact: true }).waitFor();
    await page.getByText(admin.username, { exact: true }).waitFor();
    await page.getByText(SHARING_NOTICE).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(/\/orgs$/);
    await toast(`You joined ${org.name}`).waitFor();
    await page.getByText(org.name).first().waitFor();
    expect((await rolesIn(e2e.stack, org.id))[guest.username]).toBe('administrator');

    // The link is used up.
    await page.goto(`${e2e.stack.url}${link}`);
    await page.getByText('This invitation is invalid or has expired').waitFor();
  });

  it('a new user signs up through the emailed link and lands in the organization', async () => {
    const admin = await createUser(e2e.stack, 'founder');
    const org = await createOrganization(e2e.stack, admin, 'Globex');
    const email = uniqueEmail('newcomer');
    await inviteByApi(e2e.stack, admin, org.id, email);
    const link = await emailedInvitationPath(e2e.stack, email);

    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}${link}`);
    await page.getByRole('heading', { name: `You have been invited to join ${org.name}` }).waitFor();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/signup\?/);
    // The invited address is prefilled.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/signup\/profile$/);
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(/\/orgs$/);
    await page.getByText(org.name).first().waitFor();

    const user = await e2e.stack.app.db.selectFrom('user').select('username').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await rolesIn(e2e.stack, org.id))[user.username as string]).toBe('member');
  });

  it("a token that does not decode shows 'invitation token error' and redirects", async () => {
    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/organization/invitation/not-a-token`);
    await toast('invitation token error').waitFor();
    await page.waitForURL(/\/login$/);

    const user = await createUser(e2e.stack, 'wanderer');
    await signInAs(page, e2e.stack, user, '/organization/invitation/bm90LWpzb24.c2VjcmV0');
    await toast('invitation token error').waitFor();
    await page.waitForURL(/\/orgs$/);
  });

  it('another account opening the link is told at once the invitation was sent to a different email, and offered no Accept', async () => {
    const admin = await createUser(e2e.stack, 'sender');
    const other = await createUser(e2e.stack, 'other');
    const org = await createOrganization(e2e.stack, admin, 'Initech');
    const invitee = uniqueEmail('intended');
    await inviteByApi(e2e.stack, admin, org.id, invitee);
    const link = await emailedInvitationPath(e2e.stack, invitee);

    page = await e2e.newPage();
    await signInAs(page, e2e.stack, other, link);
    await page.getByRole('heading', { name: `Join ${org.name}` }).waitFor();
    // Said before any click: the invite names its address, and it is not this account's.
    await page.getByText(`This invitation was sent to ${invitee}. Sign in with that email address to accept it.`).waitFor();
    expect(await page.getByRole('button', { name: 'Accept invitation' }).count()).toBe(0);
    expect((await rolesIn(e2e.stack, org.id))[other.username]).toBeUndefined();
    // Switching accounts comes back to the invitation after signing in.
    await page.getByRole('button', { name: 'Sign in with another account' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain(link);
  });
});
