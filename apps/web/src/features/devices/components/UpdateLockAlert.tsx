import { useRef } from 'react';
import { flushSync } from 'react-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { SupervisorLockedError } from '../../device-actions/api/device-actions.requests.ts';
import { useRunDeviceBatch } from '../api/device-batch.mutations.ts';
import { focusIfLost } from '../../../lib/focus-parking.ts';
import { listRegionNear } from '../batch-focus.ts';
import { batchOutcome, confirmationNames, type BatchDevice } from '../device-batch.ts';
import type { LockedBatch } from './DeviceBatchActions.tsx';
import { batchErrorMessage, notifyBatch } from './notify-batch.ts';

/**
 * After a batch, the devices whose update lock refused the action (fleets spec §4 "A
 * supervisor-locked error lets the user retry by forcing", §8): names them and offers to run
 * the action again on just those devices with force. It stays until forced or dismissed; then
 * focus goes to the device table rather than the page body.
 */
export function UpdateLockAlert({ fleetId, locked, onChange }: { fleetId: number; locked: LockedBatch; onChange: (locked: LockedBatch | null) => void }) {
  const { t } = useTranslation('devices');
  const run = useRunDeviceBatch<BatchDevice>(fleetId);
  const verb = t(`batch.verbs.${locked.action}`);
  const { shown, more } = confirmationNames(locked.devices.map((device) => device.name));
  const names = more > 0 ? `${shown.join(', ')} ${t('batch.confirm.more', { count: more })}` : shown.join(', ');
  const alertRef = useRef<HTMLDivElement | null>(null);
  /** Goes away (its buttons with it), and focus to the device table (DeviceTable's region, labelled with the list's title). */
  const close = () => {
    const table = listRegionNear(alertRef.current, t('list.title'));
    flushSync(() => onChange(null));
    focusIfLost(table);
  };

  const force = () =>
    run.mutate(
      { action: locked.action, devices: locked.devices, force: true },
      {
        onSuccess: (result) => {
          const outcome = batchOutcome(result, (error) => batchErrorMessage(error, t), (error) => error instanceof SupervisorLockedError);
          notifyBatch(outcome.summary, t);
          if (outcome.locked.length > 0) onChange({ action: locked.action, devices: outcome.locked });
          else close();
        },
      },
    );

  return (
    // The buttons sit under the text, not in the Alert's action column, so they wrap at 390 px.
    <Alert ref={alertRef} severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{t('batch.locked.title')}</AlertTitle>
      {t('batch.locked.message', { count: locked.devices.length, names, verb })}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button color="inherit" size="small" variant="outlined" disabled={run.isPending} onClick={force}>
          {t('batch.locked.force', { verb })}
        </Button>
        <Button color="inherit" size="small" disabled={run.isPending} onClick={close}>
          {t('batch.locked.dismiss')}
        </Button>
      </Box>
    </Alert>
  );
}
