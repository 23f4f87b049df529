import { isLuhnValid, isValidIban, isValidRoutingNumber, normalizeCardNumber, cardBrandOf } from '@flotilla/core/billing/test-cards';
import type { LocalPaymentMethod } from '@flotilla/core/schemas/billing';

/**
 * The payment dialog's fields and the method they describe for the local processor (the
 * contract's confirm body). Checks here only catch typing mistakes early; the processor decides
 * (declines, expired cards) and its message is what the user then reads.
 */
export type PaymentKind = 'card' | 'sepa_debit' | 'us_bank_account';

export interface PaymentValues {
  kind: PaymentKind;
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  iban: string;
  routingNumber: string;
  accountNumber: string;
}

export const EMPTY_PAYMENT_VALUES: PaymentValues = { kind: 'card', cardNumber: '', expiry: '', cvc: '', iban: '', routingNumber: '', accountNumber: '' };

/** MM/YY (or MM/YYYY) as a month and a four-digit year; null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The i18n key of what is wrong with a field, or null. */
export function cardNumberError(value: string): string | null {
  return isLuhnValid(normalizeCardNumber(value)) ? null : 'payment.errors.cardNumber';
}

export function expiryError(value: string, now: Date): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return 'payment.errors.expiryFormat';
  // A card is good through the last day of its expiry month.
  return new Date(expiry.year, expiry.month, 1).getTime() <= now.getTime() ? 'payment.errors.expired' : null;
}

export function cvcError(value: string, cardNumber: string): string | null {
  const length = cardBrandOf(normalizeCardNumber(cardNumber)) === 'amex' ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(value.trim()) ? null : 'payment.errors.cvc';
}

export function ibanError(value: string): string | null {
  return isValidIban(value) ? null : 'payment.errors.iban';
}

export function routingNumberError(value: string): string | null {
  return isValidRoutingNumber(value.trim()) ? null : 'payment.errors.routingNumber';
}

export function accountNumberError(value: string): string | null {
  return /^\d{4,17}$/.test(value.trim()) ? null : 'payment.errors.accountNumber';
}

/** The confirm body's method for the chosen kind (fields already checked). */
export function paymentMethodOf(values: PaymentValues): LocalPaymentMethod {
  if (values.kind === 'sepa_debit') return { type: 'sepa_debit', iban: values.iban.replace(/\s/g, '').toUpperCase() };
  if (values.kind === 'us_bank_account') return { type: 'us_bank_account', routing_number: values.routingNumber.trim(), account_number: values.accountNumber.trim() };
  const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
  return { type: 'card', number: normalizeCardNumber(values.cardNumber), exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc.trim() };
}
