// The end of a session in a browser (accounts spec §4 Session, §8 Session): signing out sends no
// request that comes back 401 (the screens still mounted do not ask again without a token); a
// session ended elsewhere ("Log out other sessions") lands on the sign-in page saying it expired.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { useBrowserStack } from '../support/browser-stack.ts';
import { signOutFromMenu, submitSignIn } from '../support/accounts.ts';

const e2e = useBrowserStack();
const password = 'a long enough password';
let email: string;

beforeAll(async () => {
  email = `session-end-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password, 'g-recaptcha-response': 'dummy' });
  expect(reg.status).toBe(201);
});

async function signedIn(): Promise<Page> {
  const page = await e2e.newPage();
  await submitSignIn(page, e2e.stack.url, email, password);
  await page.waitForURL(/\/fleets$/);
  await page.getByRole('heading', { name: 'Fleets' }).waitFor();
  return page;
}

describe('the end of a session', () => {
  it('signing out sends no request that comes back 401', async () => {
    const page = await signedIn();
    const unauthorized: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(`${response.request().method()} ${response.url()}`);
    });
    await signOutFromMenu(page);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Long enough for the signed-in screens' polls and the sign-in page's own reads.
    await page.waitForTimeout(3_000);
    expect(unauthorized).toEqual([]);
  });

  it('a session logged out from another browser says on the sign-in page that it expired, and leads back after sign-in', async () => {
    const other = await signedIn();
    await other.goto(`${e2e.stack.url}/orgs`);
    await other.getByRole('heading', { name: 'Organizations' }).waitFor();
    const here = await signedIn();
    await here.goto(`${e2e.stack.url}/preferences/details`);
    await here.getByRole('button', { name: 'Log out other sessions' }).click();
    await here.getByText('All other sessions have been logged out').waitFor();
    // The other browser's next request is refused: it is sent to sign in, told why.
    await other.reload();
    await other.waitForURL(/\/login\?/);
    await other.getByText('Your session has expired. Please sign in again.').waitFor();
    expect(new URL(other.url()).searchParams.get('redirect')).toBe('/orgs');
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password').fill(password);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.waitForURL(/\/orgs$/);
    // This browser was not touched.
    await here.reload();
    await here.getByRole('button', { name: 'Log out other sessions' }).waitFor();
  });

  it('a plain sign-out shows no such message', async () => {
    const page = await signedIn();
    await signOutFromMenu(page);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.getByText('Your session has expired. Please sign in again.').count()).toBe(0);
  });
});
