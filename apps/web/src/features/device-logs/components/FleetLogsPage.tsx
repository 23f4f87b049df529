import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logDownloadFileName } from '@flotilla/core/device-log-client';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { readFailureOf } from '../../../components/states/query-failure.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetLogStreamUrl } from '../api/device-logs.requests.ts';
import { fleetLogDevicesQuery, fleetServicesQuery } from '../api/log-names.queries.ts';
import { useLogStream } from '../hooks/use-log-stream.ts';
import type { LogLine } from '../log-line.ts';
import { LogsCard } from './LogsCard.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/logs');

/** The filter value for "all". */
const ALL = '';

/**
 * /fleets/$fleetId/logs: the fleet's live tail — every device's lines in one stream (the API's
 * `GET /device/v2/fleet/<id>/logs?stream=1`), each naming its device and service. Choosing a
 * device or a service reopens the stream filtered on the server, so its history burst is that
 * device's or service's. The card is the device panel's (search, time switches, download,
 * expand); clearing is per device and stays on the device's page.
 */
export function FleetLogsPage() {
  const { t } = useTranslation('deviceLogs');
  const { fleetId } = route.useRouteContext();
  const fleet = useQuery(fleetQuery(fleetId));
  usePageTitle(fleet.data ? `${t('fleetPageTitle')} · ${fleet.data.app_name}` : null);
  const services = useQuery(fleetServicesQuery(fleetId));
  const devices = useQuery(fleetLogDevicesQuery(fleetId));
  const [deviceUuid, setDeviceUuid] = useState(ALL);
  const [serviceId, setServiceId] = useState(ALL);
  const stream = useLogStream(fleetLogStreamUrl(fleetId, { device: deviceUuid || null, service: serviceId ? Number(serviceId) : null }));

  const serviceNames = useMemo(() => new Map((services.data ?? []).map((s) => [s.id, s.service_name])), [services.data]);
  const deviceNames = useMemo(() => new Map((devices.data ?? []).map((d) => [d.uuid, d.device_name])), [devices.data]);
  const nameLine = useCallback(
    (line: LogLine) => ({
      ...line,
      serviceName: line.serviceId === null ? null : (serviceNames.get(line.serviceId) ?? null),
      deviceName: line.uuid === null ? null : (deviceNames.get(line.uuid) ?? null),
    }),
    [serviceNames, deviceNames],
  );

  // A filter whose options could not be read is not offered (its "All" would look like nothing
  // to filter by): one alert says so, and Retry reads the failed options again.
  const isDevicesFailed = devices.data === undefined && devices.error != null;
  const isServicesFailed = services.data === undefined && services.error != null;
  const optionsFailure = readFailureOf([devices, services]);
  const filters = (
    <>
      {!isDevicesFailed && (
        <TextField select size="small" label={t('deviceFilter')} value={deviceUuid} onChange={(event) => setDeviceUuid(event.target.value)} sx={{ minWidth: 160, flex: '0 1 14rem' }}>
          <MenuItem value={ALL}>{t('allDevices')}</MenuItem>
          {(devices.data ?? []).map((d) => (
            <MenuItem key={d.uuid} value={d.uuid}>
              {d.device_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!isServicesFailed && (
        <TextField select size="small" label={t('serviceFilterLabel')} value={serviceId} onChange={(event) => setServiceId(event.target.value)} sx={{ minWidth: 140, flex: '0 1 12rem' }}>
          <MenuItem value={ALL}>{t('allServices')}</MenuItem>
          {(services.data ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {s.service_name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {optionsFailure && (
        <Box sx={{ flex: '1 1 100%' }}>
          <ErrorState error={optionsFailure.error} what={t('filterOptionsWhat')} onRetry={optionsFailure.retry} />
        </Box>
      )}
    </>
  );

  const name = fleet.data?.app_name ?? '';
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('fleetTitle')}
      </Typography>
      <LogsCard
        title={t('fleetCardTitle')}
        expandedTitle={name ? `${t('fleetTitle')} · ${name}` : t('fleetTitle')}
        stream={stream}
        nameLine={nameLine}
        filters={filters}
        downloadName={() => logDownloadFileName(fleet.data?.slug ?? String(fleetId), 'fleet', new Date())}
        emptyText={t('fleetEmpty')}
        showDevice
      />
    </Box>
  );
}
