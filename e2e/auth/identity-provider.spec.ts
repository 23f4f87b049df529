// Identity provider management in a browser (accounts spec §2 /identity-provider and
// /identity-provider/{id}, the sidebar entry, the add/edit and add-organizations dialogs; §4
// removal; §5 the field rules and metadata XML; §6 who may change it; §8 its errors): an
// administrator of organizations on a plan with saml_access adds a provider from pasted
// metadata, adds an organization and a default team, edits it, cannot remove it while a SAML
// account exists, removes an organization and then the provider by typing its identifier; a
// member sees its actions disabled; bad ids go back to the list; no SAML feature, no page.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CERTIFICATE_BEGIN, CERTIFICATE_END } from '../../packages/core/src/saml.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createOrganization, createUser, joinOrganization, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
const PHONE = { width: 390, height: 844 };
const CERTIFICATE_BODY = 'MIIC'.repeat(40);
const certificatePem = `${CERTIFICATE_BEGIN}\n${CERTIFICATE_BODY.slice(0, 64)}\n${CERTIFICATE_BODY.slice(64, 128)}\n${CERTIFICATE_BODY.slice(128)}\n${CERTIFICATE_END}`;

const metadataXml = (entityId: string, location: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${CERTIFICATE_BODY}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${location}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

async function putOnSamlPlan(orgId: number): Promise<void> {
  const plan = await e2e.stack.app.db.selectFrom('plan').select('id').where('billing_code', '=', 'production-v2').executeTakeFirstOrThrow();
  await e2e.stack.app.db.insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id }).execute();
}

/** An administrator of two organizations on a plan with saml_access. */
async function samlAdmin(): Promise<{ admin: E2eUser; orgA: { id: number; name: string }; orgB: { id: number; name: string } }> {
  const admin = await createUser(e2e.stack, 'idp-admin');
  const orgA = await createOrganization(e2e.stack, admin, 'Acme');
  const orgB = await createOrganization(e2e.stack, admin, 'Beta');
  await putOnSamlPlan(orgA.id);
  await putOnSamlPlan(orgB.id);
  return { admin, orgA, orgB };
}

async function createProviderByApi(token: string, orgId: number): Promise<{ id: number; sso: string }> {
  const sso = `acme-${randomBytes(3).toString('hex')}`;
  const res = await e2e.stack.api('POST', '/v7/identity_provider', token, {
    sso_identifier: sso,
    entry_point: 'https://idp.example.com/sso',
    issuer: 'https://idp.example.com',
    certificate: certificatePem,
    organization_id: orgId,
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json<{ id: number }>().id, sso };
}

async function pickOption(page: Page, combobox: string, option: RegExp | string, scope = page.getByRole('dialog')): Promise<void> {
  await scope.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('identity provider management', () => {
  it('adds a provider from metadata, adds an organization and a default team, edits it, and removes it once no SAML account is left', async () => {
    const { admin, orgA, orgB } = await samlAdmin();
    const team = await e2e.stack.api('POST', '/v7/team', admin.token, { name: 'SSO people', belongs_to__organization: orgA.id });
    expect(team.status, team.text).toBe(201);
    const sso = `acme-${randomBytes(3).toString('hex')}`;
    const page = await e2e.newPage();

    // The sidebar offers the entry; the page is the empty state.
    await signInAs(page, e2e.stack, admin, '/fleets');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Identity provider' }).click();
    await page.waitForURL(/\/identity-provider$/);
    await page.getByText('No identity provider yet').waitFor();
    await expectPageSound(page);

    // The add dialog: field rules, a failed and a good metadata paste, the organization required.
    await page.getByRole('button', { name: 'Add identity provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add identity provider' });
    await dialog.getByLabel('SSO identifier').fill('Acme Corp');
    await dialog.getByLabel('SSO identifier').blur();
    await dialog.getByText('Invalid characters: use lowercase letters, digits, underscores and hyphens only').waitFor();
    await dialog.getByLabel('SSO identifier').fill(sso);
    await dialog.getByLabel('Entry point').fill('not a url');
    await dialog.getByLabel('Entry point').blur();
    await dialog.getByText('Invalid URL: enter the full address, starting with https://').waitFor();
    await dialog.getByLabel('Certificate').fill('MIIC');
    await dialog.getByLabel('Certificate').blur();
    await dialog.getByText(/^Invalid certificate format/).waitFor();
    await dialog.getByLabel('IdP metadata XML (optional)').fill('<not-metadata/>');
    await dialog.getByRole('button', { name: 'Fill from metadata' }).click();
    await dialog.getByText("The metadata could not be read. Paste the identity provider's SAML metadata XML.").waitFor();
    await dialog.getByLabel('IdP metadata XML (optional)').fill(metadataXml('https://idp.example.com/metadata', 'https://idp.example.com/saml/redirect'));
    await dialog.getByRole('button', { name: 'Fill from metadata' }).click();
    await dialog.getByText('Entry point, issuer and certificate filled in from the metadata.').waitFor();
    expect(await dialog.getByLabel('Entry point').inputValue()).toBe('https://idp.example.com/saml/redirect');
    expect(await dialog.getByLabel('Issuer').inputValue()).toBe('https://idp.example.com/metadata');
    expect(await dialog.getByLabel('Certificate').inputValue()).toBe(certificatePem);
    await dialog.getByRole('button', { name: 'Add identity provider' }).click();
    await dialog.getByText('No organization selected: select at least one').waitFor();
    await expectPageSound(page);
    await pickOption(page, 'Organization', new RegExp(orgA.name));
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add identity provider' }).click();

    // The provider's page.
    await page.waitForURL(/\/identity-provider\/\d+$/);
    const providerId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await page.getByRole('heading', { level: 1, name: sso }).waitFor();
    await page.getByText(`Identity provider ${sso} added`).waitFor();
    await page.getByText('https://idp.example.com/saml/redirect').waitFor();
    await page.getByRole('button', { name: 'Show certificate' }).click();
    await page.getByRole('region', { name: 'Certificate' }).getByText(CERTIFICATE_END).waitFor();

    // Add the second organization; pick the first one's default team.
    await page.getByRole('button', { name: 'Add organizations' }).click();
    const addOrgs = page.getByRole('dialog', { name: 'Add organizations' });
    await pickOption(page, 'Organizations', new RegExp(orgB.name), addOrgs);
    await page.keyboard.press('Escape');
    await addOrgs.getByRole('button', { name: 'Add' }).click();
    await page.getByText('Organization added to the identity provider').waitFor();
    await page.getByRole('cell', { name: orgB.name, exact: true }).waitFor();
    await pickOption(page, `Default team for ${orgA.name}`, 'SSO people', page.locator('main'));
    await page.getByText('Default team updated').waitFor();
    const memberships = await e2e.stack.app.db
      .selectFrom('identity_provider_membership')
      .select(['authorizes__organization', 'grants_access_to__team'])
      .where('is_authorized_by__identity_provider', '=', providerId)
      .orderBy('id')
      .execute();
    expect(memberships).toEqual([
      { authorizes__organization: orgA.id, grants_access_to__team: team.json<{ id: number }>().id },
      { authorizes__organization: orgB.id, grants_access_to__team: null },
    ]);

    // Edit.
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit identity provider' });
    await edit.getByLabel('Issuer').fill('https://idp2.example.com');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Identity provider updated').waitFor();
    await page.getByText('https://idp2.example.com').waitFor();

    // Remove the second organization (from the keyboard: the toasts sit over the row's end); the last one cannot be removed.
    await page.getByRole('button', { name: `Remove ${orgB.name}` }).press('Enter');
    await page.getByRole('dialog', { name: 'Remove organization' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Organization removed from the identity provider').waitFor();
    await page.getByRole('cell', { name: orgB.name, exact: true }).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: `Remove ${orgA.name}` }).isDisabled()).toBe(true);

    // A SAML account blocks removal.
    await e2e.stack.app.db.insertInto('saml_account').values({ belongs_to__user: admin.userId, was_generated_by__identity_provider: providerId, remote_id: 'someone' }).execute();
    await page.reload();
    const remove = page.getByRole('button', { name: 'Remove', exact: true });
    await remove.waitFor();
    expect(await remove.isDisabled()).toBe(true);
    expect(await page.getByText('It cannot be removed while 1 account signed in through it exists.').count()).toBe(1);

    // Without it, removal asks for the SSO identifier typed, then goes back to the list.
    await e2e.stack.app.db.deleteFrom('saml_account').where('was_generated_by__identity_provider', '=', providerId).execute();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: sso }).waitFor();
    await expect.poll(() => remove.isDisabled()).toBe(false);
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Remove identity provider' });
    await confirm.getByText(`This will permanently delete the identity provider ${sso}.`, { exact: false }).waitFor();
    const confirmButton = confirm.getByRole('button', { name: 'Remove' });
    expect(await confirmButton.isDisabled()).toBe(true);
    await confirm.getByLabel(`Type ${sso} to confirm`).pressSequentially(sso);
    await confirmButton.click();
    await page.getByText('Identity provider removed').waitFor();
    await page.waitForURL(/\/identity-provider$/);
    await page.getByText('No identity provider yet').waitFor();
    expect(await e2e.stack.app.db.selectFrom('identity_provider').select('id').where('id', '=', providerId).execute()).toEqual([]);
  });

  it('shows a member of an organization in the provider its actions disabled, and sends them away from the list', async () => {
    const { admin, orgA } = await samlAdmin();
    const member = await createUser(e2e.stack, 'idp-member');
    await joinOrganization(e2e.stack, member.userId, orgA.id, 'member');
    const provider = await createProviderByApi(admin.token, orgA.id);
    const page = await e2e.newPage({ viewport: PHONE });

    await signInAs(page, e2e.stack, member, `/identity-provider/${provider.id}`);
    await page.getByRole('heading', { level: 1, name: provider.sso }).waitFor();
    const reason = 'Only administrators of an organization in this identity provider can change it.';
    for (const name of ['Edit', 'Remove', 'Add organizations']) {
      const button = page.getByRole('button', { name, exact: true });
      expect(await button.isDisabled(), name).toBe(true);
      expect(await button.getAttribute('aria-describedby'), name).toBeTruthy();
    }
    expect(await page.getByText(reason).count()).toBeGreaterThan(0);
    await page.getByTestId('disabled-reason').first().hover();
    await page.getByRole('tooltip', { name: reason }).waitFor();
    // At 390px the page fits, with one h1, axe clean.
    await expectPageSound(page);

    // The list: the member administers no organization with saml_access.
    await page.goto(`${e2e.stack.url}/identity-provider`);
    await page.getByText('You are not authorized to view identity providers.').waitFor();
    await page.waitForURL(/\/fleets$/);
  });

  it('sends a non-numeric or unknown id back to the list with its error', async () => {
    const { admin } = await samlAdmin();
    const page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, '/identity-provider/abc');
    await page.getByText('invalid id passed in URL').waitFor();
    await page.waitForURL(/\/identity-provider$/);
    await page.getByText('No identity provider yet').waitFor();

    await page.goto(`${e2e.stack.url}/identity-provider/2000000000`);
    await page.getByText('No identity provider was found with this id.').waitFor();
    await page.waitForURL(/\/identity-provider$/);
  });

  it('goes to the provider from the list, and is not found without the SAML feature', async () => {
    const { admin, orgA } = await samlAdmin();
    const provider = await createProviderByApi(admin.token, orgA.id);
    const page = await e2e.newPage({ viewport: PHONE });
    await signInAs(page, e2e.stack, admin, '/identity-provider');
    await page.waitForURL(new RegExp(`/identity-provider/${provider.id}$`));
    await page.getByRole('heading', { level: 1, name: provider.sso }).waitFor();
    await expectPageSound(page);

    const outsider = await createUser(e2e.stack, 'idp-outsider');
    const other = await e2e.newPage();
    await signInAs(other, e2e.stack, outsider, '/identity-provider');
    await other.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await other.goto(`${e2e.stack.url}/fleets`);
    await other.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Organizations' }).waitFor();
    expect(await other.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Identity provider' }).count()).toBe(0);
  });
});
