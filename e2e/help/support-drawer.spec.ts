// The support drawer (accounts spec §2 "Support drawer (right, 310px): private support,
// community forum, documentation search, feature requests, create-ticket form", §4 "Ticket
// form", §5 "Support ticket", §6 "Private support needs a paid plan and verified email; the
// upgrade button goes to billing for administrators"), on a desktop and a phone, axe clean.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { storeSession } from '../support/accounts.ts';
import { runAxe, seriousViolations, settleAnimations } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const links = {
  docs: 'https://docs.example.org/learn',
  forums: 'https://forums.example.org/',
  featureRequests: 'https://roadmap.example.org/',
  help: 'https://help.example.org/',
};
const e2e = useBrowserStack({ headerLinks: links });

interface Account {
  token: string;
  userId: number;
  orgId: number;
}

async function register(): Promise<Account> {
  const email = `support-${randomBytes(4).toString('hex')}@example.com`;
  const reg = await e2e.stack.api('POST', '/user/register', undefined, { email, password: 'a long enough password' });
  expect(reg.status, reg.text).toBe(201);
  const who = (await e2e.stack.api('GET', '/user/v1/whoami', reg.text)).json<{ id: number }>();
  const orgs = (await e2e.stack.api('GET', '/v7/organization?$select=id', reg.text)).json<{ d: Array<{ id: number }> }>();
  return { token: reg.text, userId: who.id, orgId: orgs.d[0]!.id };
}

async function verify(account: Account): Promise<void> {
  await e2e.stack.app.db.updateTable('user').set({ is_verified: true }).where('id', '=', account.userId).execute();
}

async function putOnPlan(orgId: number, billingCode: string): Promise<void> {
  const plan = await e2e.stack.app.db.selectFrom('plan').select('id').where('billing_code', '=', billingCode).executeTakeFirstOrThrow();
  await e2e.stack.app.db.insertInto('subscription').values({ is_for__organization: orgId, is_for__plan: plan.id }).execute();
}

async function signedIn(account: Account, viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.newPage({ viewport });
  await storeSession(page, e2e.stack.url, account.token);
  await page.goto(`${e2e.stack.url}/fleets`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Support', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: /^(Support|New support ticket)$/ });
  await drawer.waitFor();
  return drawer;
}

async function expectDrawerSound(page: Page): Promise<void> {
  await settleAnimations(page);
  expect(seriousViolations(await runAxe(page, [['[role="dialog"]']]))).toEqual([]);
}

let freeAdmin: Account;
let paidAdmin: Account;

beforeAll(async () => {
  freeAdmin = await register();
  await verify(freeAdmin);
  paidAdmin = await register();
  await verify(paidAdmin);
  await putOnPlan(paidAdmin.orgId, 'pilot-v2');
});

describe('support drawer', () => {
  it('offers the community, the documentation and feature requests, and on a free plan the way to upgrade (desktop)', async () => {
    const page = await signedIn(freeAdmin, DESKTOP);
    const drawer = await openDrawer(page);
    const width = await drawer.evaluate((el) => (el as unknown as { getBoundingClientRect(): { width: number } }).getBoundingClientRect().width);
    expect(width).toBe(310);
    await expect.poll(() => drawer.getByText(/includes Community support/).count()).toBe(1);
    const upgrade = drawer.getByRole('link', { name: 'Upgrade plan' });
    expect(await upgrade.getAttribute('href')).toBe(`/orgs/${freeAdmin.orgId}/billing#billing-plans`);
    expect(await drawer.getByRole('link', { name: /Open the forum/ }).getAttribute('href')).toBe(links.forums);
    expect(await drawer.getByRole('link', { name: /Suggest a feature/ }).getAttribute('href')).toBe(links.featureRequests);
    await expectDrawerSound(page);

    // The documentation search opens the docs with the words, in a new tab (answered locally: no internet here).
    await page.context().route('https://docs.example.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Docs</title>' }));
    const popup = page.context().waitForEvent('page');
    await drawer.getByRole('searchbox', { name: 'Search the documentation' }).fill('fleet variables');
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe('https://docs.example.org/learn?q=fleet+variables');
    await opened.close();

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('opens a ticket with a field, a CC and an attachment on a phone, refusing a file over 5 MB', async () => {
    const page = await signedIn(paidAdmin, PHONE);
    const drawer = await openDrawer(page);
    await drawer.getByRole('button', { name: 'Create a ticket' }).click();
    await drawer.getByRole('heading', { name: 'New support ticket' }).waitFor();
    await drawer.getByRole('textbox', { name: 'Subject' }).fill('Devices stuck downloading');
    await drawer.getByRole('textbox', { name: 'Description' }).fill('Since the last release, three devices stay at 40 %.');
    await drawer.getByRole('combobox', { name: 'Product area' }).click();
    await page.getByRole('option', { name: 'Devices' }).click();

    const cc = drawer.getByRole('textbox', { name: 'CC' });
    await cc.fill('ops@example.com, nope');
    await drawer.getByText('Not an email address: nope').waitFor();
    expect(await drawer.getByRole('button', { name: 'Submit ticket' }).isDisabled()).toBe(true);
    await cc.fill('ops@example.com,  lead @example.com');

    const input = drawer.locator('input[type="file"]');
    await input.setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) });
    await drawer.getByText('This file is larger than 5 MB and cannot be attached').waitFor();
    expect(await drawer.getByRole('button', { name: 'Submit ticket' }).isDisabled()).toBe(true);
    await drawer.getByRole('button', { name: 'Remove big.bin' }).click();
    await input.setInputFiles({ name: 'supervisor.log', mimeType: 'text/plain', buffer: Buffer.from('download stalled at 40%') });
    await drawer.getByText('supervisor.log').waitFor();
    await expectDrawerSound(page);

    await drawer.getByRole('button', { name: 'Submit ticket' }).click();
    const done = drawer.getByText(/^Ticket #\d+ was sent/);
    await done.waitFor();
    const id = Number(/#(\d+)/.exec((await done.textContent()) ?? '')?.[1]);
    const ticket = await e2e.stack.app.db.selectFrom('support_ticket').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ is_for__organization: paidAdmin.orgId, subject: 'Devices stuck downloading', email_ccs: ['ops@example.com', 'lead@example.com'] });
    expect(ticket.custom_fields).toEqual([expect.objectContaining({ value: 'devices' })]);
    const files = await e2e.stack.app.db.selectFrom('support_attachment').select('filename').where('support_ticket', '=', id).execute();
    expect(files).toEqual([{ filename: 'supervisor.log' }]);
    expect(await drawer.getByRole('link', { name: /Visit the help center/ }).getAttribute('href')).toBe(links.help);
    await expectDrawerSound(page);

    // Create another starts a clean form.
    await drawer.getByRole('button', { name: 'Create another ticket' }).click();
    expect(await drawer.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('');
  });

  it('asks an unverified member to verify their email first', async () => {
    const member = await register();
    const role = await e2e.stack.app.db.selectFrom('organization_membership_role').select('id').where('name', '=', 'member').executeTakeFirstOrThrow();
    await e2e.stack.app.db.insertInto('organization_membership').values({ user: member.userId, is_member_of__organization: paidAdmin.orgId, organization_membership_role: role.id }).execute();
    const page = await signedIn(member, PHONE);
    const drawer = await openDrawer(page);
    // Two organizations: the paid one is chosen in the drawer's organization field.
    const name = (await e2e.stack.app.db.selectFrom('organization').select('name').where('id', '=', paidAdmin.orgId).executeTakeFirstOrThrow()).name;
    if (await drawer.getByText('Verify your email address to open support tickets.').count() === 0) {
      await drawer.getByRole('combobox', { name: 'Organization' }).click();
      await page.getByRole('option', { name }).click();
    }
    await drawer.getByText('Verify your email address to open support tickets.').waitFor();
    expect(await drawer.getByRole('button', { name: 'Create a ticket' }).count()).toBe(0);

    // The drawer's title and its close button are above the header, not hidden under it: a
    // real click reaches the button (the header intercepting it fails the click).
    await drawer.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Close support' }).click({ timeout: 3000 });
    await drawer.waitFor({ state: 'hidden' });
  });
});
