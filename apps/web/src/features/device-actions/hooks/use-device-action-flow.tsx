import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { deviceQuery } from '../../devices/api/devices.queries.ts';
import { useDeleteDevice, useRunDeviceAction } from '../api/device-actions.mutations.ts';
import { SupervisorLockedError } from '../api/device-actions.requests.ts';
import { actionDialogFailureMessage, actionFailureMessage, changesConnectivity, isDangerous, isIrreversible, type DeviceMenuAction } from '../device-action-rules.ts';

/** The device an action runs on: ids for the request, the name to confirm with, the fleet to return to. */
export interface ActionDevice {
  id: number;
  uuid: string;
  name: string;
  fleetId: number;
}

/** After a reboot or shutdown the device is read this often… */
export const LINK_WATCH_POLL_MS = 2_000;
/** …for this long, so it shows going offline and (for a reboot) coming back without a reload. */
export const LINK_WATCH_MS = 120_000;

type Step = { action: DeviceMenuAction; kind: 'confirm' | 'locked' };

export interface DeviceActionFlow {
  /** Starts an action: a dangerous one asks first, the others run at once. */
  request(action: DeviceMenuAction): void;
  /** The action running now, if any (its button shows it is busy). */
  runningAction: DeviceMenuAction | null;
  /** The confirmation or update-lock dialog to render, or null. */
  dialog: ReactNode;
}

/**
 * One device action from request to result, shared by the summary's Actions menu and the actions
 * page (fleets spec §2, §4 "Batch actions", §8): purge, reboot, shutdown confirm first and delete
 * asks for the device's name typed out; an update lock (423) shows the warning "action blocked by
 * update lock" with Force, which runs it again forced; success is a toast, a failure the server's
 * message inside the open dialog or as a toast. A deleted device's page gives way to its fleet's.
 */
export function useDeviceActionFlow(device: ActionDevice): DeviceActionFlow {
  const { t } = useTranslation('deviceActions');
  const navigate = useNavigate();
  const run = useRunDeviceAction();
  const remove = useDeleteDevice();
  const [step, setStep] = useState<Step | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runningAction, setRunningAction] = useState<DeviceMenuAction | null>(null);
  // Each reboot or shutdown starts a close watch of the device (numbered, so a second one
  // restarts the timer); the watch is over when its number has ended.
  const [watch, setWatch] = useState(0);
  const [endedWatch, setEndedWatch] = useState(0);
  useQuery({ ...deviceQuery(device.uuid), refetchInterval: LINK_WATCH_POLL_MS, enabled: watch > endedWatch });
  useEffect(() => {
    if (watch === 0) return undefined;
    const timer = setTimeout(() => setEndedWatch(watch), LINK_WATCH_MS);
    return () => clearTimeout(timer);
  }, [watch]);

  const fallback = t('errors.generic');
  const fail = (failure: unknown, inDialog: boolean) => {
    if (inDialog) {
      setError(actionDialogFailureMessage(failure, fallback, t('common:states.networkFailure')));
      return;
    }
    const message = actionFailureMessage(failure, fallback);
    // notifyError drops 404s; an action's 404 ("No online device(s) found") must be seen.
    if (message) notifyError(new Error(message));
  };

  const execute = (action: DeviceMenuAction, force: boolean, inDialog: boolean) => {
    setRunningAction(action);
    if (action === 'delete') {
      remove.mutate(
        { id: device.id, fleetId: device.fleetId },
        {
          onSuccess: () => {
            setStep(null);
            notifySuccess(t('delete.success', { name: device.name }));
            void navigate({ to: '/$fleetClass/$fleetId', params: { fleetClass: 'fleets', fleetId: String(device.fleetId) } });
          },
          onError: (failure) => fail(failure, inDialog),
          onSettled: () => setRunningAction(null),
        },
      );
      return;
    }
    run.mutate(
      { action, target: { id: device.id, appId: device.fleetId }, force },
      {
        onSuccess: () => {
          setStep(null);
          notifySuccess(t('success'));
          if (changesConnectivity(action)) setWatch((n) => n + 1);
        },
        onError: (failure) => {
          if (failure instanceof SupervisorLockedError) {
            setError(null);
            setStep({ action, kind: 'locked' });
          } else fail(failure, inDialog);
        },
        onSettled: () => setRunningAction(null),
      },
    );
  };

  const request = (action: DeviceMenuAction) => {
    if (runningAction !== null) return;
    setError(null);
    if (isDangerous(action)) setStep({ action, kind: 'confirm' });
    else execute(action, false, false);
  };

  const busy = runningAction !== null;
  const close = () => {
    setStep(null);
    setError(null);
  };
  let dialog: ReactNode = null;
  if (step?.kind === 'confirm') {
    const { action } = step;
    dialog = (
      <ConfirmDialog
        title={t(`confirm.${action}.title`, { name: device.name })}
        message={t(`confirm.${action}.message`, { name: device.name })}
        confirmLabel={t(`confirm.${action}.button`)}
        busy={busy}
        error={error}
        // What cannot be undone (deleting the device, purging its data: fleets spec §2 "Confirmation
        // dialogs") asks for the device's name to be typed; a reboot or shutdown only to confirm.
        typedConfirmation={isIrreversible(action) ? { text: device.name, label: t('confirm.delete.typeLabel', { name: device.name }) } : undefined}
        onConfirm={() => execute(action, false, true)}
        onClose={close}
      />
    );
  } else if (step?.kind === 'locked') {
    const { action } = step;
    dialog = (
      <ConfirmDialog
        title={t('locked.title')}
        message={
          <>
            <Alert severity="warning" sx={{ mb: 1 }}>
              {t('locked.warning')}
            </Alert>
            <Typography variant="body2" component="p">
              {t('locked.message', { name: device.name, action: t(`actions.${action}.label`) })}
            </Typography>
          </>
        }
        confirmLabel={t('locked.force')}
        busy={busy}
        error={error}
        onConfirm={() => execute(action, true, true)}
        onClose={close}
      />
    );
  }
  return { request, runningAction, dialog };
}
