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
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { fleetReleasesQuery, type ReleaseChoice } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { ReleasePicker } from '../../fleet-settings/components/ReleasePicker.tsx';
import { releaseChoicesWithPin, releaseText } from '../../fleet-settings/release-target.ts';
import { usePinDeviceRelease } from '../api/device-settings.mutations.ts';
import { deviceSettingsQuery, type DeviceSettingsExtra } from '../api/device-settings.queries.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

type Mode = 'track' | 'pin';

/**
 * Pin to a release, or track the fleet (fleets spec §2 device settings "pin release"; §6
 * resin.device.update; §8 "pinned to release"). Offers the fleet's successful releases that are
 * not invalidated; a fleet without any says so.
 */
export function ReleaseSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canUpdate = useCanSection(device, 'release');
  const fleetId = device.belongs_to__application[0]?.id ?? 0;
  const extra = useQuery(deviceSettingsQuery(device.uuid));
  const releases = useQuery({ ...fleetReleasesQuery(fleetId), enabled: fleetId > 0 });
  const pinned = extra.data?.pinnedRelease ?? null;
  const target = device.should_be_running__release[0];
  const current = pinned
    ? t('release.currentPinned', { release: releaseText(pinned) })
    : target
      ? t('release.currentTracking', { release: releaseText(target) })
      : t('release.currentTrackingNone');
  return (
    <SettingsSection title={t('release.title')} intro={t('release.intro')} reason={canUpdate ? null : t('noPermission')}>
      <QueryState query={extra} what={t('what')}>
        {(settings) => (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {current}
            </Typography>
            <QueryState query={releases} what={t('release.what')}>
              {(rows) => (
                <ReleaseForm
                  device={device}
                  pinned={settings?.pinnedRelease ?? null}
                  fleetReleases={rows.filter((r) => !r.is_invalidated)}
                  canUpdate={canUpdate}
                />
              )}
            </QueryState>
          </>
        )}
      </QueryState>
    </SettingsSection>
  );
}

function ReleaseForm({ device, pinned, fleetReleases, canUpdate }: { device: DeviceDetail; pinned: DeviceSettingsExtra['pinnedRelease']; fleetReleases: ReleaseChoice[]; canUpdate: boolean }) {
  const { t } = useTranslation('deviceSettings');
  const mutation = usePinDeviceRelease(device);
  const current: Mode = pinned ? 'pin' : 'track';
  const [mode, setMode] = useState<Mode>(current);
  const [releaseId, setReleaseId] = useState<number | ''>(pinned?.id ?? '');
  // A new pin (this form's Apply, or a change made elsewhere) resets the choice to it. The form
  // stays mounted: remounting it took away the focused Apply button and focus fell to the page
  // body after every save (CONVENTIONS: focus is never lost after a save).
  const pinnedId = pinned?.id ?? null;
  const [shownPin, setShownPin] = useState(pinnedId);
  if (shownPin !== pinnedId) {
    setShownPin(pinnedId);
    setMode(current);
    setReleaseId(pinned?.id ?? '');
  }
  // A pin to a release outside the list (older than the newest 50, or invalidated) stays as it is.
  const choices = releaseChoicesWithPin(fleetReleases, pinned);
  const isChanged = mode !== current || (mode === 'pin' && releaseId !== (pinned?.id ?? ''));
  const canApply = canUpdate && isChanged && !mutation.isPending && (mode === 'track' || releaseId !== '');
  const modeLabelId = `device-release-mode-${device.id}`;

  // mutateAsync: the toast still shows if the section re-renders from the refreshed device first.
  const apply = () =>
    mutation.mutateAsync(mode === 'pin' ? Number(releaseId) : null).then(
      () => notifySuccess(mode === 'pin' ? t('release.pinned') : t('release.tracking')),
      () => undefined, // shown above the form
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canApply) void apply();
      }}
    >
      <Stack spacing={1}>
        {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
        <FormControl disabled={!canUpdate || mutation.isPending}>
          <FormLabel id={modeLabelId} disabled={false}>{t('release.mode')}</FormLabel>
          <RadioGroup
            aria-labelledby={modeLabelId}
            value={mode}
            onChange={(event) => {
              mutation.reset();
              setMode(event.target.value === 'pin' ? 'pin' : 'track');
            }}
          >
            <FormControlLabel value="track" control={<Radio />} label={t('release.track')} />
            <FormHelperText disabled={false} sx={{ mt: -1, mb: 1, ml: 4 }}>{t('release.trackHelp')}</FormHelperText>
            {/* An explicit `disabled` overrides the FormControl's: repeat its conditions, or an observer could pick "pin". */}
            <FormControlLabel value="pin" control={<Radio />} label={t('release.pin')} disabled={!canUpdate || mutation.isPending || choices.length === 0} />
            <FormHelperText disabled={false} sx={{ mt: -1, mb: 1, ml: 4 }}>{t('release.pinHelp')}</FormHelperText>
          </RadioGroup>
        </FormControl>
        {choices.length === 0 && <Alert severity="info">{t('release.noReleases')}</Alert>}
        {mode === 'pin' && choices.length > 0 && (
          <ReleasePicker label={t('release.choose')} choices={choices} value={releaseId} onChange={setReleaseId} disabled={!canUpdate || mutation.isPending} />
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
