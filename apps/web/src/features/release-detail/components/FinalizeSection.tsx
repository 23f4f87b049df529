import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RELEASE_MESSAGES } from '@flotilla/core/release-status';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { usePatchRelease } from '../api/release-detail.mutations.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

/**
 * Finalize a draft (fleets spec §4 "Release rules": is_final goes only from false to true; the
 * confirmation says "will not be able to unfinalize" and "action cannot be reversed"; a final
 * release says "already finalized"; §6 resin.release.update).
 */
export function FinalizeSection({ release, fleetId, canUpdate }: { release: ReleaseSummary; fleetId: number; canUpdate: boolean }) {
  const { t } = useTranslation('releaseDetail');
  const mutation = usePatchRelease(fleetId, release.id);
  const [isOpen, setIsOpen] = useState(false);
  const reason = !canUpdate ? t('settings.noPermission') : null;
  return (
    <SettingsSection title={t('settings.finalize.title')} intro={t('settings.finalize.intro')} reason={reason}>
      {release.is_final ? (
        <Typography variant="body2">{RELEASE_MESSAGES.alreadyFinalized}</Typography>
      ) : (
        <Button variant="outlined" disabled={!canUpdate} onClick={() => setIsOpen(true)}>
          {t('settings.finalize.button')}
        </Button>
      )}
      {isOpen && (
        <MutationConfirmDialog
          title={t('settings.finalize.confirmTitle', { version: release.raw_version })}
          message={
            <>
              <Typography component="span" sx={{ display: 'block' }}>
                {RELEASE_MESSAGES.willNotUnfinalize}
              </Typography>
              <Typography component="span" sx={{ display: 'block' }}>
                {RELEASE_MESSAGES.actionIrreversible}
              </Typography>
            </>
          }
          confirmLabel={t('settings.finalize.button')}
          confirmColor="primary"
          mutation={mutation}
          run={() => mutation.mutateAsync({ is_final: true })}
          success={t('settings.finalize.done')}
          onClose={() => setIsOpen(false)}
        />
      )}
    </SettingsSection>
  );
}
