import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isLocalModeOn } from '@flotilla/core/device-actions';
import { logDownloadFileName } from '@flotilla/core/device-log-client';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { useShownQueryError } from '../../../components/states/query-failure.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceLogStreamUrl } from '../api/device-logs.requests.ts';
import { fleetServicesQuery } from '../api/log-names.queries.ts';
import { useLogStream } from '../hooks/use-log-stream.ts';
import type { LogLine } from '../log-line.ts';
import { ClearLogsDialog } from './ClearLogsDialog.tsx';
import { LogsCard } from './LogsCard.tsx';

/**
 * `?logService=<service name>` on the device summary: the container table's "show logs" opens
 * the logs filtered to that service; the panel's "Show all services" removes it.
 */
const logServiceSearch = z.object({ logService: z.string().trim().min(1).optional().catch(undefined) });

/**
 * The device summary's logs panel (fleets spec §2 "Logs panel", §8 "Logs are not available in
 * local mode"): the device's live log stream with service names, filtered by `?logService`;
 * clearing needs resin.device_log.delete (§6) and is not offered without it.
 */
export function DeviceLogsCard({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceLogs');
  const navigate = useNavigate();
  const rawSearch = useRouterState({ select: (state) => state.location.search });
  const logService = logServiceSearch.parse(rawSearch).logService ?? null;
  const fleet = device.belongs_to__application[0];
  const scope = { fleetId: fleet?.id, organizationId: fleet?.organization?.__id };
  const canClear = useCan('resin.device_log.delete', scope);
  const isLocalMode = isLocalModeOn(device.device_config_variable);
  const stream = useLogStream(isLocalMode ? null : deviceLogStreamUrl(device.uuid));
  const services = useQuery({ ...fleetServicesQuery(fleet?.id ?? 0), enabled: fleet !== undefined && !isLocalMode });
  // Without the services the lines cannot be named: they still show, and the card says why
  // their service is missing, with Retry (a failure never looks like lines without a service).
  const servicesFailure = useShownQueryError(services);
  const [isClearing, setIsClearing] = useState(false);

  const serviceNames = useMemo(() => new Map((services.data ?? []).map((s) => [s.id, s.service_name])), [services.data]);
  const nameLine = useCallback((line: LogLine) => ({ ...line, serviceName: line.serviceId === null ? null : (serviceNames.get(line.serviceId) ?? null) }), [serviceNames]);
  const deviceType = device.is_of__device_type[0]?.slug ?? 'device';

  if (isLocalMode) {
    return (
      <Card variant="outlined" component="section" aria-labelledby="device-logs-title">
        <CardContent>
          <Typography variant="h6" component="h2" id="device-logs-title" gutterBottom>
            {t('title')}
          </Typography>
          <Alert severity="info">{t('localMode')}</Alert>
        </CardContent>
      </Card>
    );
  }

  return (
    <>
      <LogsCard
        title={t('title')}
        expandedTitle={`${t('title')} · ${device.device_name}`}
        stream={stream}
        nameLine={nameLine}
        notice={servicesFailure.error != null && <ErrorState error={servicesFailure.error} what={t('serviceNamesWhat')} onRetry={servicesFailure.retry} />}
        serviceFilter={
          logService === null
            ? null
            : { name: logService, onClear: () => void navigate({ to: '/devices/$uuid/summary', params: { uuid: device.uuid }, search: {}, replace: true }) }
        }
        downloadName={() => logDownloadFileName(device.uuid, deviceType, new Date())}
        onClear={canClear ? () => setIsClearing(true) : null}
        emptyText={t('empty')}
      />
      {isClearing && (
        <ClearLogsDialog
          uuid={device.uuid}
          name={device.device_name}
          onClose={() => setIsClearing(false)}
          onCleared={() => {
            stream.clearShown();
            setIsClearing(false);
            notifySuccess(t('clearDialog.success'));
          }}
        />
      )}
    </>
  );
}
