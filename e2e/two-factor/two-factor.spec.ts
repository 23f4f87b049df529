// Two-factor authentication as a person walks it (accounts spec §2, §4): sign up, enable 2FA in
// preferences (the test computes TOTP codes like an authenticator app), sign out, sign in with
// a code, sign in again with a recovery code, and see that code refused the second time.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { issueSessionToken, type SessionClaims } from '../../apps/api/src/auth/tokens.ts';
import { totpCode } from '../../apps/api/src/two-factor/totp.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const e2e = useBrowserStack();
let page: Page;
const password = 'a long enough password';
const email = `twofa-${randomBytes(4).toString('hex')}@example.com`;

const claims = async () => {
  const token = String(await page.evaluate("localStorage.getItem('flotilla.token') ?? ''"));
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
};

async function signOut(): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
}

async function signInWithPassword(): Promise<void> {
  await page.goto(`${e2e.stack.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/login\/two-factor/);
}

describe('two-factor authentication', () => {
  it('enables 2FA, signs in with a code, then with a recovery code that works only once', async () => {
    page = await e2e.newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${e2e.stack.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/signup') || u.pathname === '/signup/profile');

    // Enable in the preferences tab: just signed up, so no identity prompt; scan → pair → codes.
    await page.goto(`${e2e.stack.url}/preferences/2fa`);
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Disabled');
    await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code of the setup key' }).waitFor();
    const setupKey = await page.getByTestId('setup-key').inputValue();
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Pairing code').fill('000000' === totpCode(setupKey) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Invalid two factor authentication code').waitFor();
    await page.getByLabel('Pairing code').fill(totpCode(setupKey));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const codesList = page.getByTestId('recovery-codes');
    await codesList.locator('li').first().waitFor();
    const recoveryCodes = (await codesList.locator('li').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Download' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Enabled');
    expect(await claims()).toMatchObject({ twoFactorRequired: false });

    // Sign out, sign in: the guard holds the pending session on the two-factor step.
    await signOut();
    await signInWithPassword();
    expect(await claims()).toMatchObject({ twoFactorRequired: true });
    await page.goto(`${e2e.stack.url}/fleets`);
    await page.waitForURL(/\/login\/two-factor/);
    // The token field submits itself at 6 digits (the next time step: codes are never replayed).
    await page.getByLabel('Authentication code').fill(totpCode(setupKey, Date.now() + 30_000));
    await page.waitForURL(/\/fleets$/);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();
    expect(await claims()).toMatchObject({ twoFactorRequired: false });

    // Again with a recovery code.
    await signOut();
    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    expect(await claims()).toMatchObject({ twoFactorRequired: false });

    // The same recovery code is refused the second time; the session stays pending.
    await signOut();
    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid recovery code').waitFor();
    expect(page.url()).toMatch(/\/login\/two-factor/);
    expect(await claims()).toMatchObject({ twoFactorRequired: true });
  });

  it('asks for the password again when the sign-in is old, regenerates codes and disables 2FA', async () => {
    // A user with 2FA enabled through the API, as balena-sdk would do it.
    const other = `twofa-b-${randomBytes(4).toString('hex')}@example.com`;
    const token = (await e2e.stack.api('POST', '/user/register', undefined, { email: other, password, 'g-recaptcha-response': 'dummy' })).text;
    const setupKey = (await e2e.stack.api('GET', '/auth/totp/setup', token)).text;
    const passed = (await e2e.stack.api('POST', '/auth/totp/verify', token, { code: totpCode(setupKey) })).text;
    const oldCodes = (await e2e.stack.api('POST', '/auth/v1/2fa-recover/create', passed)).json<string[]>();

    // The browser holds a passed session whose password proof is 30 minutes old.
    const claimsOfPassed = JSON.parse(Buffer.from(passed.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const stale = await issueSessionToken(
      { ...(claimsOfPassed as unknown as SessionClaims), authTime: Date.now() - 30 * 60_000 },
      { secret: e2e.stack.app.config.jwtSecret, ttlSeconds: 3600 },
    );
    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await page.evaluate(`localStorage.setItem('flotilla.token', ${JSON.stringify(stale)})`);
    await page.goto(`${e2e.stack.url}/preferences/2fa`);
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Enabled');

    await page.getByRole('button', { name: 'Regenerate recovery codes' }).click();
    await page.getByText('Your current recovery codes will stop working.').waitFor();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Confirm your identity' }).waitFor();
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Invalid login credentials').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const codesList = page.getByTestId('recovery-codes');
    await codesList.locator('li').first().waitFor();
    const fresh = (await codesList.locator('li').allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(oldCodes[0]);
    // The old codes are gone: Escape or a tap beside the dialog must not throw the new ones away.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await codesList.locator('li').count()).toBe(10);
    await page.getByRole('button', { name: 'Done' }).click();
    // Old codes no longer work; a new one does.
    const pending = (await e2e.stack.api('POST', '/login_', undefined, { username: other, password })).text;
    expect((await e2e.stack.api('POST', '/auth/v1/2fa-recover/verify', pending, { code: oldCodes[0] })).status).toBe(401);
    expect((await e2e.stack.api('POST', '/auth/v1/2fa-recover/verify', pending, { code: fresh[0] })).status).toBe(200);

    await page.getByRole('button', { name: 'Disable two-factor authentication' }).click();
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('dialog').getByRole('button', { name: 'Disable two-factor authentication' }).click();
    await page.getByText('Invalid login credentials').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('dialog').getByRole('button', { name: 'Disable two-factor authentication' }).click();
    await expect.poll(() => page.getByTestId('two-factor-status').textContent()).toBe('Disabled');
    expect(await claims()).not.toHaveProperty('twoFactorRequired');
    const plain = (await e2e.stack.api('POST', '/login_', undefined, { username: other, password })).text;
    expect(JSON.parse(Buffer.from(plain.split('.')[1] ?? '', 'base64url').toString())).not.toHaveProperty('twoFactorRequired');
  });
});
