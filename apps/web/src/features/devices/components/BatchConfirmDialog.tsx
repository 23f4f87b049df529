import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SupervisorAction } from '@flotilla/core/device-actions';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import type { BatchPlan } from '../device-batch.ts';
import { BatchDeviceNames } from './BatchDeviceNames.tsx';

const WORDED_SKIPS = new Set(['notOnline', 'notFullyProvisioned', 'localMode', 'noBlink']);

/** "2 of the 5 selected devices are offline and are skipped." per reason, or undefined when none is skipped. */
export function useSkippedNote(): (plan: BatchPlan) => string | undefined {
  const { t } = useTranslation('devices');
  return (plan) => {
    if (plan.skipped.length === 0) return undefined;
    return plan.skipped
      .map(({ reason, count }) => t(`batch.skipped.${WORDED_SKIPS.has(reason) ? reason : 'other'}`, { count, total: plan.total }))
      .join(' ');
  };
}

/**
 * The typed confirmation of a dangerous batch action (fleets spec §2 "Confirmation dialogs"):
 * what it does, the devices it runs on (up to 10 names, then "and N more"), the devices it
 * skips and why, and the exact count to type (pasting blocked by ConfirmDialog).
 */
export function BatchConfirmDialog({ action, plan, busy, onConfirm, onClose }: {
  action: SupervisorAction;
  plan: BatchPlan;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const skippedNote = useSkippedNote();
  const count = plan.runnable.length;
  const note = skippedNote(plan);
  return (
    <ConfirmDialog
      title={t(`batch.confirm.title.${action}`, { count })}
      message={
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t(`batch.confirm.warning.${action}`)}
          </Typography>
          {note && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {note}
            </Alert>
          )}
          <BatchDeviceNames names={plan.runnable.map((device) => device.name)} />
        </Box>
      }
      confirmLabel={t(`batch.actions.${action}`)}
      busy={busy}
      typedConfirmation={{ text: String(count), label: t('batch.confirm.typed', { count }) }}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
