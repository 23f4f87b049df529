/**
 * What the credits page shows for its facts (accounts spec §2 Credits page, §4 "Credit bundle
 * payment_status"): the summary card's one button, and each purchase's status.
 */

export type CreditsAction = 'add-credits' | 'upgrade-plan' | 'add-payment-method';

/** Add credits needs a plan with credits and a payment method; the plan comes first (a method alone buys nothing). */
export function creditsAction({ supportsCredits, hasPaymentMethod }: { supportsCredits: boolean; hasPaymentMethod: boolean }): CreditsAction {
  if (!supportsCredits) return 'upgrade-plan';
  if (!hasPaymentMethod) return 'add-payment-method';
  return 'add-credits';
}

/** Chip colours; no warning colour: orange text on white is below the contrast axe asks for. */
export type StatusTone = 'success' | 'error' | 'default';

/** A purchase's status: its i18n key under `credits:status` and colour. Unknown statuses read as themselves, uncoloured. */
export function paymentStatusDisplay(status: string): { key: string; tone: StatusTone } {
  switch (status) {
    case 'paid':
      return { key: 'paid', tone: 'success' };
    case 'complimentary':
      return { key: 'complimentary', tone: 'success' };
    case 'manually invoiced':
      return { key: 'manuallyInvoiced', tone: 'success' };
    case 'processing':
      return { key: 'processing', tone: 'default' };
    case 'failed':
      return { key: 'failed', tone: 'error' };
    default:
      return { key: 'other', tone: 'default' };
  }
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Plural parameters for a count of credits or devices: `count` picks the form, `value` is shown ("1,500,000"). */
export function countParams(count: number): { count: number; value: string } {
  return { count, value: integer.format(count) };
}
