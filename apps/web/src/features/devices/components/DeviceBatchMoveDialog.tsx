import { useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { summarizeBatch } from '@flotilla/core/batch';
import { batchMoveTargets, batchMoveWarnings, type MoveCandidate, type MoveTargetsProblem, type MoveWarning } from '@flotilla/core/device-move';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { readFailureOf } from '../../../components/states/query-failure.ts';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { organizationRolesQuery } from '../../../lib/permissions.ts';
import { moveCandidatesQuery } from '../../device-settings/api/device-settings.queries.ts';
import '../devices-catalog.ts';
import { useMoveDevices } from '../api/device-batch-changes.mutations.ts';
import { batchChangeDevicesQuery, type BatchChangeDevice } from '../api/device-batch-changes.queries.ts';
import { BatchFormDialog } from './BatchFormDialog.tsx';
import { batchErrorMessage, notifyBatch } from './notify-batch.ts';

/** How each move warning shows (fleets spec §5 "Move": a warning for the data folder, a danger warning for the pin). */
const WARNING_SEVERITY: Record<MoveWarning, 'warning' | 'error'> = { dataFolderNotCarried: 'warning', pinLost: 'error' };

/**
 * Moves the selected devices to another fleet (fleets spec §5 "Move" for several devices, §6
 * resin.device.move, §4 "Batch actions", §8 "Batch failures" and warnings). The fleets offered
 * are the ones every selected device can run and the user may move into (packages/core
 * device-move.ts, from the same role reads as the device settings' move); a warning says how
 * many devices are older than OS 2.12.0, a danger warning how many lose their pin. One PATCH per
 * device; the outcome is told as every batch's, then `onDone` (the list clears its selection).
 * Loaded only when opened (DeviceBatchActions), so /fleets does not pay for it.
 */
export default function DeviceBatchMoveDialog({ fleetId, ids, onDone, onClose }: { fleetId: number; ids: readonly number[]; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { data: actor } = useQuery(whoamiQuery);
  const userId = actor?.actorTypeId ?? 0;
  const orgRoles = useQuery({ ...organizationRolesQuery(userId), enabled: userId > 0 });
  const organizationIds = orgRoles.data ? [...orgRoles.data.keys()].sort((a, b) => a - b) : [];
  const candidates = useQuery({ ...moveCandidatesQuery(userId, organizationIds), enabled: orgRoles.data !== undefined });
  const selected = useQuery(batchChangeDevicesQuery(fleetId, ids));
  const move = useMoveDevices<BatchChangeDevice>(fleetId);
  const [targetId, setTargetId] = useState<number | ''>('');
  // The devices as the move was sent: the refresh that follows it reads them in their new fleet
  // (not in this one) before the dialog closes, and the dialog must not change under the user.
  const [sent, setSent] = useState<readonly BatchChangeDevice[] | null>(null);

  const devices = sent ?? selected.data ?? [];
  const failed = readFailureOf([orgRoles, candidates, selected]);
  const isLoaded = orgRoles.data !== undefined && candidates.data !== undefined && (sent !== null || selected.data !== undefined);
  const choice = isLoaded ? batchMoveTargets(fleetId, devices, candidates.data, orgRoles.data) : null;
  const target = choice?.targets.find((f) => f.id === targetId);
  const warnings = batchMoveWarnings(devices.map((d) => ({ osVersion: d.osVersion, isPinned: d.pinnedReleaseId !== null })));

  const reason = !isLoaded ? t('batch.unavailable.loading') : choice?.problem ? t(`batch.move.${choice.problem}`) : target ? null : t('batch.fieldsMissing');

  const submit = (to: MoveCandidate) => {
    setSent(devices);
    void move.mutateAsync({ devices, toFleetId: to.id }).then((result) => {
      const summary = summarizeBatch(result, (error) => batchErrorMessage(error, t));
      notifyBatch(summary, t);
      onDone();
    });
  };

  return (
    <BatchFormDialog
      title={t('batch.move.title', { count: sent?.length ?? selected.data?.length ?? ids.length })}
      names={devices.map((d) => d.name)}
      submitLabel={move.isPending ? t('batch.move.submitting') : t('batch.move.submit')}
      submitColor={warnings.some((w) => w.warning === 'pinLost') ? 'error' : 'primary'}
      busy={move.isPending}
      disabledReason={reason}
      isReasonShown={!choice?.problem}
      onSubmit={() => target && submit(target)}
      onClose={onClose}
    >
      <Typography variant="body2">{t('batch.move.intro')}</Typography>
      {failed ? (
        <ErrorState error={failed.error} what={failed.error === selected.error ? t('batch.devicesWhat') : t('batch.move.what')} onRetry={failed.retry} />
      ) : !choice ? (
        <LoadingState />
      ) : (
        <MoveChoice problem={choice.problem} targets={choice.targets} warnings={warnings} targetId={targetId} onTarget={setTargetId} disabled={move.isPending} />
      )}
    </BatchFormDialog>
  );
}

function MoveChoice({ problem, targets, warnings, targetId, onTarget, disabled }: {
  problem: MoveTargetsProblem | null;
  targets: readonly MoveCandidate[];
  warnings: ReadonlyArray<{ warning: MoveWarning; count: number }>;
  targetId: number | '';
  onTarget: (id: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('devices');
  if (problem) return <Alert severity="warning">{t(`batch.move.${problem}`)}</Alert>;
  return (
    <>
      {warnings.map(({ warning, count }) => (
        <Alert key={warning} severity={WARNING_SEVERITY[warning]}>
          {t(`batch.move.warnings.${warning}`, { count })}
        </Alert>
      ))}
      <TextField select autoFocus size="small" label={t('batch.move.target')} value={targetId} onChange={(event) => onTarget(Number(event.target.value))} disabled={disabled} fullWidth>
        {targets.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
