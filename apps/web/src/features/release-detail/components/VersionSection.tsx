import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { releaseSemverProblem } from '@flotilla/core/release-status';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePatchRelease } from '../api/release-detail.mutations.ts';
import type { ReleaseSummary } from '../api/release-detail.queries.ts';

/** The release's version (fleets spec §4 "Release rules": only a three-digit semver x.y.z is set; §6 resin.release.update). */
export function VersionSection({ release, fleetId, canUpdate }: { release: ReleaseSummary; fleetId: number; canUpdate: boolean }) {
  const { t } = useTranslation('releaseDetail');
  const mutation = usePatchRelease(fleetId, release.id);
  const [value, setValue] = useState(release.semver);
  const [isTouched, setIsTouched] = useState(false);
  const problem = releaseSemverProblem(value);
  const shown = isTouched ? problem : null;
  const isUnchanged = value.trim() === release.semver;

  const submit = () => {
    setIsTouched(true);
    if (problem !== null || isUnchanged) return;
    mutation.mutate({ semver: value.trim() }, { onSuccess: () => notifySuccess(t('settings.changed')) });
  };

  return (
    <SettingsSection title={t('settings.version.title')} intro={t('settings.version.intro')} reason={canUpdate ? null : t('settings.noPermission')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('settings.version.label')}
          size="small"
          value={value}
          disabled={!canUpdate || mutation.isPending}
          error={shown !== null || mutation.isError}
          helperText={shown ?? (mutation.isError ? mutation.error.message : ' ')}
          onChange={(event) => {
            setValue(event.target.value);
            mutation.reset();
          }}
          onBlur={() => setIsTouched(true)}
          slotProps={{ htmlInput: { inputMode: 'decimal', spellCheck: false } }}
          sx={{ minWidth: 180 }}
        />
        <Button type="submit" variant="contained" disabled={!canUpdate || mutation.isPending || isUnchanged}>
          {t('settings.version.save')}
        </Button>
      </Box>
    </SettingsSection>
  );
}
