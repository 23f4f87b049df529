// Delete account as a user walks it (accounts spec §4 steps, §5 rules, §8 messages, §9 delay):
// a wrong password fails the first step and keeps the session; the right one runs every step,
// signs out, and the credentials no longer work.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshotOnFailure } from '../support/browser.ts';
import { startStack, type Stack } from '../support/stack.ts';

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterEach(async (ctx) => {
  await screenshotOnFailure(page, ctx.task.name, ctx.task.result?.state === 'fail');
  await page?.close();
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

// Runs in the browser; e2e has no DOM types, so the storage is reached through globalThis.
type BrowserStorage = { getItem(key: string): string | null };
const sessionToken = () => page.evaluate(() => (globalThis as unknown as { localStorage: BrowserStorage }).localStorage.getItem('flotilla.token') ?? '');

describe('delete account', () => {
  it('refuses a wrong password, then deletes the account and its organizations and signs out', async () => {
    page = await browser.newPage();
    const email = `delete-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'a long enough password';
    await page.goto(`${stack.url}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/signup\/profile$/);

    // Two organizations the user alone administers: the "Delete organizations" step shows.
    const token = await sessionToken();
    for (const name of ['Delete Org A', 'Delete Org B']) {
      const res = await stack.api('POST', '/v7/organization', token, { name: `${name} ${randomBytes(3).toString('hex')}` });
      expect(res.status, res.text).toBe(201);
    }

    await page.goto(`${stack.url}/preferences/details`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await dialog.getByText('Delete organizations').waitFor();
    expect(await dialog.getByTestId('delete-step-deleteAccount').getAttribute('data-state')).toBe('pending');

    // Wrong password: the first step fails with the spec message and the session stays.
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Invalid password').waitFor();
    expect(await dialog.getByTestId('delete-step-verifyPassword').getAttribute('data-state')).toBe('failed');
    expect(await dialog.getByTestId('delete-step-cancelSubscriptions').getAttribute('data-state')).toBe('pending');
    expect(page.url()).toMatch(/\/preferences\/details$/);
    expect(await sessionToken()).not.toBe('');

    // Right password: every step done, the success message, then signed out to /login.
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your account has been deleted. You will be signed out.').waitFor();
    for (const key of ['verifyPassword', 'cancelSubscriptions', 'deleteOrganizations', 'deleteAccount']) {
      expect(await dialog.getByTestId(`delete-step-${key}`).getAttribute('data-state'), key).toBe('done');
    }
    const shownAt = Date.now();
    await page.waitForURL(/\/login/);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    expect(await sessionToken()).toBe('');

    // The credentials are gone.
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid login credentials').first().waitFor();
    const left = await stack.app.db.selectFrom('user').select('id').where('email', '=', email).execute();
    expect(left).toHaveLength(0);
  });
});
