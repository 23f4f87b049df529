import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAttachSetupIntent } from '../api/billing.mutations.ts';

/**
 * The end of the payment method flow (accounts spec §4): arriving with `setup-intent` in the
 * URL, the page stores it as the payment method by itself, once, says "billing information
 * updated" and calls `onStored` (which drops the parameter). The mutation is returned so the
 * page can show a failure with Retry.
 */
export function useSetupIntentReturn(orgId: number, setupIntentId: string | undefined, onStored: () => void) {
  const { t } = useTranslation('billing');
  const attach = useAttachSetupIntent(orgId);
  const handled = useRef<string | null>(null);
  const store = (id: string) =>
    attach.mutate(id, {
      onSuccess: () => {
        notifySuccess(t('messages.billing_information_updated'));
        onStored();
      },
    });
  useEffect(() => {
    if (!setupIntentId || handled.current === setupIntentId) return;
    handled.current = setupIntentId;
    store(setupIntentId);
    // `store` is a new function each render; the id alone decides whether to run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setupIntentId]);
  return { attach, retry: () => setupIntentId && store(setupIntentId) };
}
