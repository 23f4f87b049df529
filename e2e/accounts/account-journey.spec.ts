// One person's account, start to end, in a browser (issue 3 quality bar; accounts spec §2, §4,
// §5, §7, §8): sign up → verify by the emailed link → profile → enable two-factor (the test is
// the authenticator app) → sign out → sign in with a code → sign in with a recovery code →
// create and revoke an API key → add an SSH key → change password → sign out, reset the
// forgotten password (two-factor on, so the reset asks for a code) → sign in with the new
// password → delete the account, after which signing in fails. Emails are read from the outbox,
// as the user would read their inbox; the server requires email verification as with SMTP.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { Authenticator, emailedPath, newSshKey, requestPasswordReset, sessionClaims, sessionToken, signOutFromMenu, submitSignIn } from '../support/accounts.ts';

const e2e = useBrowserStack({ requireEmailVerification: true });
let page: Page;

describe('account journey', () => {
  it('walks an account from sign-up to deletion', { timeout: 240_000 }, async () => {
    page = await e2e.newPage();
    const email = `journey-${randomBytes(4).toString('hex')}@example.com`;
    let password = 'my first password';

    // Sign up; verification is required, so the guard holds the new user on the pending page.
    await page.goto(`${e2e.stack.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/user\/verify-email\/pending$/);
    await page.getByText(`We sent a link to ${email}`).waitFor();

    // Verify by the emailed link; it leads on to the profile step.
    await page.goto(`${e2e.stack.url}${await emailedPath(e2e.stack, email, 'verify-email')}`);
    await page.waitForURL(/\/signup\/profile$/);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Company').fill('Compilers Inc');
    await page.getByLabel('Professional').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/fleets$/);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();

    // Enable two-factor in preferences: setup key, a pairing code, ten recovery codes.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await page.getByRole('tab', { name: 'Two-factor authentication' }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Disabled');
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code of the setup key' }).waitFor();
    const app = new Authenticator(await page.getByTestId('setup-key').inputValue());
    await page.getByLabel('Pairing code').fill(await app.next());
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codesList = page.getByTestId('recovery-codes');
    await codesList.locator('li').first().waitFor();
    const recoveryCodes = (await codesList.locator('li').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Enabled');

    // Sign out, sign in: the password alone leaves the session on the two-factor step.
    await signOutFromMenu(page);
    await submitSignIn(page, e2e.stack.url, email, password);
    await page.waitForURL(/\/login\/two-factor/);
    expect(await sessionClaims(page)).toMatchObject({ twoFactorRequired: true });
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.waitForURL(/\/fleets$/);
    expect(await sessionClaims(page)).toMatchObject({ twoFactorRequired: false });

    // Sign out, sign in with a recovery code instead.
    await signOutFromMenu(page);
    await submitSignIn(page, e2e.stack.url, email, password);
    await page.waitForURL(/\/login\/two-factor/);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/fleets$/);
    expect(await sessionClaims(page)).toMatchObject({ twoFactorRequired: false });

    // Create an API key: shown once, it works as a credential; revoked, it stops working.
    await page.goto(`${e2e.stack.url}/preferences/access-tokens`);
    await page.getByRole('button', { name: 'Create access token' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create access token' });
    await createDialog.getByLabel('Name').fill('laptop cli');
    await createDialog.getByRole('button', { name: 'Create token' }).click();
    const apiKey = await page.getByRole('dialog', { name: 'Your new access token' }).getByLabel('Access token').inputValue();
    expect((await e2e.stack.api('GET', '/actor/v1/whoami', apiKey)).status).toBe(200);
    await page.getByRole('dialog', { name: 'Your new access token' }).getByRole('button', { name: 'Done' }).click();
    const tokenRow = page.getByRole('row').filter({ hasText: 'laptop cli' });
    await tokenRow.getByRole('button', { name: 'Revoke laptop cli' }).click();
    await page.getByRole('dialog', { name: 'Revoke access token?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have no access tokens yet.').waitFor();
    expect((await e2e.stack.api('GET', '/actor/v1/whoami', apiKey)).status).toBe(401);

    // Add an SSH key; the list shows its fingerprint.
    const sshKey = newSshKey('grace@laptop');
    await page.getByRole('tab', { name: 'SSH keys' }).click();
    await page.getByRole('button', { name: 'Add SSH key' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add SSH key' });
    await addDialog.getByLabel('Title').fill('work laptop');
    await addDialog.getByLabel('Public key').fill(sshKey.publicKey);
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row').filter({ hasText: 'work laptop' }).getByText(sshKey.fingerprint).waitFor();

    // Change the password on the details tab.
    await page.getByRole('tab', { name: 'Account details' }).click();
    const passwordForm = page.getByRole('form', { name: 'Password' });
    await passwordForm.getByLabel(/^Current password/).fill(password);
    password = 'my second password';
    await passwordForm.getByLabel(/^New password/).fill(password);
    await passwordForm.getByLabel(/^Confirm new password/).fill(password);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').first().waitFor();

    // Sign out and forget it: the reset link, then the second factor the account requires.
    await signOutFromMenu(page);
    await requestPasswordReset(page, email);
    await page.goto(`${e2e.stack.url}${await emailedPath(e2e.stack, email, 'password-reset')}`);
    const forgotten = password;
    password = 'my third password';
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel(/^Confirm new password/).fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your account uses two-factor authentication.', { exact: false }).waitFor();
    const codeField = page.getByLabel(/^Two-factor code/);
    await codeField.fill(app.wrong());
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Invalid two factor authentication code').waitFor();
    expect(page.url()).toMatch(/\/user\/reset-password\//);
    await codeField.fill(await app.next());
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/password-reset\/success$/);

    // The old password no longer works; the new one does, with the second factor.
    await submitSignIn(page, e2e.stack.url, email, forgotten);
    await page.getByText('Invalid login credentials').first().waitFor();
    await submitSignIn(page, e2e.stack.url, email, password);
    await page.waitForURL(/\/login\/two-factor/);
    await page.getByLabel('Authentication code').fill(await app.next());
    await page.waitForURL(/\/fleets$/);

    // Delete the account: password, the steps, the success message, then signed out.
    await page.goto(`${e2e.stack.url}/preferences/details`);
    const previewLoaded = page.waitForResponse((r) => r.url().endsWith('/user/v1/account/deletion') && r.ok());
    await page.getByRole('button', { name: 'Delete account' }).click();
    await previewLoaded;
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    // At most one organization (the personal one) is the user's alone: no separate step for it.
    await dialog.getByTestId('delete-step-deleteAccount').waitFor();
    expect(await dialog.getByTestId('delete-step-deleteOrganizations').count()).toBe(0);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your account has been deleted. You will be signed out.').waitFor();
    await page.waitForURL(/\/login/);
    expect(await sessionToken(page)).toBe('');

    // Nothing is left to sign in to.
    await submitSignIn(page, e2e.stack.url, email, password);
    await page.getByText('Invalid login credentials').first().waitFor();
    expect(await e2e.stack.app.db.selectFrom('user').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });
});
