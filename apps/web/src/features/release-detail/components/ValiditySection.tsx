import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { canValidateRelease, effectiveReleaseStatus, RELEASE_MESSAGES } from '@flotilla/core/release-status';
import Alert from '@mui/material/Alert';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePatchRelease } from '../api/release-detail.mutations.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

/**
 * Valid or invalidated (fleets spec §4 "Release rules": validity toggles through is_invalidated;
 * failed or cancelled releases cannot be validated, "Cannot validate failed releases"; §6
 * resin.release.update).
 */
export function ValiditySection({ release, fleetId, canUpdate }: { release: ReleaseSummary; fleetId: number; canUpdate: boolean }) {
  const { t } = useTranslation('releaseDetail');
  const mutation = usePatchRelease(fleetId, release.id);
  const isInvalidated = release.is_invalidated;
  const validateRefused = isInvalidated && !canValidateRelease(effectiveReleaseStatus(release));
  const reason = !canUpdate ? t('settings.noPermission') : validateRefused ? RELEASE_MESSAGES.cannotValidateFailed : null;
  const toggle = () =>
    mutation.mutate(
      { is_invalidated: !isInvalidated },
      { onSuccess: () => notifySuccess(isInvalidated ? t('settings.validity.validated') : t('settings.validity.invalidated')) },
    );
  return (
    <SettingsSection title={t('settings.validity.title')} intro={t('settings.validity.intro')} reason={reason}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {isInvalidated ? t('settings.validity.isInvalidated') : t('settings.validity.isValid')}
      </Typography>
      {mutation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {mutation.error.message}
        </Alert>
      )}
      <Button variant="outlined" disabled={!canUpdate || validateRefused || mutation.isPending} onClick={toggle}>
        {isInvalidated ? t('settings.validity.validate') : t('settings.validity.invalidate')}
      </Button>
    </SettingsSection>
  );
}
