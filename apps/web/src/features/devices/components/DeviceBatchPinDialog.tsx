import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { summarizeBatch } from '@flotilla/core/batch';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { readFailureOf } from '../../../components/states/query-failure.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { fleetReleasesQuery, type ReleaseChoice } from '../../fleet-settings/api/fleet-settings.queries.ts';
import { ReleasePicker } from '../../fleet-settings/components/ReleasePicker.tsx';
import '../devices-catalog.ts';
import { usePinDevices } from '../api/device-batch-changes.mutations.ts';
import { batchChangeDevicesQuery, type BatchChangeDevice } from '../api/device-batch-changes.queries.ts';
import { BatchFormDialog } from './BatchFormDialog.tsx';
import { batchErrorMessage, notifyBatch } from './notify-batch.ts';

type Mode = 'pin' | 'track';

/**
 * Pins the selected devices to one of the fleet's releases, or makes them track the fleet again
 * (fleets spec §2 device settings "pin release" for several devices, §6 resin.device.update, §4
 * "Batch actions", §8 "Batch failures" and "pinned to release"). The releases offered are the
 * fleet's successful ones that are not invalidated, as on a device's own settings; a fleet
 * without any leaves only tracking. One PATCH per device; the outcome is told as every batch's,
 * then `onDone` (the list clears its selection). Loaded only when opened (DeviceBatchActions).
 */
export default function DeviceBatchPinDialog({ fleetId, ids, onDone, onClose }: { fleetId: number; ids: readonly number[]; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const selected = useQuery(batchChangeDevicesQuery(fleetId, ids));
  const releases = useQuery(fleetReleasesQuery(fleetId));
  const pin = usePinDevices<BatchChangeDevice>(fleetId);
  const [mode, setMode] = useState<Mode>('pin');
  const [releaseId, setReleaseId] = useState<number | ''>('');

  const devices = selected.data ?? [];
  const choices = releases.data?.filter((r) => !r.is_invalidated);
  const failed = readFailureOf([selected, releases]);
  const isLoaded = selected.data !== undefined && choices !== undefined;
  // Without a release to pin to, only tracking the fleet is left.
  const shownMode: Mode = choices?.length === 0 ? 'track' : mode;
  const reason = !isLoaded ? t('batch.unavailable.loading') : shownMode === 'pin' && releaseId === '' ? t('batch.fieldsMissing') : null;

  const submit = () => {
    const chosen = shownMode === 'pin' ? Number(releaseId) : null;
    void pin.mutateAsync({ devices, releaseId: chosen }).then((result) => {
      const summary = summarizeBatch(result, (error) => batchErrorMessage(error, t));
      // §8 success messages: "pinned to release"; back to tracking, "operation completed successfully".
      if (summary.kind === 'success' && chosen !== null) notifySuccess(t('batch.pin.pinned'));
      else notifyBatch(summary, t);
      onDone();
    });
  };

  return (
    <BatchFormDialog
      title={t('batch.pin.title', { count: selected.data?.length ?? ids.length })}
      names={devices.map((d) => d.name)}
      submitLabel={pin.isPending ? t('batch.pin.submitting') : t('batch.pin.submit')}
      busy={pin.isPending}
      disabledReason={reason}
      onSubmit={submit}
      onClose={onClose}
    >
      {failed ? (
        <ErrorState
          error={failed.error}
          what={failed.error === selected.error ? t('batch.devicesWhat') : t('batch.pin.what')}
          onRetry={failed.retry}
        />
      ) : !isLoaded ? (
        <LoadingState />
      ) : (
        <PinChoice
          choices={choices}
          mode={shownMode}
          releaseId={releaseId}
          onMode={(next) => {
            setMode(next);
            if (next === 'track') setReleaseId('');
          }}
          onRelease={setReleaseId}
          disabled={pin.isPending}
        />
      )}
    </BatchFormDialog>
  );
}

function PinChoice({ choices, mode, releaseId, onMode, onRelease, disabled }: {
  choices: readonly ReleaseChoice[];
  mode: Mode;
  releaseId: number | '';
  onMode: (mode: Mode) => void;
  onRelease: (id: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('devices');
  const labelId = useId();
  const hasReleases = choices.length > 0;
  return (
    <>
      <FormControl disabled={disabled}>
        <FormLabel id={labelId}>{t('batch.pin.mode')}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={mode} onChange={(event) => onMode(event.target.value === 'track' ? 'track' : 'pin')}>
          <FormControlLabel value="pin" control={<Radio autoFocus={hasReleases} />} label={t('batch.pin.pin')} disabled={disabled || !hasReleases} />
          <FormHelperText sx={{ mt: -1, mb: 1, ml: 4 }}>{t('batch.pin.pinHelp')}</FormHelperText>
          <FormControlLabel value="track" control={<Radio autoFocus={!hasReleases} />} label={t('batch.pin.track')} />
          <FormHelperText sx={{ mt: -1, ml: 4 }}>{t('batch.pin.trackHelp')}</FormHelperText>
        </RadioGroup>
      </FormControl>
      {!hasReleases && <Alert severity="info">{t('batch.pin.noReleases')}</Alert>}
      {mode === 'pin' && <ReleasePicker label={t('batch.pin.release')} choices={choices} value={releaseId} onChange={onRelease} disabled={disabled} />}
    </>
  );
}
