// Sign-in and the route guards of accounts spec §2 / fleets spec §2 "Routing rules", in a browser.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';

const e2e = useBrowserStack();
let page: Page;
const password = 'a long enough password';
let email: string;

beforeAll(async () => {
  email = `guards-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
  expect(reg.status).toBe(201);
});

async function signIn(p: Page, pass: string): Promise<void> {
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(pass);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('sign-in and route guards', () => {
  it('rejects a wrong password with the spec message, then returns to the page asked for', async () => {
    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/fleets`);
    await page.waitForURL(/\/login/);
    await signIn(page, 'not the password');
    await page.getByText('Invalid login credentials').first().waitFor();
    expect(page.url()).toMatch(/\/login/);
    await signIn(page, password);
    await page.waitForURL(/\/fleets$/);
    await page.getByRole('heading', { name: 'Fleets' }).waitFor();
    // Signed in, the sign-in page sends us on.
    await page.goto(`${e2e.stack.url}/login`);
    await page.waitForURL(/\/fleets$/);
  });

  it('shows the not-found page for unknown paths and takes the user home', async () => {
    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await signIn(page, password);
    await page.waitForURL(/\/fleets$/);
    await page.goto(`${e2e.stack.url}/no/such/page`);
    await page.getByText('Page not found').first().waitFor();
    await expect.poll(() => page.title()).toBe('Page not found | Flotilla dashboard');
    await page.getByRole('button', { name: 'Go home' }).or(page.getByRole('link', { name: 'Go home' })).click();
    await page.waitForURL(/\/fleets$/);
  });

  it('redirects an invalid fleet id with an error, and a fleet the user cannot see to /fleets', async () => {
    page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await signIn(page, password);
    await page.waitForURL(/\/fleets$/);
    await page.goto(`${e2e.stack.url}/fleets/abc`);
    await page.getByText('invalid id passed in URL').first().waitFor();
    await page.waitForURL(/\/fleets$/);
    await page.goto(`${e2e.stack.url}/fleets/999999`);
    await page.waitForURL(/\/fleets$/);
  });
});
