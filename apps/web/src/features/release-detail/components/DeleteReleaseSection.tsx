import { useState } from 'react';
import Button from '@mui/material/Button';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RELEASE_MESSAGES } from '@flotilla/core/release-status';
import { MutationConfirmDialog } from '../../../components/MutationConfirmDialog.tsx';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { useDeleteRelease } from '../api/release-detail.mutations.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

/**
 * Delete, in the danger zone (fleets spec §4 "Release rules": a release pinned by a device or
 * the fleet's target cannot be deleted, "cannot delete pinned releases"; §2 "Confirmation
 * dialogs": type the version, pasting blocked; §6 resin.release.delete). Afterwards the user
 * goes to the fleet's release list.
 */
export function DeleteReleaseSection({ release, fleetId, fleetClass, canDelete }: { release: ReleaseSummary; fleetId: number; fleetClass: string; canDelete: boolean }) {
  const { t } = useTranslation('releaseDetail');
  const navigate = useNavigate();
  const mutation = useDeleteRelease(fleetId, release.id);
  const [isOpen, setIsOpen] = useState(false);
  const isPinned = release.is_pinned_to__device > 0 || release.should_be_running_on__application > 0;
  const reason = !canDelete ? t('settings.noPermission') : isPinned ? RELEASE_MESSAGES.cannotDeletePinned : null;
  const version = release.raw_version;
  return (
    <SettingsSection title={t('settings.delete.title')} intro={t('settings.delete.intro')} reason={reason} danger>
      <Button variant="contained" color="error" disabled={!canDelete || isPinned} onClick={() => setIsOpen(true)}>
        {t('settings.delete.button')}
      </Button>
      {isOpen && (
        <MutationConfirmDialog
          title={t('settings.delete.confirmTitle', { version })}
          message={t('settings.delete.confirmMessage')}
          confirmLabel={t('settings.delete.button')}
          typedConfirmation={{ text: version, label: t('settings.delete.typeLabel', { text: version }) }}
          mutation={mutation}
          run={() => mutation.mutateAsync()}
          success={t('settings.delete.done', { version })}
          onDone={() => void navigate({ href: `/${fleetClass}/${fleetId}/releases` })}
          onClose={() => setIsOpen(false)}
        />
      )}
    </SettingsSection>
  );
}
