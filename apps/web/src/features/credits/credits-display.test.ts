import { describe, expect, it } from 'vitest';
import { countParams, creditsAction, paymentStatusDisplay } from './credits-display.ts';

describe('the summary card button (accounts spec §2 Credits page)', () => {
  it('is Add credits, Upgrade plan or Add payment method', () => {
    expect(creditsAction({ supportsCredits: true, hasPaymentMethod: true })).toBe('add-credits');
    expect(creditsAction({ supportsCredits: true, hasPaymentMethod: false })).toBe('add-payment-method');
    expect(creditsAction({ supportsCredits: false, hasPaymentMethod: true })).toBe('upgrade-plan');
    expect(creditsAction({ supportsCredits: false, hasPaymentMethod: false })).toBe('upgrade-plan');
  });
});

describe('purchase statuses (accounts spec §4)', () => {
  it('maps each payment_status', () => {
    expect(paymentStatusDisplay('paid')).toEqual({ key: 'paid', tone: 'success' });
    expect(paymentStatusDisplay('manually invoiced')).toEqual({ key: 'manuallyInvoiced', tone: 'success' });
    expect(paymentStatusDisplay('failed')).toEqual({ key: 'failed', tone: 'error' });
    expect(paymentStatusDisplay('processing')).toEqual({ key: 'processing', tone: 'default' });
    expect(paymentStatusDisplay('refunded')).toEqual({ key: 'other', tone: 'default' });
  });
});

describe('countParams', () => {
  it('formats the shown value with separators and keeps the count for plurals', () => {
    expect(countParams(1_500_000)).toEqual({ count: 1_500_000, value: '1,500,000' });
    expect(countParams(1)).toEqual({ count: 1, value: '1' });
  });
});
