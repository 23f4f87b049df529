// Platform staff in the browser (accounts spec §2 header, §3/§6 login-as-user, §4 log out other sessions).
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';

const password = 'a long enough password';
const ADMIN_URL = 'https://admin.flotilla.example/';
// The admin link of the user menu points at the configured back office (ADMIN_URL).
const e2e = useBrowserStack({ adminUrl: ADMIN_URL });
let page: Page;

/** The page's localStorage, typed without DOM libs (e2e compiles for Node). */
interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  clear(): void;
}

async function register(prefix: string): Promise<{ email: string; token: string; id: number; username: string }> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
  expect(reg.status).toBe(201);
  const claims = decodeJwt(reg.text);
  return { email, token: reg.text, id: claims.id as number, username: claims.username as string };
}

async function signIn(p: Page, email: string): Promise<void> {
  await p.goto(`${e2e.stack.url}/login`);
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(/\/fleets$/);
}

/** The header's background colour as the browser paints it. */
function headerColor(p: Page): Promise<string> {
  return p.locator('header').first().evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
}

describe('platform staff', () => {
  it('paints the header red for a platform admin and not for an ordinary user', async () => {
    const user = await register('plain');
    const admin = await register('admin');
    await e2e.stack.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', admin.id).execute();

    page = await e2e.newPage();
    await signIn(page, user.email);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();
    const ordinary = await headerColor(page);
    await expect.poll(() => page.locator('header[data-flagged="true"]').count()).toBe(0);

    await page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.clear());
    await signIn(page, admin.email);
    await page.locator('header[data-flagged="true"]').waitFor();
    const red = await headerColor(page);
    expect(red).not.toBe(ordinary);
    // MUI's error.main (#d32f2f).
    expect(red).toBe('rgb(211, 47, 47)');
  });

  it('offers the admin link in the user menu to platform admins only, pointing at ADMIN_URL', async () => {
    const user = await register('plain');
    const admin = await register('admin');
    await e2e.stack.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', admin.id).execute();

    page = await e2e.newPage();
    await signIn(page, user.email);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.clear());
    await signIn(page, admin.email);
    await page.locator('header[data-flagged="true"]').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    const link = page.getByRole('menuitem', { name: 'Admin' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(ADMIN_URL);
    expect(await link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the logged-in-as-another-user warning for a login-as session', async () => {
    const admin = await register('admin');
    const target = await register('target');
    await e2e.stack.app.db.updateTable('user').set({ is_platform_admin: true }).where('id', '=', admin.id).execute();
    const res = await e2e.stack.api('PATCH', '/login_', admin.token, { username: target.username });
    expect(res.status).toBe(200);

    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await page.evaluate((token) => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.setItem('flotilla.token', token), res.text);
    await page.goto(`${e2e.stack.url}/fleets`);
    const banner = page.getByTestId('acting-as-user-banner');
    await banner.getByText('Logged in as another user').waitFor();
    await banner.getByText(target.username).waitFor();
    await expect.poll(() => page.getByTestId('header-username').textContent()).toContain(target.username.slice(0, 17));
    await page.locator('header[data-flagged="true"]').waitFor();
  });

  it('asks a user flagged for a password over 64 characters to change it', async () => {
    const user = await register('longpass');
    page = await e2e.newPage();
    await signIn(page, user.email);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();
    await expect.poll(() => page.getByTestId('password-over-limit-notice').count()).toBe(0);
    // The flag as a sign-in with a >64-character password leaves it (the API side is in staff.int.test.ts).
    await e2e.stack.app.db.updateTable('user').set({ has_password_over_limit: true }).where('id', '=', user.id).execute();
    await page.reload();
    const notice = page.getByTestId('password-over-limit-notice');
    await notice.getByText('Your password is longer than 64 characters').waitFor();
    await notice.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL(/\/preferences\/details$/);
  });

  it('logs out the other sessions from preferences and keeps this one', async () => {
    const user = await register('sessions');
    page = await e2e.newPage();
    await signIn(page, user.email);
    expect((await e2e.stack.api('GET', '/user/v1/whoami', user.token)).status).toBe(200);
    await page.goto(`${e2e.stack.url}/preferences/details`);
    await page.getByRole('button', { name: 'Log out other sessions' }).click();
    await page.getByText('All other sessions have been logged out').waitFor();
    expect((await e2e.stack.api('GET', '/user/v1/whoami', user.token)).status).toBe(401);
    const stored = await page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.getItem('flotilla.token'));
    expect(stored).not.toBeNull();
    expect((await e2e.stack.api('GET', '/user/v1/whoami', stored!)).status).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Log out other sessions' }).waitFor();
  });
});
