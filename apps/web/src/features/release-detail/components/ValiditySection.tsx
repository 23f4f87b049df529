import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { canValidateRelease, effectiveReleaseStatus, RELEASE_MESSAGES } from '@flotilla/core/release-status';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePatchRelease } from '../api/release-detail.mutations.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

/**
 * Valid or invalidated (fleets spec §4 "Release rules": validity toggles through is_invalidated;
 * failed or cancelled releases cannot be validated, "Cannot validate failed releases"; §6
 * resin.release.update). Invalidating asks first: the release leaves the fleet's release list
 * (§7: the list reads releases not invalidated) and the pin pickers, while the fleet's target
 * and devices pinned to it keep it, which the confirmation says when it is so. Validating again
 * is one click.
 */
export function ValiditySection({ release, fleetId, canUpdate }: { release: ReleaseSummary; fleetId: number; canUpdate: boolean }) {
  const { t } = useTranslation('releaseDetail');
  const mutation = usePatchRelease(fleetId, release.id);
  const [isConfirming, setIsConfirming] = useState(false);
  const isInvalidated = release.is_invalidated;
  const validateRefused = isInvalidated && !canValidateRelease(effectiveReleaseStatus(release));
  const reason = !canUpdate ? t('settings.noPermission') : validateRefused ? RELEASE_MESSAGES.cannotValidateFailed : null;
  const validate = () => mutation.mutate({ is_invalidated: false }, { onSuccess: () => notifySuccess(t('settings.validity.validated')) });
  const askToInvalidate = () => {
    mutation.reset();
    setIsConfirming(true);
  };
  const isTarget = release.should_be_running_on__application > 0;
  const pinnedDevices = release.is_pinned_to__device;
  return (
    <SettingsSection title={t('settings.validity.title')} intro={t('settings.validity.intro')} reason={reason}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {isInvalidated ? t('settings.validity.isInvalidated') : t('settings.validity.isValid')}
      </Typography>
      {/* While the confirmation is open, it shows the failure itself. */}
      {mutation.isError && !isConfirming && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {mutation.error.message}
        </Alert>
      )}
      {/* Not disabled while the confirmed write runs: the dialog covers it, and focus comes back to it when the dialog closes. */}
      <Button variant="outlined" disabled={!canUpdate || validateRefused || (mutation.isPending && !isConfirming)} onClick={isInvalidated ? validate : askToInvalidate}>
        {isInvalidated ? t('settings.validity.validate') : t('settings.validity.invalidate')}
      </Button>
      {isConfirming && (
        <MutationConfirmDialog
          title={t('settings.validity.confirmTitle', { version: release.raw_version })}
          message={
            <>
              <Typography component="span" sx={{ display: 'block' }}>
                {t('settings.validity.confirmMessage')}
              </Typography>
              {(isTarget || pinnedDevices > 0) && (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {isTarget && (
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {t('settings.validity.confirmTarget')}
                    </Typography>
                  )}
                  {pinnedDevices > 0 && (
                    <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                      {t('settings.validity.confirmPinned', { count: pinnedDevices })}
                    </Typography>
                  )}
                </Alert>
              )}
            </>
          }
          confirmLabel={t('settings.validity.invalidate')}
          confirmColor="primary"
          mutation={mutation}
          run={() => mutation.mutateAsync({ is_invalidated: true })}
          success={t('settings.validity.invalidated')}
          onClose={() => setIsConfirming(false)}
        />
      )}
    </SettingsSection>
  );
}
