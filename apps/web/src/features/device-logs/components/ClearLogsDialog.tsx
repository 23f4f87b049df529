import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { queryFailureDetail } from '../../../components/states/query-failure.ts';
import { useClearDeviceLogs } from '../api/device-logs.mutations.ts';

/** "Clear logs?": deletes the device's stored logs once confirmed; a failure shows in the dialog. */
export function ClearLogsDialog({ uuid, name, onClose, onCleared }: { uuid: string; name: string; onClose: () => void; onCleared: () => void }) {
  const { t } = useTranslation('deviceLogs');
  const clear = useClearDeviceLogs(uuid);
  return (
    <ConfirmDialog
      title={t('clearDialog.title')}
      message={t('clearDialog.message', { name })}
      confirmLabel={t('clearDialog.confirm')}
      busy={clear.isPending}
      error={clear.error ? queryFailureDetail(clear.error) || clear.error.message : null}
      onConfirm={() => clear.mutate(undefined, { onSuccess: onCleared })}
      onClose={onClose}
    />
  );
}
