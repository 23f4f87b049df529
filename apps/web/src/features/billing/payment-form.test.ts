import { describe, expect, it } from 'vitest';
import { cardNumberError, cvcError, EMPTY_PAYMENT_VALUES, expiryError, ibanError, parseExpiry, paymentMethodOf, routingNumberError } from './payment-form.ts';

const now = new Date(2026, 10, 29);

describe('payment dialog fields', () => {
  it('reads MM/YY and MM/YYYY expiries', () => {
    expect(parseExpiry('04/30')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('4 / 2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('0430')).toBeNull();
  });

  it('catches typing mistakes before asking the processor', () => {
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError('4242 4242 4242 4241')).toBe('payment.errors.cardNumber');
    // The declined test card is a valid number: the processor, not the form, refuses it.
    expect(cardNumberError('4000000000000002')).toBeNull();
    expect(expiryError('11/26', now)).toBeNull();
    expect(expiryError('10/26', now)).toBe('payment.errors.expired');
    expect(expiryError('soon', now)).toBe('payment.errors.expiryFormat');
    expect(cvcError('123', '4242424242424242')).toBeNull();
    expect(cvcError('123', '378282246310005')).toBe('payment.errors.cvc');
    expect(ibanError('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanError('DE00370400440532013000')).toBe('payment.errors.iban');
    expect(routingNumberError('110000000')).toBeNull();
    expect(routingNumberError('110000001')).toBe('payment.errors.routingNumber');
  });

  it('builds the processor method of the chosen kind', () => {
    expect(paymentMethodOf({ ...EMPTY_PAYMENT_VALUES, cardNumber: '4242 4242 4242 4242', expiry: '04/30', cvc: '123' })).toEqual({
      type: 'card',
      number: '4242424242424242',
      exp_month: 4,
      exp_year: 2030,
      cvc: '123',
    });
    expect(paymentMethodOf({ ...EMPTY_PAYMENT_VALUES, kind: 'sepa_debit', iban: 'de89 3704 0044 0532 0130 00' })).toEqual({ type: 'sepa_debit', iban: 'DE89370400440532013000' });
    expect(paymentMethodOf({ ...EMPTY_PAYMENT_VALUES, kind: 'us_bank_account', routingNumber: '110000000', accountNumber: '000123456789' })).toEqual({
      type: 'us_bank_account',
      routing_number: '110000000',
      account_number: '000123456789',
    });
  });
});
