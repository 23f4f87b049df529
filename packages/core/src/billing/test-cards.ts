/**
 * The local test payment processor's numbers (DESIGN "Billing": the `local` provider replaces
 * Stripe in tests and self-hosted installs without a processor). Outcomes mirror Stripe's test
 * cards so the dashboard flow reads the same. Pure functions: the server's processor decides
 * with them, and the billing page may show the list as a hint.
 */

export const CARD_BRANDS = ['amex', 'discover', 'mastercard', 'visa'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export interface TestCard {
  number: string;
  brand: CardBrand;
  /** What confirming a setup intent with it does. */
  setup: 'succeeded' | 'declined';
  /** Whether a later charge against it succeeds (only meaningful when setup succeeds). */
  charge: 'succeeded' | 'declined';
  /** The processor's message when setup or charge is declined. */
  message?: string;
}

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds.';
export const NOT_A_TEST_CARD_MESSAGE = 'Your card number is not one of the test processor\u2019s cards.';
export const INVALID_NUMBER_MESSAGE = 'Your card number is incorrect.';
export const EXPIRED_CARD_MESSAGE = 'Your card has expired.';
export const INVALID_CVC_MESSAGE = 'Your card\u2019s security code is invalid.';
export const INVALID_IBAN_MESSAGE = 'The IBAN you entered is invalid.';
export const INVALID_ROUTING_MESSAGE = 'The routing number you entered is invalid.';
export const BANK_DEBIT_FAILED_MESSAGE = 'The bank account could not be debited.';

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', setup: 'succeeded', charge: 'succeeded' },
  { number: '5555555555554444', brand: 'mastercard', setup: 'succeeded', charge: 'succeeded' },
  { number: '378282246310005', brand: 'amex', setup: 'succeeded', charge: 'succeeded' },
  { number: '6011111111111117', brand: 'discover', setup: 'succeeded', charge: 'succeeded' },
  { number: '4000000000000002', brand: 'visa', setup: 'declined', charge: 'declined', message: CARD_DECLINED_MESSAGE },
  { number: '4000000000009995', brand: 'visa', setup: 'declined', charge: 'declined', message: INSUFFICIENT_FUNDS_MESSAGE },
  // Saved fine, but every charge fails (Stripe's 4000000000000341): shows a failed payment on a plan change.
  { number: '4000000000000341', brand: 'visa', setup: 'succeeded', charge: 'declined', message: CARD_DECLINED_MESSAGE },
];

/** Test bank accounts: an IBAN or US account number whose debits fail. */
export const FAILING_IBAN = 'DE62370400440532013001';
export const FAILING_US_ACCOUNT_NUMBER = '000111111116';
export const TEST_IBAN = 'DE89370400440532013000';
export const TEST_ROUTING_NUMBER = '110000000';
export const TEST_US_ACCOUNT_NUMBER = '000123456789';

/** Digits only (spaces and dashes removed). */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number satisfies. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card's brand from its number prefix, or null. */
export function cardBrandOf(digits: string): CardBrand | null {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return null;
}

export function findTestCard(number: string): TestCard | undefined {
  const digits = normalizeCardNumber(number);
  return TEST_CARDS.find((c) => c.number === digits);
}

/** ISO 13616 IBAN check (mod 97). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const chunk = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of chunk) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** ABA routing number checksum (3·7·1 weights). */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export type TestPaymentMethod =
  | { type: 'card'; number: string; exp_month: number; exp_year: number; cvc: string }
  | { type: 'sepa_debit'; iban: string }
  | { type: 'us_bank_account'; routing_number: string; account_number: string };

/** What the processor stores for a confirmed method (the billing_info columns). */
export interface ConfirmedMethod {
  type: 'card' | 'sepa_debit' | 'us_bank_account';
  card_type: CardBrand | null;
  first_one: string | null;
  last_four: string;
  month: number | null;
  year: number | null;
  routing_number: string | null;
  /** Whether charges against this method succeed. */
  chargeSucceeds: boolean;
  chargeMessage: string | null;
}

export type ConfirmOutcome = { ok: true; method: ConfirmedMethod } | { ok: false; message: string };

/** The test processor's decision for a setup confirmation at `now`. */
export function confirmTestPaymentMethod(method: TestPaymentMethod, now: Date): ConfirmOutcome {
  if (method.type === 'card') {
    const digits = normalizeCardNumber(method.number);
    if (!isLuhnValid(digits)) return { ok: false, message: INVALID_NUMBER_MESSAGE };
    const endOfExpiryMonth = Date.UTC(method.exp_year, method.exp_month, 1);
    if (!(method.exp_month >= 1 && method.exp_month <= 12) || endOfExpiryMonth <= now.getTime()) return { ok: false, message: EXPIRED_CARD_MESSAGE };
    const brand = cardBrandOf(digits);
    const cvcLength = brand === 'amex' ? 4 : 3;
    if (!new RegExp(`^\\d{${cvcLength}}$`).test(method.cvc)) return { ok: false, message: INVALID_CVC_MESSAGE };
    const card = findTestCard(digits);
    if (!card) return { ok: false, message: NOT_A_TEST_CARD_MESSAGE };
    if (card.setup === 'declined') return { ok: false, message: card.message ?? CARD_DECLINED_MESSAGE };
    return {
      ok: true,
      method: {
        type: 'card',
        card_type: card.brand,
        first_one: digits[0]!,
        last_four: digits.slice(-4),
        month: method.exp_month,
        year: method.exp_year,
        routing_number: null,
        chargeSucceeds: card.charge === 'succeeded',
        chargeMessage: card.charge === 'succeeded' ? null : (card.message ?? CARD_DECLINED_MESSAGE),
      },
    };
  }
  if (method.type === 'sepa_debit') {
    const iban = method.iban.replace(/\s/g, '').toUpperCase();
    if (!isValidIban(iban)) return { ok: false, message: INVALID_IBAN_MESSAGE };
    const fails = iban === FAILING_IBAN;
    return {
      ok: true,
      method: { type: 'sepa_debit', card_type: null, first_one: null, last_four: iban.slice(-4), month: null, year: null, routing_number: null, chargeSucceeds: !fails, chargeMessage: fails ? BANK_DEBIT_FAILED_MESSAGE : null },
    };
  }
  if (!isValidRoutingNumber(method.routing_number)) return { ok: false, message: INVALID_ROUTING_MESSAGE };
  if (!/^\d{4,17}$/.test(method.account_number)) return { ok: false, message: BANK_DEBIT_FAILED_MESSAGE };
  const fails = method.account_number === FAILING_US_ACCOUNT_NUMBER;
  return {
    ok: true,
    method: {
      type: 'us_bank_account',
      card_type: null,
      first_one: null,
      last_four: method.account_number.slice(-4),
      month: null,
      year: null,
      routing_number: method.routing_number,
      chargeSucceeds: !fails,
      chargeMessage: fails ? BANK_DEBIT_FAILED_MESSAGE : null,
    },
  };
}
