// The payment method dialog on a Stripe deployment (accounts spec §4 "Payment method flow";
// PAYMENT_PROVIDER=stripe): the dashboard loads Stripe.js from STRIPE_JS_URL, mounts its Payment
// Element, and confirms the organization's setup intent with it; the card details go to Stripe,
// never to this server. Stripe is out of reach here, so a stand-in on a local port
// (apps/api/src/test/stripe-stand-in.ts) serves both Stripe.js and the REST API the server's SDK
// and that Stripe.js call. The page's Content-Security-Policy lets exactly that origin in. At 390 px,
// axe-clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../apps/api/src/lib/config.ts';
import { STAND_IN_DECLINED_CARD, startStripeStandIn, type StripeStandIn } from '../../apps/api/src/test/stripe-stand-in.ts';
import { expectPageSound } from '../support/axe.ts';
import { useBrowserStack } from '../support/browser-stack.ts';
import { createOrganization, createUser, signInAs } from '../support/organizations.ts';

let stripe: StripeStandIn;
// The stack reads its configuration when its beforeAll runs, after this file's own beforeAll.
const config: Partial<AppConfig> = { paymentProvider: 'stripe' };
beforeAll(async () => {
  stripe = await startStripeStandIn();
  Object.assign(config, { stripeSecretKey: stripe.secretKey, stripePublishableKey: stripe.publishableKey, stripeApiUrl: stripe.url, stripeJsUrl: stripe.jsUrl });
});
afterAll(async () => {
  await stripe?.close();
});
const e2e = useBrowserStack(config);
const phone = { viewport: { width: 390, height: 844 } };

describe('payment method through Stripe.js', () => {
  it('saves a card typed into the Payment Element, shows a decline without saving, and pays for an upgrade with the card', async () => {
    const admin = await createUser(e2e.stack, 'stripe-admin');
    const org = await createOrganization(e2e.stack, admin, 'Stripe');
    const page = await e2e.newPage(phone);
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/billing`);
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();

    const payment = page.getByRole('region', { name: 'Payment method', exact: true });
    await payment.getByRole('button', { name: 'Add payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment method' });
    await dialog.getByText('Your payment details go straight to Stripe').waitFor();
    const cardNumber = dialog.getByRole('textbox', { name: /Card number \(Stripe test stand-in\)/ });
    await cardNumber.waitFor();
    // Only Stripe's element takes the details: none of the built-in processor's fields.
    expect(await dialog.getByRole('textbox', { name: 'Expiry' }).count()).toBe(0);
    await expectPageSound(page);

    // A decline is Stripe's message in the dialog; nothing is saved and the dialog stays.
    await cardNumber.fill(STAND_IN_DECLINED_CARD);
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    await dialog.getByTestId('payment-error').getByText('Your card was declined.').waitFor();
    const saved = () => e2e.stack.app.db.selectFrom('billing_info').select('token_id').where('organization', '=', org.id).execute();
    expect(await saved()).toEqual([]);

    await cardNumber.fill('4242424242424242');
    await dialog.getByRole('button', { name: 'Save payment method' }).click();
    await page.getByText('Billing information updated').waitFor();
    await payment.getByText('Visa ending in 4242').waitFor();
    // The card number went to the stand-in with the publishable key, never to the API server.
    const confirms = stripe.seen.filter((r) => r.path.endsWith('/confirm'));
    expect(confirms.at(-1)?.auth).toBe(`Bearer ${stripe.publishableKey}`);

    await page.getByRole('region', { name: 'Available plans' }).getByRole('button', { name: 'Upgrade: Pilot' }).click();
    await page.getByRole('dialog', { name: 'Upgrade to Pilot' }).getByRole('button', { name: 'Pay now' }).click();
    await page.getByText('Plan updated').waitFor();
    const charge = stripe.seen.filter((r) => r.path === '/v1/payment_intents').at(-1);
    expect(charge?.form.get('amount')).toBe('29900');
  });

  it('says the secure form could not be loaded, with Retry, when Stripe.js is unreachable', async () => {
    const admin = await createUser(e2e.stack, 'stripe-offline');
    const org = await createOrganization(e2e.stack, admin, 'Stripe offline');
    const page = await e2e.newPage(phone);
    let blocked = true;
    await page.route(`${stripe.url}/v3/`, (route) => (blocked ? route.abort() : route.continue()));
    await signInAs(page, e2e.stack, admin, `/orgs/${org.id}/billing`);
    await page.getByRole('region', { name: 'Payment method', exact: true }).getByRole('button', { name: 'Add payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment method' });
    await dialog.getByTestId('error-state').waitFor();
    expect(await dialog.getByRole('button', { name: 'Save payment method' }).isDisabled()).toBe(true);
    blocked = false;
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByRole('textbox', { name: /Card number \(Stripe test stand-in\)/ }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Save payment method' }).isDisabled()).toBe(false);
  });
});
