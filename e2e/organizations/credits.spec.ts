// The organization credits page as its users see it (accounts spec §2 Credits page, §4 "Credit
// bundle payment_status", "Add credits steps", §5 Credits, §6, §8 Credits, §9): an administrator
// on a paid plan with a card buys 10 credits through the Add credits dialog and sees the balance
// and the purchase; a card whose charges are declined leaves a failed purchase with the
// processor's message and no credits; a free-plan administrator is offered Upgrade plan, which
// leads to the billing page's plans; a member is told to contact an administrator. The page and
// its dialog at 390 px and axe-clean. Real server, local processor stand-in, real Chromium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { addMembership, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
const phone = { viewport: { width: 390, height: 844 } };

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** A card saved as the organization's payment method, as the billing page's flow leaves it (setup intent → local confirm → store). */
async function saveCard(admin: E2eUser, orgId: number, number: string): Promise<void> {
  const intent = await e2e.stack.api('POST', `/billing/v1/account/${orgId}/setup-intent`, admin.token, { 'g-recaptcha-response': 'dummy' });
  expect(intent.status, intent.text).toBe(200);
  const { id, client_secret } = intent.json<{ id: string; client_secret: string }>();
  const confirm = await e2e.stack.api('POST', `/billing/v1/local-processor/setup-intents/${id}/confirm`, undefined, {
    client_secret,
    method: { type: 'card', number, exp_month: 12, exp_year: 2040, cvc: '123' },
  });
  expect(confirm.status, confirm.text).toBe(200);
  const stored = await e2e.stack.api('PATCH', `/billing/v1/account/${orgId}/info`, admin.token, { token_id: id, type: 'setup_intent' });
  expect(stored.status, stored.text).toBe(200);
}

/** An administrator's organization on Pilot, paid with a good card, then (optionally) another card on file. */
async function pilotOrganization(prefix: string, cardAfterUpgrade?: string): Promise<{ admin: E2eUser; orgId: number }> {
  const admin = await createUser(e2e.stack, prefix);
  const org = await createOrganization(e2e.stack, admin, 'Credits');
  await saveCard(admin, org.id, '4242424242424242');
  const plan = await e2e.stack.api('PATCH', `/billing/v1/account/${org.id}/plan`, admin.token, { tier: 'pilot-v2', cycle: 'monthly' });
  expect(plan.status, plan.text).toBe(200);
  if (cardAfterUpgrade) await saveCard(admin, org.id, cardAfterUpgrade);
  return { admin, orgId: org.id };
}

async function openCredits(user: E2eUser, orgId: number, options = {}): Promise<Page> {
  const page = await e2e.newPage(options);
  await signInAs(page, e2e.stack, user, `/orgs/${orgId}/credits`);
  await page.getByRole('heading', { level: 1, name: 'Credits' }).waitFor();
  return page;
}

const balance = (page: Page) => page.getByTestId('credit-balance').textContent();

describe('organization credits page', () => {
  it('lets an administrator buy 10 credits and shows the balance and the purchase', async () => {
    const { admin, orgId } = await pilotOrganization('credits-admin');
    const page = await openCredits(admin, orgId);
    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Credits' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => balance(page)).toBe('0 credits');
    await section(page, 'Purchase history').getByText('No credits have been purchased yet.').waitFor();
    // Calculator and notifications only once purchases exist.
    expect(await section(page, 'Runway calculator').count()).toBe(0);

    await section(page, 'Credit balance').getByRole('button', { name: 'Add credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    const quantity = dialog.getByRole('textbox', { name: 'Credits' });
    await quantity.fill('0');
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await quantity.fill('10');
    await quantity.press('Enter');
    await dialog.getByText('$2.00').waitFor();
    expect(await dialog.getByTestId('credits-total').textContent()).toBe('$20.00');
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await dialog.getByText(/^10 credits were added to Credits /).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect.poll(() => balance(page)).toBe('10 credits');
    const row = section(page, 'Purchase history').getByTestId('credit-purchase');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByText('Paid').waitFor();
    await row.getByText('$20.00').waitFor();

    // With a purchase: the runway calculator (Pilot includes 50 devices) and notifications.
    const runway = section(page, 'Runway calculator');
    await runway.getByRole('textbox', { name: 'Projected additional devices' }).fill('70');
    await runway.getByRole('textbox', { name: 'Months' }).fill('3');
    // ceil((0 + 70 − 50) × 3 / 2) − 10 = 20
    await runway.getByText('You need 20 more credits for this projection.').waitFor();
    const notification = section(page, 'Low-credit notifications');
    await notification.getByText('Notifications are off.').waitFor();
    const threshold = notification.getByRole('textbox', { name: 'Notify when credits fall below' });
    expect(await threshold.inputValue()).toBe('0');
    await threshold.fill('25');
    await notification.getByRole('button', { name: 'Apply' }).click();
    await notification.getByText('Notifications are on: below 25 credits.').waitFor();
    // Unchanged: Apply is disabled.
    expect(await notification.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    const stored = await e2e.stack.api('GET', `/v7/organization_credit_notification?$filter=organization%20eq%20${orgId}`, admin.token);
    expect(stored.json<{ d: { is_sent_when_below__threshold: number }[] }>().d.map((n) => n.is_sent_when_below__threshold)).toEqual([25]);
  });

  it("records a declined charge as a failed purchase with the processor's message, and adds no credits", async () => {
    const { admin, orgId } = await pilotOrganization('credits-declined', '4000000000000341');
    const page = await openCredits(admin, orgId);
    await expect.poll(() => balance(page)).toBe('0 credits');
    await section(page, 'Credit balance').getByRole('button', { name: 'Add credits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await dialog.getByRole('textbox', { name: 'Credits' }).fill('10');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await page.getByText('Your card was declined.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = section(page, 'Purchase history').getByTestId('credit-purchase');
    await row.getByText('Failed').waitFor();
    await row.getByText('Your card was declined.').waitFor();
    await expect.poll(() => balance(page)).toBe('0 credits');
  });

  it('offers a free-plan administrator Upgrade plan, which leads to the plans on the billing page', async () => {
    const admin = await createUser(e2e.stack, 'credits-free');
    const org = await createOrganization(e2e.stack, admin, 'Free');
    const page = await openCredits(admin, org.id);
    const summary = section(page, 'Credit balance');
    await summary.getByText('Your plan does not support credits.', { exact: false }).waitFor();
    expect(await summary.getByRole('button', { name: 'Add credits' }).count()).toBe(0);
    await summary.getByRole('link', { name: 'Upgrade plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/orgs/${org.id}/billing`);
    expect(new URL(page.url()).hash).toBe('#billing-plans');
  });

  it('tells a member to contact an administrator, without a Credits entry', async () => {
    const admin = await createUser(e2e.stack, 'credits-owner');
    const member = await createUser(e2e.stack, 'credits-member');
    const org = await createOrganization(e2e.stack, admin, 'Members');
    await addMembership(e2e.stack, member, org.id, 'member');
    const page = await openCredits(member, org.id);
    await page.getByTestId('forbidden-state').getByText('Please contact an administrator', { exact: false }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Teams' }).waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Credits' }).count()).toBe(0);
    expect(await section(page, 'Credit balance').count()).toBe(0);
  });

  it('is usable and axe-clean at 390 px, with its dialog, from the keyboard', async () => {
    const { admin, orgId } = await pilotOrganization('credits-phone');
    const page = await openCredits(admin, orgId, phone);
    await expect.poll(() => balance(page)).toBe('0 credits');
    await expectPageSound(page);

    const add = section(page, 'Credit balance').getByRole('button', { name: 'Add credits' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add credits' });
    await dialog.waitFor();
    await expectPageSound(page);
    // The quantity field has the focus: type, Enter for Next, then Pay now from the keyboard.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    const pay = dialog.getByRole('button', { name: 'Pay now' });
    await pay.waitFor();
    await expectPageSound(page);
    await pay.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Purchase more credits' }).waitFor();
    await expectPageSound(page);
    await dialog.getByRole('button', { name: 'Purchase more credits' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Credits' }).inputValue()).toBe('1');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(() => balance(page)).toBe('3 credits');
    await section(page, 'Runway calculator').waitFor();
    await section(page, 'Low-credit notifications').waitFor();
    await expectPageSound(page);
  });
});
