import { useId, useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { isRepositoryUrlRequiredError, useSetFleetPublic } from '../api/fleet-settings.mutations.ts';
import { canMakePublic, type PublicityFleetWithId } from '../fleet-publicity.ts';
import { PublicityConfirmDialog } from './PublicityConfirmDialog.tsx';

/**
 * The "Public" switch (fleets spec §2 Fleet settings "set public", success "public set or
 * unset"). It shows the saved state; flipping it only asks, and the confirmation sends the
 * PATCH. Without a repository URL it cannot be turned on and says why. When the API answers
 * that a URL is needed (it was removed meanwhile), the dialog closes and `onRepositoryUrlRequired`
 * puts the message on the URL field.
 */
export function PublicFleetSwitch({ fleet, onRepositoryUrlRequired }: {
  fleet: PublicityFleetWithId;
  onRepositoryUrlRequired: (message: string) => void;
}) {
  const { t } = useTranslation('fleetSettings');
  const helpId = useId();
  const mutation = useSetFleetPublic(fleet.id);
  const [target, setTarget] = useState<boolean | null>(null);
  // Turning off is always offered; turning on only when the API would accept it.
  const isDisabled = !fleet.is_public && !canMakePublic(fleet);
  const help = t(isDisabled ? 'fleetPublicity.needsRepositoryUrl' : fleet.is_public ? 'fleetPublicity.isPublic' : 'fleetPublicity.isPrivate');

  const confirm = (makePublic: boolean) =>
    mutation.mutate(makePublic, {
      onSuccess: () => {
        setTarget(null);
        notifySuccess(t(makePublic ? 'fleetPublicity.success.publicSet' : 'fleetPublicity.success.publicUnset'));
      },
      onError: (error) => {
        if (!isRepositoryUrlRequiredError(error)) return;
        setTarget(null);
        onRepositoryUrlRequired(t('errors.must_first_enter_repo_url'));
      },
    });

  return (
    <>
      <FormControlLabel
        label={t('fleetPublicity.switch')}
        control={
          <Switch
            checked={fleet.is_public}
            disabled={isDisabled || mutation.isPending}
            onChange={(event) => {
              mutation.reset();
              setTarget(event.target.checked);
            }}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
      />
      <FormHelperText id={helpId} sx={{ mt: 0 }}>
        {help}
      </FormHelperText>
      {target !== null && (
        <PublicityConfirmDialog
          fleetName={fleet.app_name}
          makePublic={target}
          busy={mutation.isPending}
          error={mutation.isError && !isRepositoryUrlRequiredError(mutation.error) ? mutation.error.message : null}
          onConfirm={() => confirm(target)}
          onClose={() => setTarget(null)}
        />
      )}
    </>
  );
}
