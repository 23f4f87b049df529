// @vitest-environment jsdom
import '../billing-catalog.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeBillingApi } from '../test/fake-billing-api.ts';
import { PaymentMethodDialog } from './PaymentMethodDialog.tsx';

const INTENT = '/billing/v1/account/4/setup-intent';
const CONFIRM = '/billing/v1/local-processor/setup-intents/seti_1/confirm';
const config = (provider: 'local' | 'stripe') => ({
  status: 200,
  body: {
    codeHostApiUrl: 'https://api.github.com',
    avatarUrl: null,
    adminUrl: null,
    headerLinks: { gettingStarted: null, docs: null, featureRequests: null, forums: null, help: null, serviceStatus: null, hub: null },
    mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    deviceUrlsBase: 'devices.example',
    cliVersion: '25.2.6',
    cliDownloadBaseUrl: 'https://example.org/cli',
    gitServer: null,
    socialProviders: [],
    billing: { provider, publishableKey: null },
  },
});

beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fillCard(number: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: /Card number/ }), { target: { value: number } });
  fireEvent.change(screen.getByRole('textbox', { name: /Expiry/ }), { target: { value: '12/40' } });
  fireEvent.change(screen.getByRole('textbox', { name: /CVC/ }), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save payment method' }));
}

describe('PaymentMethodDialog (accounts spec §4 "Payment method flow")', () => {
  it('creates a setup intent with the captcha, confirms it with the processor and goes to the return URL with the plan to propose', async () => {
    const api = fakeBillingApi({
      [`POST ${INTENT}`]: { status: 200, body: { id: 'seti_1', client_secret: 'seti_1_secret' } },
      [`POST ${CONFIRM}`]: { status: 200, body: { id: 'seti_1', status: 'succeeded' } },
    });
    const onClose = vi.fn();
    const { router } = renderWithProviders(<PaymentMethodDialog orgId={4} then={{ tier: 'pilot', cycle: 'annual' }} onClose={onClose} />);
    await fillCard('4242 4242 4242 4242');
    await waitFor(() => expect(router.state.location.href).toBe('/orgs/4/billing?setup-intent=seti_1&then-propose-plan-tier=pilot&then-propose-plan-cycle=annual'));
    expect(onClose).toHaveBeenCalled();
    expect(api.sent('POST', INTENT)[0]?.body).toEqual({ 'g-recaptcha-response': 'dummy-captcha-response' });
    expect(api.sent('POST', CONFIRM)[0]?.body).toEqual({ client_secret: 'seti_1_secret', method: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } });
  });

  it("shows the processor's message for a declined card and stays", async () => {
    fakeBillingApi({
      [`POST ${INTENT}`]: { status: 200, body: { id: 'seti_1', client_secret: 'seti_1_secret' } },
      [`POST ${CONFIRM}`]: { status: 402, body: { id: 'seti_1', status: 'requires_payment_method', error: { message: 'Your card was declined.' } } },
    });
    const onClose = vi.fn();
    renderWithProviders(<PaymentMethodDialog orgId={4} onClose={onClose} />);
    await fillCard('4000000000000002');
    expect((await screen.findByTestId('payment-error')).textContent).toBe('Your card was declined.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says the built-in test processor charges nothing, and on a Stripe server without a publishable key that payments are not set up', async () => {
    fakeBillingApi({ 'GET /config': config('local') });
    renderWithProviders(<PaymentMethodDialog orgId={4} onClose={() => undefined} />);
    expect(await screen.findByText(/built-in test processor: nothing is charged/)).toBeTruthy();
    cleanup();
    const api = fakeBillingApi({ 'GET /config': config('stripe') });
    renderWithProviders(<PaymentMethodDialog orgId={4} onClose={() => undefined} />);
    expect(await screen.findByText(/Payments through Stripe are not set up on this server/)).toBeTruthy();
    // No card fields of our own on a Stripe server: the details would go to Stripe's Payment Element.
    expect(screen.queryByRole('textbox', { name: /Card number/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Save payment method' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.sent('POST', INTENT)).toEqual([]);
  });

  it('checks a SEPA IBAN before asking anyone', async () => {
    const api = fakeBillingApi({});
    renderWithProviders(<PaymentMethodDialog orgId={4} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'SEPA Direct Debit' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /IBAN/ }), { target: { value: 'DE00370400440532013000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment method' }));
    expect(await screen.findByText('Enter a valid IBAN')).toBeTruthy();
    // Only the deployment's configuration was read: nothing went to the billing API or the processor.
    expect(api.requests.filter((r) => r.path !== '/config')).toHaveLength(0);
  });
});
