import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { containerActionNeedsConfirmation, statusAfterContainerAction, type ContainerAction } from '@flotilla/core/container-controls';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ApiError } from '../../../lib/http.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { ContainerLockedError, useContainerAction } from '../api/container-actions.mutations.ts';
import type { ServiceLine } from '../current-services.ts';

/** How long the table waits for the device to report the new status before it stops asking every second. */
const AWAIT_REPORT_MS = 30_000;

interface Awaited {
  action: ContainerAction;
  expected: string;
  until: number;
}

export interface ContainerActionFailure {
  serviceName: string;
  action: ContainerAction;
  message: string;
}

/**
 * The container table's flow: stop is confirmed first; while a call runs and until the device
 * reports the status it leads to, the row says what is happening (Stopping…) and the table reads
 * the services every second; success is a toast, a failure is kept for the card to show.
 */
export function useContainerControls(target: { deviceId: number; appId: number }) {
  const { t } = useTranslation('deviceServices');
  const mutation = useContainerAction(target.deviceId);
  const [confirming, setConfirming] = useState<{ action: ContainerAction; line: ServiceLine } | null>(null);
  const [awaited, setAwaited] = useState<ReadonlyMap<number, Awaited>>(new Map());
  const [failure, setFailure] = useState<ContainerActionFailure | null>(null);

  const run = useCallback(
    (action: ContainerAction, line: ServiceLine, onDone?: () => void) => {
      if (line.imageId === null) return;
      setFailure(null);
      mutation.mutate(
        { action, deviceId: target.deviceId, appId: target.appId, imageId: line.imageId },
        {
          onSuccess: () => {
            setAwaited((m) => new Map(m).set(line.id, { action, expected: statusAfterContainerAction(action), until: Date.now() + AWAIT_REPORT_MS }));
            notifySuccess(t(`done.${action}`, { service: line.serviceName }));
          },
          onError: (error) => {
            const message = error instanceof ContainerLockedError ? t('locked') : error instanceof ApiError ? error.message : t('failedGeneric');
            setFailure({ serviceName: line.serviceName, action, message });
          },
          onSettled: () => onDone?.(),
        },
      );
    },
    [mutation, target.appId, target.deviceId, t],
  );

  const request = (action: ContainerAction, line: ServiceLine) => {
    if (containerActionNeedsConfirmation(action)) setConfirming({ action, line });
    else run(action, line);
  };

  /** The line has reached the status its action leads to, or the wait is over. */
  const isSettled = (line: ServiceLine, a: Awaited) => {
    const reported = line.status.toLowerCase() === 'exited' ? 'stopped' : line.status.toLowerCase();
    return reported === a.expected.toLowerCase() || a.until <= Date.now();
  };

  /** What the row shows while its action runs or awaits the device's report: the action's key, or null. */
  const pendingAction = (line: ServiceLine): ContainerAction | null => {
    if (mutation.isPending && mutation.variables?.imageId === line.imageId) return mutation.variables.action;
    const a = awaited.get(line.id);
    return a && !isSettled(line, a) ? a.action : null;
  };

  /** Some row still waits for the device's report (the table then reads the services every second). */
  const isAwaiting = (lines: readonly ServiceLine[]) =>
    [...awaited].some(([id, a]) => {
      const line = lines.find((l) => l.id === id);
      return line !== undefined && !isSettled(line, a);
    });

  // A wait that is over is forgotten when it ends (nothing else would redraw the row).
  useEffect(() => {
    if (awaited.size === 0) return;
    const next = Math.min(...[...awaited.values()].map((a) => a.until));
    const timer = setTimeout(() => setAwaited((m) => new Map([...m].filter(([, a]) => a.until > Date.now()))), Math.max(0, next - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [awaited]);

  const dialog: ReactNode = confirming && (
    <ConfirmDialog
      title={t('confirmStop.title', { service: confirming.line.serviceName })}
      message={t('confirmStop.message')}
      confirmLabel={t('actions.stop')}
      busy={mutation.isPending}
      onConfirm={() => run(confirming.action, confirming.line, () => setConfirming(null))}
      onClose={() => setConfirming(null)}
    />
  );

  return { request, pendingAction, isAwaiting, failure, clearFailure: () => setFailure(null), dialog };
}
