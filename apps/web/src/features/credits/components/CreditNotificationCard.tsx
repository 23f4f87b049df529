import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { defaultNotificationThreshold } from '@flotilla/core/billing/credits';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { toast } from '../../../lib/toast.ts';
import { useSaveCreditNotification } from '../api/credits.mutations.ts';
import { creditNotificationQuery } from '../api/credits.queries.ts';
import type { CreditNotification } from '../api/credits.requests.ts';
import { countParams } from '../credits-display.ts';
import { PageSection } from '../../../components/PageSection.tsx';
import { DigitsField } from './DigitsField.tsx';

/**
 * Low-credit notifications (accounts spec §2, §5 "Notification threshold 0 to 1,500,000; Apply
 * disabled if unchanged", §9 "default threshold twice the device count"): Apply creates or
 * changes the organization's notification; Turn off removes it after a confirmation.
 */
export function CreditNotificationCard({ orgId, featureId, deviceCount }: { orgId: number; featureId: number; deviceCount: number }) {
  const { t } = useTranslation('credits');
  const notification = useQuery(creditNotificationQuery(orgId, featureId));
  // Held here, not in the form: the form is remade when the saved threshold changes, and the
  // success message must outlive that.
  const save = useSaveCreditNotification(orgId, featureId);
  return (
    <PageSection title={t('notification.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('notification.help')}
      </Typography>
      <QueryState query={notification} what={t('notification.what')} loadingRows={2}>
        {(saved) => (
          // A new form when the saved threshold changes: the field starts from what is stored.
          <NotificationForm key={saved ? `${saved.id}:${saved.is_sent_when_below__threshold}` : 'none'} save={save} saved={saved} deviceCount={deviceCount} />
        )}
      </QueryState>
    </PageSection>
  );
}

function NotificationForm({ save, saved, deviceCount }: { save: ReturnType<typeof useSaveCreditNotification>; saved: CreditNotification | null; deviceCount: number }) {
  const { t } = useTranslation('credits');
  const [threshold, setThreshold] = useState(saved?.is_sent_when_below__threshold ?? defaultNotificationThreshold(deviceCount));
  const [isConfirmingOff, setIsConfirmingOff] = useState(false);
  const isUnchanged = saved !== null && threshold === saved.is_sent_when_below__threshold;
  const fail = (error: unknown) => toast(cleanErrorText(error instanceof Error ? error.message : '') || t('errors.request'), { variant: 'error' });
  const apply = () =>
    save.mutate({ id: saved?.id ?? null, threshold }, { onSuccess: () => notifySuccess(t('notification.saved')), onError: fail });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!isUnchanged && !save.isPending) apply();
      }}
    >
      <Typography sx={{ mb: 1 }} data-testid="notification-state">
        {saved ? t('notification.on', countParams(saved.is_sent_when_below__threshold)) : t('notification.off')}
      </Typography>
      <DigitsField label={t('notification.threshold')} name="notification-threshold" value={threshold} onChange={setThreshold} helperText={t('notification.thresholdHelp')} disabled={save.isPending} />
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={isUnchanged || save.isPending}>
          {t('notification.apply')}
        </Button>
        {saved && (
          <Button color="error" onClick={() => setIsConfirmingOff(true)} disabled={save.isPending}>
            {t('notification.turnOff')}
          </Button>
        )}
      </Box>
      {isConfirmingOff && saved && (
        <ConfirmDialog
          title={t('notification.turnOffTitle')}
          message={t('notification.turnOffMessage')}
          confirmLabel={t('notification.turnOff')}
          busy={save.isPending}
          error={save.isError ? cleanErrorText(save.error instanceof Error ? save.error.message : '') : null}
          onConfirm={() =>
            save.mutate(
              { id: saved.id, threshold: null },
              {
                onSuccess: () => {
                  notifySuccess(t('notification.removed'));
                  setIsConfirmingOff(false);
                },
              },
            )
          }
          onClose={() => setIsConfirmingOff(false)}
        />
      )}
    </Box>
  );
}
