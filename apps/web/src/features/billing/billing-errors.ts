import { ApiError } from '../../lib/http.ts';
import i18n from '../../lib/i18n.ts';
import { cleanErrorText } from '../../lib/notify.ts';

/**
 * How the billing page words a failed write (accounts spec §8 Billing): the payment processor's
 * and the server's messages are shown as sent (cleaned); a plan change refused for sales says to
 * contact sales; a request that never reached the server says so; anything else falls back to
 * errors.error_request.
 */
export function billingErrorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

export function billingErrorText(error: unknown): string {
  if (billingErrorCode(error) === 'contact_sales') return i18n.t('billing:errors.failed_update_plan');
  if (error instanceof TypeError) return i18n.t('common:states.networkFailure');
  const raw = error instanceof Error ? cleanErrorText(error.message) : '';
  return raw || i18n.t('billing:errors.error_request');
}
