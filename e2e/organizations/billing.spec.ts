// The organization billing page as its users see it (accounts spec §2 Billing page, §4 "Plan
// change", "Payment method flow", "Invoice states", §5 "Company info", §6, §8): an administrator
// adds a card with the local test processor, upgrades to Pilot, finds the paid invoice and
// downloads its PDF; a declined card and a failing charge leave the plan as it was; company info
// refuses a tax id of the wrong format; a member is told to contact an administrator and has no
// Billing entry. The page and its dialogs at 390 px and axe-clean. Real server, real processor
// stand-in (PAYMENT_PROVIDER=local, the default), real Chromium.
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { addMembership, createOrganization, createUser, signInAs, type E2eUser } from '../support/organizations.ts';

const e2e = useBrowserStack();
const phone = { viewport: { width: 390, height: 844 } };

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const planCard = (page: Page) => section(page, 'Current plan');
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function openBilling(user: E2eUser, orgId: number, options = {}, query = ''): Promise<Page> {
  const page = await e2e.newPage(options);
  await signInAs(page, e2e.stack, user, `/orgs/${orgId}/billing${query}`);
  await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
  return page;
}

async function fillCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(number);
  await dialog.getByRole('textbox', { name: 'Expiry' }).fill('12/40');
  await dialog.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog.getByRole('button', { name: 'Save payment method' }).click();
}

async function currentPlanTitle(page: Page): Promise<string | null> {
  return planCard(page).locator('dd').first().textContent();
}

describe('organization billing page', () => {
  it('lets an administrator add a card, upgrade to Pilot, see the paid invoice and download its PDF', async () => {
    const admin = await createUser(e2e.stack, 'billing-admin');
    const org = await createOrganization(e2e.stack, admin, 'Billing');
    const page = await openBilling(admin, org.id);

    await expect.poll(() => currentPlanTitle(page)).toBe('Free');
    await expect.poll(() => sidebar(page).getByRole('link', { name: 'Billing' }).getAttribute('aria-current')).toBe('page');
    await section(page, 'Invoices').getByText('No invoices yet.').waitFor();
    // Free has no dynamic usage section.
    expect(await section(page, 'Usage this period').count()).toBe(0);

    const payment = section(page, 'Payment method');
    await payment.getByText('No payment method on file.').waitFor();
    await payment.getByRole('button', { name: 'Add payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment method' });
    await fillCard(dialog, '4242 4242 4242 4242');
    // Back on the page from the return URL, which stores the setup intent by itself.
    await page.getByText('Billing information updated').waitFor();
    await payment.getByText('Visa ending in 4242').waitFor();
    await payment.getByText('Expires 12/2040').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    await section(page, 'Available plans').getByRole('button', { name: 'Upgrade: Pilot' }).click();
    const change = page.getByRole('dialog', { name: 'Upgrade to Pilot' });
    await change.getByText('You will be charged $299.00 now, then every month.').waitFor();
    await change.getByRole('button', { name: 'Pay now' }).click();
    await page.getByText('Plan updated').waitFor();
    await expect.poll(() => currentPlanTitle(page)).toBe('Pilot');
    await planCard(page).getByText(/\$299\.00 \/ month/).waitFor();
    await section(page, 'Available plans').getByRole('button', { name: 'Current plan' }).waitFor();
    // A paid plan shows its dynamic usage.
    await section(page, 'Usage this period').getByRole('table', { name: 'Usage this period' }).waitFor();

    const invoices = section(page, 'Invoices');
    const row = invoices.getByTestId('invoice-row').first();
    await row.getByText(/\$299\.00/).waitFor();
    await row.getByText(/Paid/).waitFor();
    const number = (await row.textContent())?.match(/^(\S+) ·/)?.[1] ?? '';
    expect(number).not.toBe('');
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Download invoice ${number} (PDF)` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // The payment method a paid plan depends on cannot be removed: the server says why.
    await payment.getByRole('button', { name: 'Remove payment method' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove the payment method?' });
    await remove.getByRole('button', { name: 'Remove payment method' }).click();
    await remove.getByRole('alert').waitFor();
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await payment.getByText('Visa ending in 4242').waitFor();
  });

  it("shows the processor's message for a declined card and keeps the old plan when the charge fails", async () => {
    const admin = await createUser(e2e.stack, 'billing-declined');
    const org = await createOrganization(e2e.stack, admin, 'Declined');
    const page = await openBilling(admin, org.id);
    await expect.poll(() => currentPlanTitle(page)).toBe('Free');

    // No payment method yet: choosing a paid plan asks for one first.
    await section(page, 'Available plans').getByRole('button', { name: 'Upgrade: Pilot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment method' });
    await dialog.getByText('This plan needs a payment method.', { exact: false }).waitFor();
    await fillCard(dialog, '4000000000000002');
    expect(await dialog.getByTestId('payment-error').textContent()).toBe('Your card was declined.');

    // A card that saves but whose charges fail: the plan change is proposed on return, and refused.
    await fillCard(dialog, '4000000000000341');
    await page.getByText('Billing information updated').waitFor();
    const change = page.getByRole('dialog', { name: 'Upgrade to Pilot' });
    await change.getByRole('button', { name: 'Pay now' }).click();
    expect(await change.getByTestId('plan-change-error').textContent()).toBe('Your card was declined.');
    await change.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => currentPlanTitle(page)).toBe('Free');
    await page.reload();
    await expect.poll(() => currentPlanTitle(page)).toBe('Free');
  });

  it('refuses a tax id of the wrong format and saves the right one', async () => {
    const admin = await createUser(e2e.stack, 'billing-company');
    const org = await createOrganization(e2e.stack, admin, 'Company');
    const page = await openBilling(admin, org.id);
    const account = section(page, 'Account info');
    await account.getByText('No company info yet.').waitFor();
    await account.getByRole('button', { name: 'Edit company info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit company info' });
    expect(await dialog.getByRole('textbox', { name: 'Billing email' }).inputValue()).toBe(admin.email);
    await dialog.getByRole('textbox', { name: 'Company name' }).fill('Acme Robotics');
    await dialog.getByRole('combobox', { name: 'Tax ID type' }).selectOption('us_ein');
    await dialog.getByRole('textbox', { name: 'Tax ID', exact: true }).fill('123456789');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This tax ID does not match the format of its type').waitFor();
    await dialog.getByRole('textbox', { name: 'Tax ID', exact: true }).fill('12-3456789');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Billing account info updated').waitFor();
    await account.getByText('United States EIN: 12-3456789').waitFor();
    await account.getByText('Acme Robotics').waitFor();
    const res = await e2e.stack.api('GET', `/billing/v1/account/${org.id}`, admin.token);
    expect(res.json<{ tax_id: unknown; company_name: string }>()).toMatchObject({ company_name: 'Acme Robotics', tax_id: { type: 'us_ein', value: '12-3456789' } });
  });

  it('tells a member to contact an administrator, without a Billing entry', async () => {
    const admin = await createUser(e2e.stack, 'billing-owner');
    const member = await createUser(e2e.stack, 'billing-member');
    const org = await createOrganization(e2e.stack, admin, 'Members');
    await addMembership(e2e.stack, member, org.id, 'member');
    const page = await openBilling(member, org.id);
    await page.getByTestId('forbidden-state').getByText('Please contact an administrator', { exact: false }).waitFor();
    await sidebar(page).getByRole('link', { name: 'Teams' }).waitFor();
    expect(await sidebar(page).getByRole('link', { name: 'Billing' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Current plan' }).count()).toBe(0);
    await expectPageSound(page);
  });

  it('is usable and axe-clean at 390 px, with its dialogs, and opens a plan change from the URL', async () => {
    const admin = await createUser(e2e.stack, 'billing-phone');
    const org = await createOrganization(e2e.stack, admin, 'Phone');
    // Company info and a card through the API, as earlier visits would have left them.
    expect((await e2e.stack.api('PATCH', `/billing/v1/account/${org.id}`, admin.token, { email: admin.email, company_name: 'Phone Co' })).status).toBe(200);
    const page = await openBilling(admin, org.id, phone, '?plan=prototype-v2&cycle=annual#billing-plans');

    // `plan` and `cycle` open that change's confirmation; which asks for a payment method first.
    const payment = page.getByRole('dialog', { name: 'Payment method' });
    await payment.waitFor();
    await expectPageSound(page);
    await payment.getByRole('radio', { name: 'SEPA Direct Debit' }).check();
    await payment.getByRole('textbox', { name: 'IBAN' }).fill('DE89 3704 0044 0532 0130 00');
    await payment.getByRole('button', { name: 'Save payment method' }).click();
    await page.getByText('Billing information updated').waitFor();

    // A bank method: the recurring-debit terms come first ("Next").
    const change = page.getByRole('dialog', { name: 'Upgrade to Prototype' });
    await change.getByText(/charged \$1,069\.20 now, then every year/).waitFor();
    await expectPageSound(page);
    await change.getByRole('button', { name: 'Next' }).click();
    const terms = page.getByRole('dialog', { name: 'Recurring debit terms' });
    await expectPageSound(page);
    await terms.getByRole('checkbox', { name: 'I accept the recurring debit terms' }).check();
    await terms.getByRole('button', { name: 'Continue' }).click();
    await change.getByRole('button', { name: 'Pay now' }).click();
    await page.getByText('Plan updated').waitFor();
    await expect.poll(() => currentPlanTitle(page)).toBe('Prototype');
    await section(page, 'Payment method').getByText('SEPA Direct Debit ending in 3000').waitFor();
    await expectPageSound(page);

    await section(page, 'Account info').getByRole('button', { name: 'Edit company info' }).click();
    await page.getByRole('dialog', { name: 'Edit company info' }).waitFor();
    await expectPageSound(page);
    await page.keyboard.press('Escape');

    // Keyboard: the switch between monthly and annual prices (annual shown per month, annual / 12).
    const plans = section(page, 'Available plans');
    const annual = plans.getByRole('switch', { name: 'Annual billing' });
    await annual.focus();
    if (await annual.isChecked()) await page.keyboard.press('Space');
    await expect.poll(() => annual.isChecked()).toBe(false);
    await plans.getByRole('article', { name: 'Pilot' }).getByText('$299.00 / month').waitFor();
    await plans.getByRole('article', { name: 'Prototype' }).getByRole('button', { name: 'Switch to monthly billing: Prototype' }).waitFor();
    await page.keyboard.press('Space');
    await expect.poll(() => annual.isChecked()).toBe(true);
    await plans.getByRole('article', { name: 'Pilot' }).getByText('$269.10 / month').waitFor();
    await plans.getByRole('article', { name: 'Prototype' }).getByRole('button', { name: 'Current plan' }).waitFor();
  });
});

describe('past-due notice (accounts §4 "Notices", §9)', () => {
  it('shows the days until freezing on the organization pages, and a new card pays the invoice and clears it', async () => {
    const admin = await createUser(e2e.stack, 'billing-past-due');
    const member = await createUser(e2e.stack, 'billing-past-due-member');
    const org = await createOrganization(e2e.stack, admin, 'PastDue');
    await addMembership(e2e.stack, member, org.id, 'member');
    // A renewal the processor declined 35 days ago, as the renewal job leaves it.
    const due = new Date(Date.now() - 35 * 24 * 60 * 60 * 1000);
    const db = e2e.stack.app.db;
    await db
      .insertInto('invoice')
      .values({
        uuid: sql<string>`md5(random()::text)`,
        organization: org.id,
        invoice_number: sql<string>`'FLT-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`,
        state: 'past_due',
        due_on: due,
        total_in_cents: 29900,
        description: 'Pilot plan (monthly) renewal',
        failure_message: 'Your card was declined.',
        attempt_count: 1,
        last_attempt_at: due,
      })
      .execute();
    await db.updateTable('organization').set({ has_past_due_invoice_since__date: due }).where('id', '=', org.id).execute();

    // A member: the error with the days left, and who to ask (no billing link), at 390 px.
    let page = await e2e.newPage(phone);
    await signInAs(page, e2e.stack, member, `/orgs/${org.id}`);
    let notice = page.getByTestId('past-due-notice');
    await notice.getByText(/will be frozen in 25 days\. Please reach out to its administrators\./).waitFor();
    expect(await notice.getAttribute('data-level')).toBe('error');
    expect(await notice.getByRole('link').count()).toBe(0);
    await expectPageSound(page);

    // The administrator follows the notice to the payment method and adds a card: the invoice is paid and the notice goes.
    page = await e2e.newPage();
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/members`);
    notice = page.getByTestId('past-due-notice');
    await notice.getByRole('link', { name: 'Update the payment method to pay it.' }).click();
    await page.waitForURL(new RegExp(`/orgs/${org.id}/billing#payment-method$`));
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    await section(page, 'Invoices').getByTestId('invoice-row').first().getByText(/Past due/).waitFor();
    await expectPageSound(page);
    await section(page, 'Payment method').getByRole('button', { name: 'Add payment method' }).click();
    await fillCard(page.getByRole('dialog', { name: 'Payment method' }), '4242 4242 4242 4242');
    await page.getByText('Billing information updated').waitFor();
    await section(page, 'Invoices').getByTestId('invoice-row').first().getByText(/Paid/).waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    const after = await db.selectFrom('organization').select(['has_past_due_invoice_since__date', 'is_frozen']).where('id', '=', org.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ has_past_due_invoice_since__date: null, is_frozen: false });
  });
});
