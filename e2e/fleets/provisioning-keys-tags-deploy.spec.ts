// Fleet provisioning keys and the deploy entry, in a real browser at desktop width and 390 px:
// - /fleets/{id}/api-keys (fleets spec §2, §6 resin.api_key.read): an administrator creates a
//   key (name, description, expiry date), sees it once with Copy, registers a device with it
//   through the API, revokes it (confirmed) and the key no longer registers; an observer of the
//   fleet is sent to / ("a permission-less view redirects to /").
// - /deploy (fleets spec §2, §3, §4, §5): the link's parameters are stored and the user lands on
//   /fleets; the create dialog shows the repository being deployed and pre-fills name, device
//   type and variables from the repository's balena.yml, read from a local code-host stand-in;
//   an invalid contract shows "The balena.yml contract in the repository is invalid".
// Fleet tags are covered by FleetTagsCard.test.tsx (jsdom) until the card is on the summary page.
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { runAxe, seriousViolations, settleAnimations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { addMembership, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';
import { startCodeHostRepoStandIn } from './code-host-repo-stand-in.ts';

const SUFFIX = randomBytes(3).toString('hex');
const contract = (name: string) =>
  [
    `name: ${name}`,
    'type: sw.application',
    'data:',
    '  defaultDeviceType: raspberrypi4-64',
    '  applicationEnvironmentVariables:',
    '    - GREETING: hello',
    '  applicationConfigVariables:',
    '    - BALENA_HOST_CONFIG_gpu_mem: 128',
  ].join('\n');
const codeHost = await startCodeHostRepoStandIn({
  'acme/demo-desktop': { balenaYml: contract(`demo-desktop-${SUFFIX}`) },
  'acme/demo-390': { balenaYml: contract(`demo-mobile-${SUFFIX}`) },
  'acme/broken': { balenaYml: 'name: broken\ntype: sw.os\ndata: [' },
});
afterAll(() => codeHost.close());

const e2e = useBrowserStack({ codeHostApiUrl: codeHost.url });

const VIEWPORTS = [
  { label: 'desktop', repo: 'demo-desktop', viewport: { width: 1280, height: 800 } },
  { label: '390 px', repo: 'demo-390', viewport: { width: 390, height: 844 } },
];

type Rows<T> = { d: T[] };

async function createFleet(admin: E2eUser, orgId: number): Promise<{ id: number; name: string }> {
  const types = await e2e.stack.api('GET', "/v7/device_type?$select=id&$filter=slug eq 'raspberrypi4-64'", admin.token);
  const name = `keys${randomBytes(3).toString('hex')}`;
  const res = await e2e.stack.api('POST', '/v7/application', admin.token, {
    app_name: name,
    organization: orgId,
    is_for__device_type: types.json<Rows<{ id: number }>>().d[0]!.id,
    is_of__class: 'fleet',
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.json<{ id: number }>().id, name };
}

async function addFleetMember(admin: E2eUser, user: E2eUser, orgId: number, fleetId: number, role: string): Promise<void> {
  await addMembership(e2e.stack, user, orgId, 'member');
  const roles = (await e2e.stack.api('GET', '/v7/application_membership_role?$select=id,name', admin.token)).json<Rows<{ id: number; name: string }>>();
  const res = await e2e.stack.api('POST', '/v7/user_application_membership', admin.token, {
    user: user.userId,
    is_member_of__application: fleetId,
    application_membership_role: roles.d.find((r) => r.name === role)!.id,
  });
  expect(res.status, res.text).toBe(201);
}

/** Registers a device into the fleet with a provisioning key, as a device would (compat §5.2). */
async function register(key: string, fleetId: number): Promise<number> {
  const uuid = randomBytes(16).toString('hex');
  const res = await fetch(`${e2e.stack.url}/device/register`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ uuid, device_type: 'raspberrypi4-64', application: fleetId }),
  });
  return res.status;
}

async function expectAxeClean(p: Page, where: string): Promise<void> {
  // A dialog still fading in is not yet its final colours (axe would report its contrast).
  await settleAnimations(p);
  expect(seriousViolations(await runAxe(p)), `axe on ${where}`).toEqual([]);
}

async function expectNoSidewaysScroll(p: Page): Promise<void> {
  const doc = await p.evaluate(() => {
    const el = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scroll: el.scrollWidth, client: el.clientWidth };
  });
  expect(doc.scroll).toBeLessThanOrEqual(doc.client);
}

const toast = (p: Page, text: string) => p.locator('#notistack-snackbar').filter({ hasText: text }).first();

/** A date input's value `days` from now (local time). */
function dayFromNow(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

describe.each(VIEWPORTS)('provisioning keys and deploy ($label)', ({ viewport, repo }) => {
  it('an administrator creates a key, sees it once, copies it, a device registers with it, and revokes it', async () => {
    const admin = await createUser(e2e.stack, 'keys-admin');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    const p = await e2e.newPage({ viewport });
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.url });
    await signInAs(p, e2e.stack, admin, `/fleets/${fleet.id}/api-keys`);

    await p.getByRole('heading', { name: 'Provisioning keys', level: 1 }).waitFor();
    await p.getByText('No provisioning keys yet').waitFor();
    expect(await p.getByRole('heading', { level: 1 }).count()).toBe(1);
    await expectAxeClean(p, 'the empty key list');
    await expectNoSidewaysScroll(p);

    await p.getByRole('button', { name: 'Create provisioning key' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'Create provisioning key' });
    await dialog.waitFor();
    // A name is required.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('A name is required').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('ci-key');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('for the CI');
    await dialog.getByLabel('Expiry date').fill(dayFromNow(30));
    await expectAxeClean(p, 'the create dialog');
    await dialog.getByRole('button', { name: 'Create' }).click();

    const created = p.getByRole('dialog', { name: 'Your new provisioning key' });
    await created.waitFor();
    await created.getByText('Copy this key now: it will not be shown again.').waitFor();
    const key = await created.getByRole('textbox', { name: 'Provisioning key' }).inputValue();
    expect(key.length).toBeGreaterThan(20);
    await expectAxeClean(p, 'the key dialog');
    await created.getByRole('button', { name: 'Copy' }).click();
    await toast(p, 'Key copied').waitFor();
    const copied = await p.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
    expect(copied).toBe(key);
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });

    // Listed with its details; the secret itself is nowhere on the page any more, nor after a reload.
    const table = p.getByRole('table', { name: 'Provisioning keys' });
    await table.getByRole('cell', { name: 'ci-key', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'for the CI', exact: true }).waitFor();
    expect(await table.getByRole('cell', { name: 'Never', exact: true }).count()).toBe(0);
    expect(await p.content()).not.toContain(key);
    await p.reload();
    await table.getByRole('cell', { name: 'ci-key', exact: true }).waitFor();
    expect(await p.content()).not.toContain(key);
    await expectAxeClean(p, 'the key list');
    await expectNoSidewaysScroll(p);

    // The key works: a device registers into the fleet with it.
    expect(await register(key, fleet.id)).toBe(201);

    // Revoked after a confirmation; then it registers nothing.
    await p.getByRole('button', { name: 'Revoke ci-key' }).click();
    const confirm = p.getByRole('dialog', { name: 'Revoke provisioning key?' });
    await confirm.getByText('Devices can no longer register with "ci-key". This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await toast(p, 'Provisioning key revoked').waitFor();
    await p.getByText('No provisioning keys yet').waitFor();
    expect(await register(key, fleet.id)).toBe(401);
  });

  it('an observer of the fleet is sent home from the keys page, and the API lists no keys to them', async () => {
    const admin = await createUser(e2e.stack, 'keys-owner');
    const observer = await createUser(e2e.stack, 'keys-observer');
    const org = await createOrganization(e2e.stack, admin);
    const fleet = await createFleet(admin, org.id);
    await addFleetMember(admin, observer, org.id, fleet.id, 'observer');
    const minted = await e2e.stack.api('POST', `/api-key/application/${fleet.id}/provisioning`, admin.token, { name: 'hidden' });
    expect(minted.status, minted.text).toBe(200);

    const p = await e2e.newPage({ viewport });
    await signInAs(p, e2e.stack, observer, `/fleets/${fleet.id}/api-keys`);
    await p.waitForURL((url) => url.pathname === '/fleets');
    await p.getByRole('heading', { name: 'Fleets', level: 1 }).waitFor();
    expect(await p.getByText('hidden').count()).toBe(0);
    // Nor may they mint one.
    const refused = await e2e.stack.api('POST', `/api-key/application/${fleet.id}/provisioning`, observer.token, { name: 'mine' });
    expect(refused.status).toBe(403);
  });

  it('/deploy stores the link, goes to /fleets, and the create dialog deploys the repository with its balena.yml', async () => {
    const admin = await createUser(e2e.stack, 'deploy-admin');
    await createOrganization(e2e.stack, admin);
    const other = (await e2e.stack.api('GET', "/v7/device_type?$select=slug,name&$filter=slug ne 'raspberrypi4-64'&$orderby=name asc&$top=1", admin.token)).json<
      Rows<{ slug: string; name: string }>
    >().d[0]!;
    const repoUrl = `${codeHost.url}/acme/${repo}`;
    const p = await e2e.newPage({ viewport });
    await signInAs(p, e2e.stack, admin, `/deploy?repoUrl=${encodeURIComponent(repoUrl)}&defaultDeviceType=${other.slug}&ignored=1`);
    await p.waitForURL((url) => url.pathname === '/fleets');
    const stored = await p.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('flotilla.deployConfig'));
    const config = JSON.parse(stored ?? 'null') as Record<string, unknown>;
    expect(config).toMatchObject({ repoUrl, defaultDeviceType: other.slug });
    expect(Math.abs(Number(config.createdAt) - Date.now())).toBeLessThan(60_000);
    expect(Object.keys(config).sort()).toEqual(['createdAt', 'defaultDeviceType', 'repoUrl']);

    await p.getByRole('button', { name: 'Create fleet' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'Create fleet' });
    await dialog.getByText(`Deploying ${repoUrl}.`).waitFor();
    await dialog.getByText('2 variables from its balena.yml will be set on the new fleet.').waitFor();
    const name = dialog.getByRole('textbox', { name: /Fleet name/ });
    const expectedName = `${repo === 'demo-390' ? 'demo-mobile' : 'demo-desktop'}-${SUFFIX}`;
    await expect.poll(() => name.inputValue()).toBe(expectedName);
    // The link's device type wins over the contract's.
    await expect.poll(() => dialog.getByRole('combobox', { name: /Default device type/ }).textContent()).toBe(other.name);
    expect(codeHost.requests).toContain(`GET /repos/acme/${repo}`);
    expect(codeHost.requests).toContain(`GET /repos/acme/${repo}/contents/balena.yml?ref=main`);
    await expectAxeClean(p, 'the create dialog of a deploy');
    await expectNoSidewaysScroll(p);

    await dialog.getByRole('button', { name: 'Create fleet' }).click();
    await p.waitForURL((url) => /^\/fleets\/\d+$/.test(url.pathname));
    const fleetId = Number(new URL(p.url()).pathname.split('/')[2]);
    const fleet = (await e2e.stack.api('GET', `/v7/application(${fleetId})?$select=app_name&$expand=is_for__device_type($select=slug)`, admin.token)).json<
      Rows<{ app_name: string; is_for__device_type: Array<{ slug: string }> }>
    >().d[0]!;
    expect(fleet).toEqual({ app_name: expectedName, is_for__device_type: [{ slug: other.slug }] });
    const variables = async (resource: string) =>
      (await e2e.stack.api('GET', `/v7/${resource}?$select=name,value&$filter=application eq ${fleetId}`, admin.token)).json<Rows<{ name: string; value: string }>>().d;
    await expect.poll(() => variables('application_environment_variable')).toEqual([{ name: 'GREETING', value: 'hello' }]);
    await expect.poll(() => variables('application_config_variable')).toEqual([{ name: 'BALENA_HOST_CONFIG_gpu_mem', value: '128' }]);
    // The deploy is done: the next create dialog is a plain one.
    expect(await p.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem('flotilla.deployConfig'))).toBeNull();
  });

  it('an invalid balena.yml is reported in the spec’s words, and the link’s device type still applies', async () => {
    const admin = await createUser(e2e.stack, 'deploy-invalid');
    await createOrganization(e2e.stack, admin);
    const p = await e2e.newPage({ viewport });
    const repoUrl = `${codeHost.url}/acme/broken`;
    await signInAs(p, e2e.stack, admin, `/deploy?repoUrl=${encodeURIComponent(repoUrl)}`);
    await p.waitForURL((url) => url.pathname === '/fleets');
    await p.getByRole('button', { name: 'Create fleet' }).first().click();
    const dialog = p.getByRole('dialog', { name: 'Create fleet' });
    await dialog.getByText(`Deploying ${repoUrl}.`).waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'The balena.yml contract in the repository is invalid' }).waitFor();
    // Nothing is pre-filled from it: the dialog's own suggestion and default device type stay.
    await expect.poll(() => dialog.getByRole('combobox', { name: /Default device type/ }).textContent()).toBe('Raspberry Pi 4 (using 64bit OS)');
    await expectAxeClean(p, 'the create dialog with an invalid contract');
  });
});
