// @vitest-environment jsdom
import '../billing-catalog.ts';
import { useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingPlanInfo, BillingPlanListItem } from '@flotilla/core/schemas/billing';
import { setToken } from '../../../lib/session.ts';
import { fakeJwt } from '../../../test/fake-jwt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeBillingApi } from '../test/fake-billing-api.ts';
import { PlanChangeDialog } from './PlanChangeDialog.tsx';

const PATH = '/billing/v1/account/4/plan';

const listed = (billing_code: string, title: string, tier_order: number, monthly_price: number, annual_price: number): BillingPlanListItem => ({
  title,
  billing_code,
  tier_order,
  can_self_serve: true,
  is_legacy: false,
  monthly_price,
  annual_price,
  included_devices: 10,
  supports_credits: false,
  features: [],
});
const free = listed('free', 'Free', 0, 0, 0);
const pilot = listed('pilot', 'Pilot', 1, 9900, 99000);
const asCurrent = (plan: BillingPlanListItem): BillingPlanInfo => ({
  ...plan,
  is_custom: false,
  cycle: 'monthly',
  intervalUnit: 'month',
  intervalLength: 1,
  starts_on: null,
  discount_percentage: 0,
  support: { slug: 'community', title: 'Community', includes_private_support: false, includes_SLA: false },
  addOns: [],
  nextBill: null,
});

beforeEach(() => setToken(fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function open(props: Partial<Parameters<typeof PlanChangeDialog>[0]> = {}) {
  const onClose = vi.fn();
  const onNeedPaymentMethod = vi.fn();
  renderWithProviders(
    <PlanChangeDialog
      orgId={4}
      current={asCurrent(free)}
      choice={{ target: pilot, cycle: 'monthly', kind: 'upgrade' }}
      paymentMethodType="card"
      onNeedPaymentMethod={onNeedPaymentMethod}
      onClose={onClose}
      {...props}
    />,
  );
  return { onClose, onNeedPaymentMethod };
}

describe('PlanChangeDialog (accounts spec §4 "Plan change")', () => {
  it('pays now for a paid plan, once for clicks within the 500 ms debounce, and says "Plan updated"', async () => {
    const api = fakeBillingApi({ [`PATCH ${PATH}`]: { status: 200, body: { ...asCurrent(pilot), nextBill: { date: new Date().toISOString(), totalCents: 9900 } } } });
    const { onClose } = open();
    expect(await screen.findByText('You will be charged $99.00 now, then every month.')).toBeTruthy();
    const pay = screen.getByRole('button', { name: 'Pay now' });
    vi.useFakeTimers();
    fireEvent.click(pay);
    fireEvent.click(pay);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(api.sent('PATCH', PATH)).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('PATCH', PATH).map((r) => r.body)).toEqual([{ tier: 'pilot', cycle: 'monthly' }]);
    expect(await screen.findByText('Plan updated')).toBeTruthy();
  });

  it('asks for the recurring-debit terms first with a bank method ("Next"), then pays', async () => {
    const api = fakeBillingApi({ [`PATCH ${PATH}`]: { status: 200, body: asCurrent(pilot) } });
    open({ paymentMethodType: 'sepa_debit' });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const terms = await screen.findByRole('dialog', { name: 'Recurring debit terms' });
    const accept = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(terms.textContent).toContain('30 days notice');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the recurring debit terms' }));
    fireEvent.click(accept);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(api.sent('PATCH', PATH)).toHaveLength(1));
  });

  it('offers optional feedback on a downgrade and sends it as the reason; free is confirmed, not paid', async () => {
    const api = fakeBillingApi({ [`PATCH ${PATH}`]: { status: 200, body: asCurrent(free) } });
    open({ current: asCurrent(pilot), choice: { target: free, cycle: 'monthly', kind: 'downgrade' } });
    fireEvent.change(await screen.findByRole('textbox', { name: /Why are you downgrading/ }), { target: { value: 'Too expensive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.sent('PATCH', PATH).map((r) => r.body)).toEqual([{ tier: 'free', cycle: 'monthly', planChangeReason: 'Too expensive' }]));
  });

  it("shows a declined charge's message and keeps the dialog, and hands a missing payment method to the payment dialog", async () => {
    let answer = { status: 402, body: { error: 'Your card was declined.', code: 'payment_failed' } };
    fakeBillingApi({ [`PATCH ${PATH}`]: () => answer });
    const { onClose, onNeedPaymentMethod } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    expect((await screen.findByTestId('plan-change-error')).textContent).toBe('Your card was declined.');
    expect(onClose).not.toHaveBeenCalled();
    answer = { status: 409, body: { error: 'A payment method is required', code: 'payment_method_required' } };
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(onNeedPaymentMethod).toHaveBeenCalled());
  });
});

describe('PlanChangeDialog focus after the change (keyboard use: never lost to the body)', () => {
  it("moves focus to the new plan's card once the dialog has closed and its opener is gone", async () => {
    fakeBillingApi({ [`PATCH ${PATH}`]: { status: 200, body: asCurrent(pilot) } });
    // The plans list as after the change: the Upgrade button that opened the dialog is gone.
    function Page() {
      const [isOpen, setIsOpen] = useState(true);
      return (
        <>
          <article data-plan="pilot" tabIndex={-1} aria-label="Pilot" />
          {isOpen && (
            <PlanChangeDialog
              orgId={4}
              current={asCurrent(free)}
              choice={{ target: pilot, cycle: 'monthly', kind: 'upgrade' }}
              paymentMethodType="card"
              onNeedPaymentMethod={() => {}}
              onClose={() => setIsOpen(false)}
            />
          )}
        </>
      );
    }
    renderWithProviders(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('article', { name: 'Pilot' })));
  });
});
