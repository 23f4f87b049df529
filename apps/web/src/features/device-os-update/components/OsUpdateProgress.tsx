import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { UPDATE_STATUS_DISPLAY, isUpdateStatus } from '@flotilla/core/device-status';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { osUpdateActionQuery } from '../api/os-update.queries.ts';

/** The update statuses that mean the device is busy updating (fleets spec §4 "Update status"). */
const IN_PROGRESS = new Set(['downloading', 'downloaded', 'applying changes']);

/**
 * The progress of an update as the device reports it (update_status, polled with the device):
 * shown while it downloads, has downloaded, or applies the changes; a reboot into a new OS
 * then shows the device offline, and back with its new version.
 */
export function OsUpdateProgress({ device }: { device: Pick<DeviceDetail, 'update_status'> }) {
  const { t } = useTranslation('deviceOsUpdate');
  const { t: tc } = useTranslation();
  const current = device.update_status;
  if (!current || !IN_PROGRESS.has(current) || !isUpdateStatus(current)) return null;
  const status = tc(`status.update.${current}`, { defaultValue: UPDATE_STATUS_DISPLAY[current].label });
  return (
    <Box role="status" sx={{ mb: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('os.progress', { status })}
      </Typography>
      <LinearProgress aria-label={t('os.progress', { status })} />
    </Box>
  );
}

/** Where the OS update started from this page stands (`GET /actions/v1/<uuid>/<id>`, polled until done or failed). */
export function OsUpdateActionStatus({ uuid, actionId }: { uuid: string; actionId: string }) {
  const { t } = useTranslation('deviceOsUpdate');
  const query = useQuery(osUpdateActionQuery(uuid, actionId));
  // A status that could not be read says so (with Retry) rather than vanishing.
  if (query.isError && !query.data) return <ErrorState error={query.error} what={t('os.actionStatusWhat')} onRetry={() => query.refetch()} />;
  if (!query.data) return null;
  const { status, parameters } = query.data;
  return (
    <Alert severity={status === 'done' ? 'success' : status === 'error' ? 'error' : 'info'} sx={{ mb: 2 }} data-testid="os-update-action">
      {t('os.actionStatus', { version: parameters.target_version, status: t(`os.actionStatusValue.${status}`) })}
    </Alert>
  );
}
