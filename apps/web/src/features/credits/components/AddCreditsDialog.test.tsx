// @vitest-environment jsdom
import '../credits-catalog.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeBillingApi } from '../../billing/test/fake-billing-api.ts';
import { AddCreditsDialog } from './AddCreditsDialog.tsx';

const bundle = (extra: Record<string, unknown>) => ({
  id: 1,
  created_at: new Date().toISOString(),
  original_quantity: 10,
  total_balance: 10,
  total_cost: 2000,
  payment_status: 'paid',
  error_message: null,
  expires_on__date: new Date().toISOString(),
  ...extra,
});

beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Rendered once the router has drawn the dialog (its quantity field is there). */
async function open() {
  const onClose = vi.fn();
  renderWithProviders(<AddCreditsDialog orgId={4} organizationName="Acme" featureId={9} unitCents={200} initialQuantity={1} onClose={onClose} />);
  await screen.findByRole('textbox', { name: 'Credits' });
  return { onClose };
}

const field = () => screen.getByRole('textbox', { name: 'Credits' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('AddCreditsDialog (accounts spec §4 "Add credits steps", §5 Credits)', () => {
  it('takes digits only, clamps, needs more than 0, confirms the price and pays; Purchase more credits starts again at 1', async () => {
    const api = fakeBillingApi({ 'POST /v7/credit_bundle': { status: 201, body: bundle({}) }, 'GET /config': { status: 500, body: { error: 'none' } } });
    await open();
    fireEvent.change(field(), { target: { value: '1a2' } });
    expect(field().value).toBe('12');
    fireEvent.change(field(), { target: { value: '' } });
    expect(field().value).toBe('0');
    expect(button('Next').disabled).toBe(true);
    fireEvent.change(field(), { target: { value: '2000000' } });
    expect(field().value).toBe('1500000');
    fireEvent.click(button('Next'));
    // 1,500,000 × $2.00 = $3,000,000: at 1e8 cents or more, Contact sales instead of Pay now.
    expect(await screen.findByText('$3,000,000.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(button('Contact sales')).toBeTruthy();
    fireEvent.click(button('Go back'));
    fireEvent.change(field(), { target: { value: '10' } });
    fireEvent.click(button('Next'));
    expect(await screen.findByText('Acme')).toBeTruthy();
    expect(screen.getByText('$2.00')).toBeTruthy();
    expect(screen.getByText('$20.00')).toBeTruthy();
    expect(screen.getByText(/agree that the total is charged now/)).toBeTruthy();
    fireEvent.click(button('Pay now'));
    expect(await screen.findByText('10 credits were added to Acme.')).toBeTruthy();
    expect(api.sent('POST', '/v7/credit_bundle').map((r) => r.body)).toEqual([{ belongs_to__organization: 4, is_for__feature: 9, original_quantity: 10 }]);
    fireEvent.click(button('Purchase more credits'));
    expect(field().value).toBe('1');
  });

  it("a failed purchase shows the bundle's error_message and closes the dialog", async () => {
    fakeBillingApi({
      'POST /v7/credit_bundle': { status: 201, body: bundle({ payment_status: 'failed', total_balance: 0, error_message: 'Your card was declined.' }) },
      'GET /config': { status: 500, body: { error: 'none' } },
    });
    const { onClose } = await open();
    fireEvent.change(field(), { target: { value: '10' } });
    fireEvent.click(button('Next'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Your card was declined.')).toBeTruthy();
  });

  it("a refused purchase without a message says 'Failed to purchase credits'; a missing payment method says so", async () => {
    let answer = { status: 201, body: bundle({ payment_status: 'failed', total_balance: 0, error_message: null }) as unknown };
    fakeBillingApi({ 'POST /v7/credit_bundle': () => answer, 'GET /config': { status: 500, body: { error: 'none' } } });
    const first = await open();
    fireEvent.click(button('Next'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(await screen.findByText('Failed to purchase credits')).toBeTruthy();
    cleanup();
    answer = { status: 409, body: { error: 'The organization must have a payment method set up to purchase credits.', code: 'payment_method_required' } };
    const second = await open();
    fireEvent.click(button('Next'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(await screen.findByText('You must have a payment method set up to purchase credits.')).toBeTruthy();
  });
});
