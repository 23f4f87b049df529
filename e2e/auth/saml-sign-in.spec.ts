// SAML single sign-on in a browser (accounts spec §2 /saml, /saml/{ssoIdentifier},
// /saml/callback/signon, /saml/callback/merge, /signup?saml_error): the sign-in page's SSO
// link, the identifier form, the identity provider (a stand-in on a local port that signs its
// responses, apps/api/src/test/saml-idp-stand-in.ts) posting back, and the dashboard finishing
// the sign-in or asking the owner of an existing account to consent to the merge.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSamlIdpStandIn, type SamlIdpStandIn } from '../../apps/api/src/test/saml-idp-stand-in.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { sessionClaims, submitSignIn } from '../support/accounts.ts';

let idp: SamlIdpStandIn;
const e2e = useBrowserStack();
const SSO = `acme-${randomBytes(3).toString('hex')}`;
const PHONE = { width: 390, height: 844 };

async function register(email: string): Promise<{ token: string; orgId: number }> {
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'a long enough password' });
  expect(reg.status, reg.text).toBe(201);
  const orgs = (await e2e.stack.api('GET', '/v7/organization?$select=id', reg.text)).json<{ d: Array<{ id: number }> }>();
  return { token: reg.text, orgId: orgs.d[0]!.id };
}

beforeAll(async () => {
  idp = await startSamlIdpStandIn();
  // An organization administrator on a plan with saml_access (production-v2) adds the provider.
  const admin = await register(`saml-admin-${randomBytes(4).toString('hex')}@example.com`);
  const plan = await e2e.stack.app.db.selectFrom('plan').select('id').where('billing_code', '=', 'production-v2').executeTakeFirstOrThrow();
  await e2e.stack.app.db.insertInto('subscription').values({ is_for__organization: admin.orgId, is_for__plan: plan.id }).execute();
  const created = await e2e.stack.api('POST', '/v7/identity_provider', admin.token, {
    sso_identifier: SSO,
    entry_point: idp.entryPoint,
    issuer: idp.issuer,
    certificate: idp.certificatePem,
    organization_id: admin.orgId,
  });
  expect(created.status, created.text).toBe(201);
});
afterAll(async () => {
  await idp?.close();
});

describe('SAML sign-in', () => {
  it('signs a new person in through the identity provider on a phone-width screen', async () => {
    const email = `sso-${randomBytes(4).toString('hex')}@example.com`;
    idp.signInAs({ nameId: `emp-${email}`, email, firstName: 'Sam', lastName: 'Sso' });
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto(`${e2e.stack.url}/login`);
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in with SSO' }).waitFor();
    await expectPageSound(page);
    const field = page.getByLabel('SSO identifier');
    await field.fill('Acme Corp');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Use lowercase letters, digits, underscores and hyphens only').waitFor();
    await field.fill(SSO);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/fleets$/);
    expect((await sessionClaims(page)).email).toBe(email);
  });

  it('asks the owner of an existing account to sign in and consent before merging', async () => {
    const email = `owner-${randomBytes(4).toString('hex')}@example.com`;
    await register(email);
    idp.signInAs({ nameId: `emp-${email}`, email });
    const page = await e2e.newPage({ viewport: PHONE });
    await page.goto(`${e2e.stack.url}/saml/${SSO}`);
    await page.waitForURL(/\/login\?redirect=/);
    await submitSignIn(page, e2e.stack.url, email, 'a long enough password');
    // submitSignIn opens /login afresh (dropping the redirect): the saved return URL brings the user back.
    await page.waitForURL(/\/saml\/callback\/merge\?/);
    await page.getByRole('heading', { level: 1, name: 'Link your identity provider account' }).waitFor();
    const link = page.getByRole('button', { name: 'Link accounts' });
    expect(await link.isDisabled()).toBe(true);
    await expectPageSound(page);
    await page.getByLabel('I want to link my identity provider account to this account').check();
    await page.getByLabel('I understand that all API keys of this account will be deleted').check();
    await link.click();
    await page.waitForURL(/\/fleets$/);
    const user = await e2e.stack.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const accounts = await e2e.stack.app.db.selectFrom('saml_account').select('remote_id').where('belongs_to__user', '=', user.id).execute();
    expect(accounts).toEqual([{ remote_id: `emp-${email}` }]);
  });

  it('tells why when the SSO identifier is unknown', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.stack.url}/saml/no-such-provider`);
    await page.getByText('There is no identity provider with this SSO identifier.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await expectPageSound(page);
  });
});
