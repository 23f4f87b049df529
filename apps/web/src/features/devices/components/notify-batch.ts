import { toast } from '../../../lib/toast.ts';
import type { TFunction } from 'i18next';
import type { BatchSummary } from '@flotilla/core/batch';
import { connectivity } from '../../../lib/connectivity.ts';
import { ApiError } from '../../../lib/http.ts';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { SupervisorLockedError } from '../../device-actions/api/device-actions.requests.ts';

/** The words of one failed device action: the update lock in the spec's words (§8), else the server's message. */
export function batchErrorMessage(error: unknown, t: TFunction<'devices'>): string {
  if (error instanceof SupervisorLockedError) return t('batch.result.updateLock');
  if (error instanceof ApiError || error instanceof Error) return cleanErrorText(error.message) || t('common:errors.generic');
  return t('common:errors.generic');
}

/**
 * The toast of a finished batch (fleets spec §8 "Batch failures", "Notification rules"): success,
 * a warning with the count and the first message when some failed, an error when all did.
 * `note` (devices skipped) follows the success text. lib/notify.ts has no warning toast, so
 * the failures are enqueued here with its rules: no duplicates, nothing while the API is offline.
 */
export function notifyBatch(summary: BatchSummary, t: TFunction<'devices'>, note?: string): void {
  if (summary.kind === 'success') {
    notifySuccess(note ? `${t('batch.result.success')}. ${note}` : t('batch.result.success'));
    return;
  }
  if (connectivity.isOffline()) return;
  if (summary.kind === 'partial') {
    toast(t('batch.result.partial', { count: summary.failed, message: summary.firstMessage }), { variant: 'warning' });
  } else {
    toast(t('batch.result.total', { message: summary.firstMessage }), { variant: 'error' });
  }
}
