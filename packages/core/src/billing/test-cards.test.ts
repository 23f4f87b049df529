import { describe, expect, it } from 'vitest';
import {
  CARD_DECLINED_MESSAGE,
  FAILING_IBAN,
  INSUFFICIENT_FUNDS_MESSAGE,
  TEST_CARDS,
  TEST_IBAN,
  TEST_ROUTING_NUMBER,
  TEST_US_ACCOUNT_NUMBER,
  cardBrandOf,
  confirmTestPaymentMethod,
  isLuhnValid,
  isValidIban,
  isValidRoutingNumber,
} from './test-cards.ts';

const now = new Date('2026-11-25T10:00:00Z');
const card = (number: string, extra: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}) =>
  confirmTestPaymentMethod({ type: 'card', number, exp_month: 12, exp_year: 2030, cvc: number.startsWith('3') ? '1234' : '123', ...extra }, now);

describe('local processor test cards', () => {
  it('lists only Luhn-valid numbers whose brand matches the prefix', () => {
    for (const c of TEST_CARDS) {
      expect(isLuhnValid(c.number), c.number).toBe(true);
      expect(cardBrandOf(c.number), c.number).toBe(c.brand);
    }
  });
  it('accepts 4242…, 5555… and amex and records brand, last four and expiry', () => {
    const ok = card('4242 4242 4242 4242');
    expect(ok).toEqual({ ok: true, method: expect.objectContaining({ type: 'card', card_type: 'visa', last_four: '4242', first_one: '4', month: 12, year: 2030, chargeSucceeds: true }) });
    expect(card('5555555555554444')).toMatchObject({ ok: true, method: { card_type: 'mastercard' } });
    expect(card('378282246310005')).toMatchObject({ ok: true, method: { card_type: 'amex', last_four: '0005' } });
  });
  it('declines 4000…0002 and 4000…9995 with their messages', () => {
    expect(card('4000000000000002')).toEqual({ ok: false, message: CARD_DECLINED_MESSAGE });
    expect(card('4000000000009995')).toEqual({ ok: false, message: INSUFFICIENT_FUNDS_MESSAGE });
  });
  it('saves 4000…0341 but its charges fail', () => {
    expect(card('4000000000000341')).toMatchObject({ ok: true, method: { chargeSucceeds: false, chargeMessage: CARD_DECLINED_MESSAGE } });
  });
  it('refuses bad numbers, expired cards, bad CVCs and unknown cards', () => {
    expect(card('4242424242424241').ok).toBe(false);
    expect(card('4242424242424242', { exp_month: 10, exp_year: 2026 })).toMatchObject({ ok: false, message: 'Your card has expired.' });
    expect(card('4242424242424242', { exp_month: 11, exp_year: 2026 }).ok).toBe(true);
    expect(card('4242424242424242', { cvc: '12' }).ok).toBe(false);
    expect(card('378282246310005', { cvc: '123' }).ok).toBe(false);
    expect(card('4111111111111111').ok).toBe(false);
  });
  it('checks IBANs and routing numbers', () => {
    expect(isValidIban(TEST_IBAN)).toBe(true);
    expect(isValidIban(FAILING_IBAN)).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidRoutingNumber(TEST_ROUTING_NUMBER)).toBe(true);
    expect(isValidRoutingNumber('110000001')).toBe(false);
    expect(confirmTestPaymentMethod({ type: 'sepa_debit', iban: TEST_IBAN }, now)).toMatchObject({ ok: true, method: { type: 'sepa_debit', last_four: '3000', chargeSucceeds: true } });
    expect(confirmTestPaymentMethod({ type: 'sepa_debit', iban: FAILING_IBAN }, now)).toMatchObject({ ok: true, method: { chargeSucceeds: false } });
    expect(confirmTestPaymentMethod({ type: 'us_bank_account', routing_number: TEST_ROUTING_NUMBER, account_number: TEST_US_ACCOUNT_NUMBER }, now)).toMatchObject({
      ok: true,
      method: { type: 'us_bank_account', routing_number: TEST_ROUTING_NUMBER, last_four: '6789' },
    });
  });
});
