import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useSetReleaseTarget, type ReleaseTarget } from '../api/fleet-settings.mutations.ts';
import { fleetReleasesQuery, RELEASE_CHOICES_LIMIT, type FleetSettings, type ReleaseChoice } from '../api/fleet-settings.queries.ts';
import { releaseChoicesWithPin, releaseTargetMode, releaseText, type ReleaseTargetMode } from '../release-target.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { ReleasePicker } from './ReleasePicker.tsx';

/**
 * Release targeting (fleets spec §4 "Fleet release targeting": track latest, none — "No release" —
 * or pinned; choosing latest resets a pin; §6 resin.application.update "pin release"; §8
 * "pinned to release"). Pinning offers the fleet's successful releases; a fleet without any says so.
 */
export function ReleaseTargetSection({ fleet, canUpdate }: { fleet: FleetSettings; canUpdate: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const type = t(`className.${fleet.is_of__class}`);
  const releases = useQuery(fleetReleasesQuery(fleet.id));
  const current = releaseTargetMode(fleet);
  const target = fleet.should_be_running__release[0];
  const currentText =
    current === 'pinned' && target
      ? t('release.current.pinned', { release: releaseText(target) })
      : current === 'latest'
        ? target
          ? t('release.current.latest', { release: releaseText(target) })
          : t('release.current.latestNone')
        : t('release.current.none');

  return (
    <SettingsSection title={t('release.title')} intro={t('release.intro', { type })}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {currentText}
      </Typography>
      <QueryState query={releases} what={t('release.what')}>
        {/* An invalidated release is not offered for pinning (fleets spec §4 "Release rules"); a pin to one stays shown (releaseChoicesWithPin). */}
        {(rows) => <ReleaseTargetForm fleet={fleet} releases={rows.filter((r) => !r.is_invalidated)} current={current} canUpdate={canUpdate} />}
      </QueryState>
    </SettingsSection>
  );
}

function ReleaseTargetForm({ fleet, releases, current, canUpdate }: { fleet: FleetSettings; releases: ReleaseChoice[]; current: ReleaseTargetMode; canUpdate: boolean }) {
  const { t } = useTranslation('fleetSettings');
  const type = t(`className.${fleet.is_of__class}`);
  const mutation = useSetReleaseTarget(fleet.id);
  const [mode, setMode] = useState<ReleaseTargetMode>(current);
  const pinnedId = current === 'pinned' ? fleet.should_be_running__release[0]?.id : undefined;
  const [releaseId, setReleaseId] = useState<number | ''>(pinnedId ?? '');
  const hasReleases = releases.length > 0;
  const isChanged = mode !== current || (mode === 'pinned' && releaseId !== (pinnedId ?? ''));
  const canApply = canUpdate && isChanged && !mutation.isPending && (mode !== 'pinned' || releaseId !== '');
  // A pin to a release outside the list (older than the newest 50) stays selectable as it is.
  const choices = releaseChoicesWithPin(releases, current === 'pinned' ? fleet.should_be_running__release[0] : undefined);

  const apply = () => {
    const value: ReleaseTarget = mode === 'pinned' ? { kind: 'pinned', releaseId: Number(releaseId) } : { kind: mode };
    mutation.mutate(value, {
      onSuccess: () => notifySuccess(t(`release.success.${mode}`)),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) apply();
      }}
    >
      <Stack spacing={1}>
        {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
        <FormControl disabled={!canUpdate || mutation.isPending}>
          <FormLabel id={`release-mode-${fleet.id}`}>{t('release.mode')}</FormLabel>
          <RadioGroup
            aria-labelledby={`release-mode-${fleet.id}`}
            value={mode}
            onChange={(event) => {
              mutation.reset();
              // The radio values are exactly the three modes.
              const next = event.target.value === 'pinned' ? 'pinned' : event.target.value === 'none' ? 'none' : 'latest';
              setMode(next);
            }}
          >
            <FormControlLabel value="latest" control={<Radio />} label={t('release.latest')} />
            <FormHelperText sx={{ mt: -1, mb: 1, ml: 4 }}>{t('release.latestHelp')}</FormHelperText>
            <FormControlLabel value="none" control={<Radio />} label={t('release.none')} />
            <FormHelperText sx={{ mt: -1, mb: 1, ml: 4 }}>{t('release.noneHelp', { type })}</FormHelperText>
            {/* An explicit `disabled` overrides the FormControl's: its conditions are repeated here. */}
            <FormControlLabel value="pinned" control={<Radio />} label={t('release.pinned')} disabled={!canUpdate || mutation.isPending || (!hasReleases && current !== 'pinned')} />
            <FormHelperText sx={{ mt: -1, mb: 1, ml: 4 }}>{t('release.pinnedHelp')}</FormHelperText>
          </RadioGroup>
        </FormControl>
        {!hasReleases && <Alert severity="info">{t('release.noReleases', { type })}</Alert>}
        {mode === 'pinned' && choices.length > 0 && (
          <ReleasePicker
            label={t('release.choose')}
            choices={choices}
            value={releaseId}
            onChange={setReleaseId}
            disabled={!canUpdate || mutation.isPending}
            helperText={releases.length >= RELEASE_CHOICES_LIMIT ? t('release.limited', { count: RELEASE_CHOICES_LIMIT }) : ' '}
          />
        )}
        {!canUpdate && (
          <Typography variant="body2" color="text.secondary">
            {t('noPermission')}
          </Typography>
        )}
        <div>
          <Button type="submit" variant="outlined" disabled={!canApply}>
            {mutation.isPending ? t('saving') : t('release.apply')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
