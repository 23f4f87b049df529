// Email flows of accounts spec §2/§4/§5 in a browser: verification by the emailed link, forgotten
// password reset, change password in preferences. Emails are read from the outbox table, as a
// user would read their inbox (no mail server: the same path `npm run outbox` prints).
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { requestPasswordReset } from '../support/accounts.ts';
import { listLatestEmails } from '../../apps/api/src/email/outbox.repository.ts';

// Verification required, as with SMTP configured; mail stays in the outbox table.
const e2e = useBrowserStack({ requireEmailVerification: true });
let page: Page;

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** The path and query of the newest emailed link to `to` (links carry the configured public URL). */
async function emailedPath(to: string, kind: string): Promise<string> {
  const [mail] = await listLatestEmails(e2e.stack.app.db, { to, limit: 1 });
  expect(mail?.kind).toBe(kind);
  const link = new URL(/https?:\/\/\S+/.exec(mail?.text_body ?? '')?.[0] ?? '');
  return `${link.pathname}${link.search}`;
}

async function signUpInBrowser(p: Page, email: string, password: string): Promise<void> {
  await p.goto(`${e2e.stack.url}/signup`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: /sign up|create account/i }).click();
}

async function signIn(p: Page, email: string, password: string): Promise<void> {
  await p.goto(`${e2e.stack.url}/login`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('email flows', () => {
  it('signs up, is held on the pending page, resends, and verifies by the emailed link', async () => {
    page = await e2e.newPage();
    const email = uniqueEmail('verify');
    await signUpInBrowser(page, email, 'a long enough password');
    await page.waitForURL(/\/user\/verify-email\/pending$/);
    await page.getByText(`We sent a link to ${email}`).waitFor();
    // The guard keeps an unverified user out of the dashboard.
    await page.goto(`${e2e.stack.url}/fleets`);
    await page.waitForURL(/\/user\/verify-email\/pending$/);

    const firstLink = await emailedPath(email, 'verify-email');
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('A new verification email is on its way.').waitFor();
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);
    const secondLink = await emailedPath(email, 'verify-email');
    expect(secondLink).not.toBe(firstLink);

    // The replaced link is refused with the spec's message and leads back to pending.
    await page.goto(`${e2e.stack.url}${firstLink}`);
    await page.getByText('Invalid verification link').first().waitFor();
    await page.waitForURL(/\/user\/verify-email\/pending$/);

    await page.goto(`${e2e.stack.url}${secondLink}`);
    await page.waitForURL(/\/signup\/profile$/);
    await page.goto(`${e2e.stack.url}/fleets`);
    await page.waitForURL(/\/fleets$/);
  });

  it('resets a forgotten password by the emailed link and signs in with the new one', async () => {
    const email = uniqueEmail('reset');
    const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'the old password', 'g-recaptcha-response': 'dummy' });
    expect(reg.status).toBe(201);
    page = await e2e.newPage();
    // From the sign-in page, as a user who forgot would.
    await page.goto(`${e2e.stack.url}/login`);
    await requestPasswordReset(page, email);

    await page.goto(`${e2e.stack.url}${await emailedPath(email, 'password-reset')}`);
    await page.getByLabel(/^New password/).fill('the new password');
    await page.getByLabel(/^Confirm new password/).fill('something else');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('passwords not match').waitFor();
    await page.getByLabel(/^Confirm new password/).fill('the new password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/password-reset\/success$/);
    await page.getByText('Your password has been changed').waitFor();

    await signIn(page, email, 'the old password');
    await page.getByText('Invalid login credentials').first().waitFor();
    await signIn(page, email, 'the new password');
    // Verification was required; the reset link proved the address, so the dashboard opens.
    await page.waitForURL(/\/fleets$/);
  });

  it('changes the password, then the email, on the preferences details tab', async () => {
    const email = uniqueEmail('change');
    const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'the first password', 'g-recaptcha-response': 'dummy' });
    expect(reg.status).toBe(201);
    await e2e.stack.app.db.updateTable('user').set({ is_verified: true }).where('email', '=', email).execute();
    page = await e2e.newPage();
    await signIn(page, email, 'the first password');
    await page.waitForURL(/\/fleets$/);
    await page.goto(`${e2e.stack.url}/preferences/details`);
    const form = page.getByRole('form', { name: 'Password' });
    await form.getByLabel(/^Current password/).fill('the first password');
    await form.getByLabel(/^New password/).fill('the second password');
    await form.getByLabel(/^Confirm new password/).fill('not the same');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText("Passwords don't match").waitFor();
    await form.getByLabel(/^Confirm new password/).fill('the second password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').first().waitFor();

    const login = await e2e.stack.api('POST', '/login_', undefined, { username: email, password: 'the second password' });
    expect(login.status).toBe(200);

    // Email change with verification required: nothing changes until the new address confirms.
    const newEmail = uniqueEmail('moved');
    const emailForm = page.getByRole('form', { name: 'Email address' });
    await emailForm.getByLabel(/^New email/).fill(newEmail);
    await emailForm.getByLabel(/^Password/).fill('the second password');
    await emailForm.getByRole('button', { name: 'Change email' }).click();
    await page.getByText(`Check ${newEmail} for a link to confirm your new email address.`).waitFor();
    await page.goto(`${e2e.stack.url}${await emailedPath(newEmail, 'change-email')}`);
    await page.waitForURL(/\/signup\/profile$/);
    await page.goto(`${e2e.stack.url}/preferences/details`);
    await page.getByText(`Current email: ${newEmail}`).waitFor();
  });
});
