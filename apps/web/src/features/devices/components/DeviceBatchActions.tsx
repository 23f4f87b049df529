import { useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { rolesHavePermission } from '@flotilla/core/roles';
import { DANGEROUS_SUPERVISOR_ACTIONS, SUPERVISOR_ACTION_PERMISSION, SUPERVISOR_ACTIONS, type SupervisorAction, type UnavailableReason } from '@flotilla/core/device-actions';
import { ActionMenu, type ActionMenuAction } from '../../../components/ActionMenu.tsx';
import { lazyWithRetry } from '../../../components/lazy-with-retry.tsx';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { useRolesState } from '../../../lib/permissions.ts';
import { SupervisorLockedError } from '../../device-actions/api/device-actions.requests.ts';
import { SECTION_PERMISSION } from '../../device-settings/section-ids.ts';
import { useRunDeviceBatch } from '../api/device-batch.mutations.ts';
import { selectedDevicesQuery } from '../api/device-selection.queries.ts';
import { focusIfLost } from '../../../lib/focus-parking.ts';
import { listRegionNear } from '../batch-focus.ts';
import { batchOutcome, planBatch, type BatchDevice, type BatchPlan } from '../device-batch.ts';
import { BatchConfirmDialog, useSkippedNote } from './BatchConfirmDialog.tsx';
import { batchErrorMessage, notifyBatch } from './notify-batch.ts';

// The dialogs that move or pin the selected devices load when one is opened, not with the list;
// a load that fails says so in a dialog of its own with Retry (ChangeLoadFailed), not as the page's error.
const DeviceBatchMoveDialog = lazyWithRetry(() => import('./DeviceBatchMoveDialog.tsx'));
const DeviceBatchPinDialog = lazyWithRetry(() => import('./DeviceBatchPinDialog.tsx'));

/** The batch changes to the devices themselves, each in its own dialog: a move to another fleet, a pin to a release. */
type DeviceChange = 'move' | 'pin';
/** Their permissions, as on a device's own settings (fleets spec §6 "Device actions": Move is device move, pin to release device update). */
const CHANGE_PERMISSION: Record<DeviceChange, string> = { move: SECTION_PERMISSION.move, pin: SECTION_PERMISSION.release };
const NO_CHANGE_PERMISSION: Record<DeviceChange, 'noMovePermission' | 'noPinPermission'> = { move: 'noMovePermission', pin: 'noPinPermission' };

/** Devices an update lock refused, for the page's offer to force (fleets spec §4, §8). */
export interface LockedBatch {
  action: SupervisorAction;
  devices: BatchDevice[];
}

/** The batch running now: its action and how many devices it runs on. */
export interface RunningBatch {
  action: SupervisorAction;
  count: number;
}

/**
 * The running batch where the bar cannot show it: a lens without the selection (the map), or
 * the selection cleared meanwhile. Polite: the words change once when it starts.
 */
export function RunningBatchStatus({ running }: { running: RunningBatch }) {
  const { t } = useTranslation('devices');
  return (
    <Alert severity="info" role="status" icon={<CircularProgress size={20} aria-hidden />} sx={{ mb: 2 }}>
      {t('batch.running', { verb: t(`batch.verbs.${running.action}`), count: running.count })}
    </Alert>
  );
}

/**
 * The device list's batch actions (DataList's slot; fleets spec §4, §5, §6): restart services,
 * identify, reboot, shutdown and purge on the selected devices, one call per device. The
 * selection may span pages, so the devices are read by id; those an action cannot reach (offline,
 * not provisioned, local mode, no LED) are left out and counted. An action no selected device can
 * take, or any without the supervisor permission, stays in the menu disabled with its reason.
 * Reboot, shutdown and purge ask for the typed count first. The selection also moves to another
 * fleet or pins to a release (DeviceBatchMoveDialog, DeviceBatchPinDialog: lazily loaded, one
 * PATCH per device), each item disabled with its reason for a role without its permission.
 * Failures on an update lock go to `onLocked`, which offers to force them after the selection is
 * gone. The selection is cleared once the action is done, and this bar with it: focus goes to the
 * device table (DeviceTable's region, labelled with the list's title) instead of the page body.
 *
 * The list shows this bar only in the table lens and while devices are selected, so the batch
 * running is the page's (`running`, `onRunningChange`): it outlives the bar, whose button says
 * it is running while the bar shows (`onShownChange`) and the page's RunningBatchStatus says it
 * otherwise, in every lens; back in the table the bar's menu stays disabled until it is done.
 */
export function DeviceBatchActions({ fleetId, organizationId, ids, clearSelection, onLocked, running, onRunningChange, onShownChange }: {
  fleetId: number;
  organizationId: number | undefined;
  ids: ReadonlySet<number>;
  clearSelection: () => void;
  onLocked: (locked: LockedBatch) => void;
  running: RunningBatch | null;
  onRunningChange: (running: RunningBatch | null) => void;
  onShownChange: (isShown: boolean) => void;
}) {
  const { t } = useTranslation('devices');
  // useCan is false while the roles load; they are told apart here so no one reads "not allowed" meanwhile.
  const { roles, failed: rolesFailed } = useRolesState({ fleetId, organizationId });
  const canRun = roles !== null && rolesHavePermission(roles, SUPERVISOR_ACTION_PERMISSION);
  const selection = useQuery(selectedDevicesQuery(fleetId, [...ids]));
  const run = useRunDeviceBatch<BatchDevice>(fleetId);
  const skippedNote = useSkippedNote();
  // The plan is fixed when the dialog opens: the typed count must not change while it is typed.
  const [confirming, setConfirming] = useState<{ action: SupervisorAction; plan: BatchPlan } | null>(null);
  const [changing, setChanging] = useState<DeviceChange | null>(null);
  useEffect(() => {
    onShownChange(true);
    return () => onShownChange(false);
  }, [onShownChange]);
  const ChangeDialog = changing === 'pin' ? DeviceBatchPinDialog : DeviceBatchMoveDialog;
  /** Inside the list's toolbar: where the list's table is looked for. */
  const barRef = useRef<HTMLSpanElement | null>(null);

  const isCurrent = selection.isSuccess && !selection.isPlaceholderData;
  const devices = selection.data ?? [];
  const planOf = (action: SupervisorAction) => planBatch(action, devices, canRun);

  const reasonOf = (plan: BatchPlan): string | null => {
    // A failed read (after its retries) says so, rather than "reading…" for ever.
    if (rolesFailed || (selection.isError && !isCurrent)) return t('batch.unavailable.failed');
    if (roles === null || !isCurrent) return t('batch.unavailable.loading');
    if (!canRun) return t('batch.unavailable.noPermission');
    if (plan.runnable.length > 0) return null;
    const [only, ...others] = plan.skipped;
    return only && others.length === 0 && WORDED_REASONS.has(only.reason) ? t(`batch.unavailable.${only.reason}`) : t('batch.unavailable.mixed');
  };

  /** A move or pin: the roles alone decide (the dialog reads the devices and says what it can do). */
  const changeReasonOf = (change: DeviceChange): string | null => {
    if (rolesFailed) return t('batch.unavailable.failed');
    if (roles === null) return t('batch.unavailable.loading');
    return rolesHavePermission(roles, CHANGE_PERMISSION[change]) ? null : t(`batch.unavailable.${NO_CHANGE_PERMISSION[change]}`);
  };

  /** A batch is done with: the selection, the bar and any dialog go, and focus moves to the device table. */
  const finish = () => {
    const table = listRegionNear(barRef.current, t('list.title'));
    // Synchronously, so the bar and the dialog are gone (the dialog's own focus return with
    // them, to the Actions button, which is gone too) before focus moves.
    flushSync(() => {
      onRunningChange(null);
      setConfirming(null);
      setChanging(null);
      clearSelection();
    });
    focusIfLost(table);
  };

  const execute = (action: SupervisorAction, plan: BatchPlan) => {
    onRunningChange({ action, count: plan.runnable.length });
    // mutateAsync: the outcome is told even if the bar unmounts meanwhile (selection cleared).
    void run.mutateAsync({ action, devices: plan.runnable, force: false }).then((result) => {
      const outcome = batchOutcome(result, (error) => batchErrorMessage(error, t), (error) => error instanceof SupervisorLockedError);
      notifyBatch(outcome.summary, t, skippedNote(plan));
      if (outcome.locked.length > 0) onLocked({ action, devices: outcome.locked });
      finish();
    });
  };

  const handleSelect = (key: SupervisorAction | DeviceChange) => {
    if (key === 'move' || key === 'pin') {
      setChanging(key);
      return;
    }
    const action = key;
    const plan = planOf(action);
    if (DANGEROUS_SUPERVISOR_ACTIONS.has(action)) setConfirming({ action, plan });
    else execute(action, plan);
  };

  return (
    <>
      {/* display: contents: a hook for the list's table, without a box in the toolbar's layout. */}
      <Box component="span" ref={barRef} sx={{ display: 'contents' }}>
        <ActionMenu
          size="small"
          isDisabled={running !== null}
          label={running ? t('batch.running', { verb: t(`batch.verbs.${running.action}`), count: running.count }) : t('batch.open')}
          items={SUPERVISOR_ACTIONS.flatMap((action): Array<ActionMenuAction<SupervisorAction | DeviceChange>> => [
            // The changes to the devices, after the harmless actions and before the dangerous ones.
            ...(action === 'reboot'
              ? (['move', 'pin'] as const).map((change) => ({ key: change, label: t(`batch.actions.${change}`), reason: changeReasonOf(change), startsGroup: change === 'move' }))
              : []),
            {
              key: action,
              label: t(`batch.actions.${action}`),
              reason: reasonOf(planOf(action)),
              isDangerous: DANGEROUS_SUPERVISOR_ACTIONS.has(action),
              // The dangerous actions, after a divider.
              startsGroup: action === 'reboot',
            },
          ])}
          onSelect={handleSelect}
        />
      </Box>
      {confirming && (
        <BatchConfirmDialog
          action={confirming.action}
          plan={confirming.plan}
          busy={running !== null}
          onConfirm={() => execute(confirming.action, confirming.plan)}
          onClose={() => setConfirming(null)}
        />
      )}
      {changing && (
        // Nothing in its place while the dialog's code loads: the Actions button keeps focus until it opens.
        <ChangeDialog
          fleetId={fleetId}
          ids={[...ids]}
          onDone={finish}
          onClose={() => setChanging(null)}
          fallback={null}
          failed={(error, retry) => <ChangeLoadFailed title={t(`batch.actions.${changing}`)} error={error} onRetry={retry} onClose={() => setChanging(null)} />}
        />
      )}
    </>
  );
}

/** A move or pin dialog whose code could not be loaded: what failed, Retry, Cancel. */
function ChangeLoadFailed({ title, error, onRetry, onClose }: { title: string; error: unknown; onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <ErrorState error={error} what={t('batch.dialogWhat')} onRetry={onRetry} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The reasons with their own words when every selected device has the same one. */
const WORDED_REASONS: ReadonlySet<UnavailableReason> = new Set(['notOnline', 'notFullyProvisioned', 'localMode', 'noBlink']);
