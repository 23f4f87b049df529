// The support portal's sign-in (accounts spec §2 "/zendesk-login (query return_to) is the
// support-portal login", §7 "GET /zendesk/v1/login (optional return_to) returns {redirect} with
// a jwt posted to a form"): the portal — a stand-in speaking Zendesk's JWT single sign-on on a
// local port (apps/api/src/test/support-portal-stand-in.ts) — sends a visitor to the dashboard,
// which signs them in if needed and posts a token the portal verifies, and the visitor lands on
// the portal page they were going to. The not-configured page is covered by
// SupportPortalLoginPage.test.tsx (it needs a server without the portal).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSupportPortalStandIn, type SupportPortalStandIn } from '../../apps/api/src/test/support-portal-stand-in.ts';
import { storeSession } from '../support/accounts.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const password = 'a long enough password';
const phone = { viewport: { width: 390, height: 844 } };

let portal: SupportPortalStandIn;
// The stack reads its configuration when its beforeAll runs, after this file's own beforeAll.
const config: { supportPortal?: { url: string; jwtSecret: string } } = {};
beforeAll(async () => {
  portal = await startSupportPortalStandIn();
  config.supportPortal = { url: portal.url, jwtSecret: portal.secret };
});
afterAll(async () => {
  await portal?.close();
});
const e2e = useBrowserStack(config);

interface Account {
  email: string;
  token: string;
  userId: number;
}

async function register({ verified }: { verified: boolean }): Promise<Account> {
  const email = `portal-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password });
  expect(reg.status, reg.text).toBe(201);
  const who = (await e2e.stack.api('GET', '/user/v1/whoami', reg.text)).json<{ id: number }>();
  if (verified) await e2e.stack.app.db.updateTable('user').set({ is_verified: true }).where('id', '=', who.id).execute();
  return { email, token: reg.text, userId: who.id };
}

async function signedInPage(account: Account) {
  const page = await e2e.newPage(phone);
  await storeSession(page, e2e.stack.url, account.token);
  return page;
}

const loginUrl = (returnTo: string) => `${e2e.stack.url}/zendesk-login?${new URLSearchParams({ return_to: returnTo })}`;

describe('support portal sign-in', () => {
  it('signs a signed-in user in to the portal and lands on the page they were going to', async () => {
    const account = await register({ verified: true });
    const page = await signedInPage(account);
    const before = portal.signIns.length;
    await page.goto(loginUrl(`${portal.url}/hc/requests`));
    await page.waitForURL(`${portal.url}/hc/requests`);
    await page.getByText(`Signed in as ${account.email}`).waitFor();
    await page.getByText('Page /hc/requests').waitFor();
    const signIn = portal.signIns.slice(before).at(-1)!;
    expect(signIn).toMatchObject({ accepted: true, returnTo: `${portal.url}/hc/requests`, claims: { email: account.email, external_id: String(account.userId) } });
    expect(portal.signIns.length - before).toBe(1);
  });

  it('sends a signed-out visitor through sign-in first, then on to the portal', async () => {
    const account = await register({ verified: true });
    const page = await e2e.newPage(phone);
    await page.goto(loginUrl(`${portal.url}/hc/articles/42`));
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${portal.url}/hc/articles/42`);
    await page.getByText(`Signed in as ${account.email}`).waitFor();
  });

  it('says why when it cannot sign in: an unverified email, an address that is not on the portal', async () => {
    const unverified = await register({ verified: false });
    const page = await signedInPage(unverified);
    const before = portal.signIns.length;
    await page.goto(loginUrl(`${portal.url}/hc`));
    await page.getByRole('heading', { level: 1, name: 'Support portal sign-in' }).waitFor();
    await page.getByText('Verify your email address before signing in to the support portal').waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await expectPageSound(page);

    const verified = await register({ verified: true });
    const other = await signedInPage(verified);
    await other.goto(loginUrl('https://evil.example.com/hc'));
    await other.getByText('You cannot be signed in to the support portal').waitFor();
    expect(new URL(other.url()).origin).toBe(e2e.stack.url);
    await other.getByRole('link', { name: 'Go to the dashboard' }).click();
    await other.waitForURL(/\/fleets$/);
    expect(portal.signIns.length).toBe(before);
  });
});
