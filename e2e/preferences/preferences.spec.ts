// Preferences as a new user walks them: sign up, fill in the profile step, then manage SSH keys
// (add, see the fingerprint, the same key twice refused in plain words, delete, import from a code host) and access tokens (create, use,
// revoke) — accounts spec §2, §4, §5, §8.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../../apps/api/src/test/harness.ts';
import { sessionClaimsOf } from '../../apps/api/src/auth/test-helpers.ts';
import { issueSessionToken } from '../../apps/api/src/auth/tokens.ts';
import { launchBrowser, screenshotOnFailure } from '../support/browser.ts';
import { WEB_DIST } from '../support/stack.ts';
import { startCodeHostStandIn, type CodeHostStandIn } from './code-host-stand-in.ts';

// Generated with ssh-keygen; the fingerprint is what `ssh-keygen -lf` prints for KEY_1.
const KEY_1 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFQxEAFs/zlpPHLCXwThKhuWicrNL0XGz1NzF9UCxkFI a@b';
const KEY_1_FINGERPRINT = 'SHA256:qdO7/p2EogGg+kWZaknQU6x52q+qszP5wzuVc/tCoso';
const KEY_2 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF+Sr4Pq7jNIzCtKpTkYvf519U+YybcvyTyW1vsBv1CV c@d';
const KEY_3 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIEPPcY86Fsr7wi03auF2rvCrRuxQ26hZZMx7RnKlgW1N';

let ctx: TestContext;
let url: string;
let codeHost: CodeHostStandIn;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  // The code host publishes KEY_1 (with another comment), KEY_2 and KEY_3 for "octo".
  codeHost = await startCodeHostStandIn({ octo: [KEY_1.replace(' a@b', ' octo@github'), KEY_2, KEY_3], empty: [] });
  ctx = await createTestApp({ webDist: WEB_DIST, codeHostApiUrl: codeHost.url });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterEach(async (test) => {
  await screenshotOnFailure(page, test.task.name, test.task.result?.state === 'fail');
});
afterAll(async () => {
  await browser?.close();
  await ctx?.close();
  await codeHost?.close();
});

async function api(method: string, path: string, token: string) {
  const res = await fetch(`${url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.text() };
}

// Runs in the browser; e2e has no DOM types, so the storage is reached through globalThis.
type BrowserStorage = { getItem(key: string): string | null; setItem(key: string, value: string): void };
const sessionToken = () => page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.getItem('flotilla.token') ?? '');

describe('preferences', () => {
  it('signs up, saves the profile step, manages SSH keys and access tokens', async () => {
    page = await browser.newPage();
    await page.goto(`${url}/signup`);
    await page.getByLabel('Email').fill(`prefs-${randomBytes(4).toString('hex')}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    // The newsletter is asked for at sign-up, not assumed (accounts spec §5 "newsletter optional").
    await page.getByLabel('Send me the product newsletter').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // Profile step: required fields say so, then a save goes on to the dashboard.
    await page.waitForURL(/\/signup\/profile$/);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Last name is required').waitFor();
    await page.getByText('Account type is required').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Company').fill('Analytical Engines');
    await page.getByLabel('Professional').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/fleets$/);
    const profile = await api('GET', '/user/profile', await sessionToken());
    expect(JSON.parse(profile.body)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', account_type: 'professional', has_disabled_newsletter: false });

    // Preferences from the user menu; no sidebar there.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await page.waitForURL(/\/preferences\/details$/);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Ada');

    // SSH keys: both fields are mandatory with the spec's messages; a saved key shows its fingerprint.
    await page.getByRole('tab', { name: 'SSH keys' }).click();
    await page.waitForURL(/\/preferences\/sshkeys$/);
    await page.getByRole('button', { name: 'Add SSH key' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add SSH key' });
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await addDialog.getByText('The key title is mandatory!').waitFor();
    await addDialog.getByText('The key is mandatory!').waitFor();
    await addDialog.getByLabel('Title').fill('laptop');
    await addDialog.getByLabel('Public key').fill(KEY_1);
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await addDialog.waitFor({ state: 'detached' });
    const keyRow = page.getByRole('row').filter({ hasText: 'laptop' });
    await keyRow.getByText(KEY_1_FINGERPRINT).waitFor();

    // Delete asks first.
    await keyRow.getByRole('button', { name: 'Delete laptop' }).click();
    await page.getByRole('dialog', { name: 'Delete SSH key?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText('You have no SSH keys yet.').waitFor();

    // Import: a key already saved is skipped and titles avoid the taken 'GitHub Key 1'.
    await page.getByRole('button', { name: 'Add SSH key' }).click();
    await addDialog.getByLabel('Title').fill('GitHub Key 1');
    await addDialog.getByLabel('Public key').fill(KEY_1);
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await addDialog.waitFor({ state: 'detached' });
    // The same key again is refused in plain words, not the database's.
    await page.getByRole('button', { name: 'Add SSH key' }).click();
    await addDialog.getByLabel('Title').fill('laptop again');
    await addDialog.getByLabel('Public key').fill(KEY_1);
    await addDialog.getByRole('button', { name: 'Save' }).click();
    await addDialog.getByRole('alert').getByText('This SSH key is already added to your account.', { exact: true }).waitFor();
    expect(await addDialog.getByText(/must be unique/).count()).toBe(0);
    await addDialog.getByRole('button', { name: 'Cancel' }).click();
    await addDialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Import from GitHub' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import SSH keys from GitHub' });
    await importDialog.getByLabel('GitHub username').fill('octo');
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await importDialog.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'GitHub Key 2' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'GitHub Key 3' }).waitFor();
    expect(await page.getByRole('row').count()).toBe(4);
    // Importing again finds nothing new; an unknown user has no keys.
    await page.getByRole('button', { name: 'Import from GitHub' }).click();
    await importDialog.getByLabel('GitHub username').fill('octo');
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await importDialog.getByText('All 3 SSH keys of octo are already saved.').waitFor();
    await importDialog.getByLabel('GitHub username').fill('nobody');
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await importDialog.getByText('No SSH keys were found for nobody.').waitFor();
    await importDialog.getByRole('button', { name: 'Cancel' }).click();

    // Access tokens: name required, never warns, the key is shown once and works as a bearer token.
    await page.getByRole('tab', { name: 'Access tokens' }).click();
    await page.waitForURL(/\/preferences\/access-tokens$/);
    await page.getByRole('button', { name: 'Create access token' }).click();
    const createDialog = page.getByRole('dialog', { name: 'Create access token' });
    await createDialog.getByRole('button', { name: 'Create token' }).click();
    await createDialog.getByText('Name is required').waitFor();
    await createDialog.getByLabel('Name').fill('ci pipeline');
    await createDialog.getByLabel('Description').fill('deploys from CI');
    await createDialog.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: 'Never' }).click();
    await createDialog.getByText('A token that never expires keeps working until you revoke it.', { exact: false }).waitFor();
    await createDialog.getByRole('combobox', { name: 'Expires' }).click();
    await page.getByRole('option', { name: 'In 7 days' }).click();
    await createDialog.getByRole('button', { name: 'Create token' }).click();
    const createdDialog = page.getByRole('dialog', { name: 'Your new access token' });
    const key = await createdDialog.getByLabel('Access token').inputValue();
    expect(key.length).toBeGreaterThan(20);
    const whoami = await api('GET', '/actor/v1/whoami', key);
    expect(whoami.status).toBe(200);
    expect(JSON.parse(whoami.body)).toMatchObject({ actorType: 'user' });
    // Shown once: Escape or a tap beside the dialog must not throw the key away; only Done closes it.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await createdDialog.isVisible()).toBe(true);
    expect(await createdDialog.getByLabel('Access token').inputValue()).toBe(key);
    await createdDialog.getByRole('button', { name: 'Done' }).click();
    await createdDialog.waitFor({ state: 'detached' });
    expect(await page.getByText(key).count()).toBe(0);
    const tokenRow = page.getByRole('row').filter({ hasText: 'ci pipeline' });
    await tokenRow.getByText('deploys from CI').waitFor();

    // Edit keeps the name required.
    await tokenRow.getByRole('button', { name: 'Edit ci pipeline' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit access token' });
    await editDialog.getByLabel('Name').fill('');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await editDialog.getByText('Name is required').waitFor();
    await editDialog.getByLabel('Name').fill('ci deploys');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await editDialog.waitFor({ state: 'detached' });
    const renamedRow = page.getByRole('row').filter({ hasText: 'ci deploys' });
    await renamedRow.waitFor();

    // Revoked, the key no longer works.
    await renamedRow.getByRole('button', { name: 'Revoke ci deploys' }).click();
    await page.getByRole('dialog', { name: 'Revoke access token?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have no access tokens yet.').waitFor();
    expect((await api('GET', '/actor/v1/whoami', key)).status).toBe(401);
  });

  it('asks for the password again when the sign-in is not recent, then creates the token', async () => {
    const email = `reverify-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password';
    const registered = await fetch(`${url}/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const claims = sessionClaimsOf(await registered.text());
    // Signed in an hour ago: past the 20-minute recent-login window (accounts spec §9).
    const stale = await issueSessionToken({ ...claims, authTime: Date.now() - 3_600_000 }, { secret: ctx.app.config.jwtSecret, ttlSeconds: 3600 });
    page = await browser.newPage();
    await page.goto(`${url}/login`);
    await page.evaluate((token) => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.token', token), stale);
    await page.goto(`${url}/preferences/access-tokens`);

    await page.getByRole('button', { name: 'Create access token' }).click();
    await page.getByRole('dialog', { name: 'Create access token' }).getByLabel('Name').fill('late key');
    await page.getByRole('dialog', { name: 'Create access token' }).getByRole('button', { name: 'Create token' }).click();
    const reverify = page.getByRole('dialog', { name: 'Confirm your identity' });
    // A wrong password is refused without ending the session.
    await reverify.getByLabel('Password').fill('not the password');
    await reverify.getByRole('button', { name: 'Confirm' }).click();
    await reverify.getByText('Invalid login credentials').waitFor();
    expect(page.url()).toMatch(/\/preferences\/access-tokens$/);
    await reverify.getByLabel('Password').fill(password);
    await reverify.getByRole('button', { name: 'Confirm' }).click();
    const key = await page.getByRole('dialog', { name: 'Your new access token' }).getByLabel('Access token').inputValue();
    expect((await api('GET', '/actor/v1/whoami', key)).status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: 'late key' }).waitFor();
  });
});
