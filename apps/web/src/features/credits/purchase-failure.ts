import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { cleanErrorText } from '../../lib/notify.ts';

/**
 * How a refused purchase is told (accounts spec §8 Credits: 'Failed to purchase credits', 'must
 * have a payment method set up'): a missing payment method in our words, any other refusal as
 * the server wrote it (cleaned), and 'Failed to purchase credits' when there is nothing to show.
 */
export function purchaseFailureText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'payment_method_required') return i18n.t('credits:errors.payment_method_required');
  const raw = error instanceof Error && !(error instanceof TypeError) ? cleanErrorText(error.message) : '';
  return raw || i18n.t('credits:errors.failed_to_purchase');
}
