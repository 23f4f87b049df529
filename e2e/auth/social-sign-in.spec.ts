// Social sign-in in a browser (accounts spec §2 "/auth/{provider}/callback", "Social sign-in
// sends the browser to an auth path per provider"): the sign-in page's button, the provider (a
// stand-in for GitHub on a local port, apps/api/src/test/social-provider-stand-in.ts), the
// dashboard's callback page, and the user signed in where they were going.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialProviderStandIn, type SocialProviderStandIn } from '../../apps/api/src/test/social-provider-stand-in.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { sessionClaims } from '../support/accounts.ts';

let provider: SocialProviderStandIn;
// The stack reads its configuration when its beforeAll runs, after this file's own beforeAll.
const social: { github?: { clientId: string; clientSecret: string; url: string; apiUrl: string } } = {};
beforeAll(async () => {
  provider = await startSocialProviderStandIn();
  social.github = { clientId: provider.clientId, clientSecret: provider.clientSecret, url: provider.url, apiUrl: provider.url };
});
afterAll(async () => {
  await provider?.close();
});
const e2e = useBrowserStack({ socialSignIn: social });

describe('social sign-in', () => {
  it('signs a new person up with GitHub from the sign-in page, on a phone-width screen, and back to the page asked for', async () => {
    provider.signInAs({ id: '4242', login: 'octocat', email: `octocat-${Date.now()}@example.com`, emailVerified: true });
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${e2e.stack.url}/orgs`);
    await page.waitForURL(/\/login\?redirect=/);
    const button = page.getByRole('link', { name: 'Continue with GitHub' });
    await button.waitFor();
    await expectPageSound(page);
    await button.click();
    await page.waitForURL(/\/orgs$/);
    await page.getByRole('heading', { name: 'Organizations' }).waitFor();
    expect((await sessionClaims(page)).email).toMatch(/^octocat-/);
  });

  it('shows why when the provider says no, with a way back', async () => {
    provider.denyNext('access_denied', 'The user has denied your application access.');
    const page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/login`);
    await page.getByRole('link', { name: 'Continue with GitHub' }).click();
    await page.getByText('Sign-in failed: The user has denied your application access.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/github/callback');
    await expectPageSound(page);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL(/\/login$/);
  });
});
