import '../devices-catalog.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  CLOUDLINK_DISPLAY,
  HEARTBEAT_DISPLAY,
  cloudlinkState,
  overallStatusDisplay,
} from '@flotilla/core/device-status';
import { isLocalModeOn } from '@flotilla/core/device-actions';
import { InfoList } from '../../../components/InfoList.tsx';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { formatDate, formatRelative } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { DeviceActionsMenu } from '../../device-actions/components/DeviceActionsMenu.tsx';
import { DeviceNoteField } from '../../device-summary/components/DeviceNoteField.tsx';
import { DeviceTagsCard } from '../../device-summary/components/DeviceTagsCard.tsx';
import { RenameDeviceDialog } from '../../device-summary/components/RenameDeviceDialog.tsx';
import { SettingsEditLink } from '../../device-settings/components/SettingsEditLink.tsx';
import { OsVersionValue } from '../../device-os-update/components/OsVersionValue.tsx';
import { DeviceMetricsPanel } from '../../device-metrics/components/DeviceMetricsPanel.tsx';
import { DeviceServicesCard } from '../../device-services/components/DeviceServicesCard.tsx';
import { DeviceLogsCard } from '../../device-logs/components/DeviceLogsCard.tsx';
import { DeviceTerminalCard } from '../../device-terminal/components/DeviceTerminalCard.tsx';
import { UpdateProgress } from '../../device-services/components/UpdateProgress.tsx';
import { devicePublicUrl, supportAccessUntil, updateStatusShown } from '../../device-summary/summary-fields.ts';
import { clientConfigQuery } from '../../profile/api/client-config.queries.ts';
import { deviceQuery, type DeviceDetail } from '../api/devices.queries.ts';
import { releaseLabel } from '../release-label.ts';

const route = getRouteApi('/_app/devices/$uuid/summary');

/** The device's name as the h1: wrapped anywhere (a name may have no spaces), at most three lines. */
const NAME_HEADING = {
  flexGrow: 1,
  minWidth: 0,
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;

/**
 * /devices/$uuid/summary: the device card (fleets spec §2 Device summary) with the Actions menu
 * top right, rename beside the name, the tags, the note, and the metrics bars. The device is read through QueryState (loading, error with
 * Retry, forbidden); a device deleted meanwhile says so.
 */
export function DeviceSummaryPage() {
  const { t } = useTranslation('devices');
  const { uuid } = route.useParams();
  const query = useQuery(deviceQuery(uuid));
  usePageTitle(query.data ? t('summary.pageTitle', { name: query.data.device_name }) : null);
  if (query.data) return <DeviceSummary device={query.data} />;
  // Until the device is read (or when it could not be), the page still has its one h1.
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('summary.title')}
      </Typography>
      <QueryState query={query} what={t('summary.what')}>
        {() => <Alert severity="info">{t('summary.notFound')}</Alert>}
      </QueryState>
    </Box>
  );
}

function DeviceSummary({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const status = overallStatusDisplay(device.overall_status);
  const heartbeat = HEARTBEAT_DISPLAY[device.api_heartbeat_state];
  // The cloudlink is the device's link to the API (is_connected_to_vpn), not its heartbeat (§4).
  const cloudlinkValue = cloudlinkState(device.is_connected_to_vpn);
  const cloudlink = CLOUDLINK_DISPLAY[cloudlinkValue];
  const fleet = device.belongs_to__application[0];
  const scope = { fleetId: fleet?.id, organizationId: fleet?.organization?.__id };
  const canUpdate = useCan('resin.device.update', scope);
  const [renaming, setRenaming] = useState(false);
  const updateStatus = updateStatusShown(device.update_status);
  const supportUntil = supportAccessUntil(device.is_accessible_by_support_until__date);
  // The public URL's host comes from the deployment's public configuration (GET /config).
  const config = useQuery({ ...clientConfigQuery, enabled: device.is_web_accessible });
  const publicUrl = devicePublicUrl(device.uuid, config.data?.deviceUrlsBase);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {/* A long name is cut after three lines: it is whole in the title and in the details' Name. */}
        <Typography variant="h5" component="h1" title={device.device_name} sx={NAME_HEADING}>
          {device.device_name}
        </Typography>
        {canUpdate && (
          <IconButton aria-label={t('summary.rename.button')} onClick={() => setRenaming(true)}>
            <EditIcon />
          </IconButton>
        )}
        <DeviceActionsMenu device={device} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('summary.details')}
            </Typography>
            <InfoList
              items={[
                { label: t('summary.name'), value: device.device_name },
                {
                  label: t('summary.fleet'),
                  value: (
                    <>
                      {fleet ? (
                        <Link component={RouterLink} to={`/fleets/${fleet.id}`}>
                          {fleet.slug}
                        </Link>
                      ) : (
                        '—'
                      )}
                      <SettingsEditLink device={device} section="move" />
                    </>
                  ),
                },
                { label: t('summary.status'), value: <StatusDot color={status.color} label={tc(`status.overall.${device.overall_status}`, { defaultValue: status.label })} /> },
                { label: t('summary.heartbeat'), value: <StatusDot color={heartbeat.color} label={tc(`status.heartbeat.${device.api_heartbeat_state}`, { defaultValue: heartbeat.label })} /> },
                { label: t('summary.cloudlink'), value: <StatusDot color={cloudlink.color} label={t(cloudlinkValue === 'connected' ? 'summary.cloudlinkConnected' : 'summary.cloudlinkDisconnected')} /> },
                { label: t('summary.lastConnection'), value: formatDate(device.last_connectivity_event) },
                { label: t('summary.uuid'), value: <code>{device.uuid}</code> },
                { label: t('summary.deviceType'), value: device.is_of__device_type[0]?.name ?? '—' },
                {
                  label: t('summary.updateStatus'),
                  value: updateStatus ? (
                    <>
                      <StatusDot color={updateStatus.color} label={tc(`status.update.${updateStatus.status}`, { defaultValue: updateStatus.label })} />
                      {device.last_update_status_event && (
                        <Typography component="span" variant="body2" color="text.secondary">
                          {' '}
                          {t('summary.updateStatusSince', { when: formatRelative(device.last_update_status_event) })}
                        </Typography>
                      )}
                      <UpdateProgress device={device} />
                    </>
                  ) : (
                    '—'
                  ),
                },
                { label: t('summary.osVersion'), value: <><OsVersionValue device={device} /><SettingsEditLink device={device} section="os-update" /></> },
                { label: t('summary.osVariant'), value: device.os_variant ?? '—' },
                { label: t('summary.supervisorVersion'), value: <>{device.supervisor_version ?? '—'}<SettingsEditLink device={device} section="supervisor-update" /></> },
                { label: t('summary.currentRelease'), value: releaseLabel(device.is_running__release[0]) ?? t('summary.noRelease') },
                { label: t('summary.targetRelease'), value: <>{releaseLabel(device.should_be_running__release[0]) ?? t('summary.noRelease')}<SettingsEditLink device={device} section="release" /></> },
                {
                  label: t('summary.supportAccess'),
                  value: <>{supportUntil ? t('summary.supportAccessUntil', { date: formatDate(supportUntil) }) : t('summary.no')}<SettingsEditLink device={device} section="support-access" /></>,
                },
                { label: t('summary.active'), value: <>{device.is_active ? t('summary.yes') : t('summary.no')}<SettingsEditLink device={device} section="deactivate" /></> },
                { label: t('summary.localMode'), value: isLocalModeOn(device.device_config_variable) ? t('summary.on') : t('summary.off') },
                {
                  label: t('summary.publicUrl'),
                  value: device.is_web_accessible ? (
                    <>
                      {t('summary.enabled')}
                      {publicUrl && (
                        <>
                          {' · '}
                          <Link href={publicUrl} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                            {publicUrl}
                          </Link>
                        </>
                      )}
                    </>
                  ) : (
                    t('summary.disabled')
                  ),
                },
                { label: t('summary.ipAddress'), value: device.ip_address ?? '—' },
                { label: t('summary.publicAddress'), value: device.public_address ?? '—' },
                { label: t('summary.macAddress'), value: device.mac_address ?? '—' },
                { label: t('summary.createdAt'), value: formatDate(device.created_at) },
              ]}
            />
          </CardContent>
        </Card>
        <DeviceServicesCard device={device} />
        <DeviceLogsCard device={device} />
        <DeviceTerminalCard device={device} />
        <DeviceTagsCard deviceId={device.id} scope={scope} />
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('summary.note.title')}
            </Typography>
            <DeviceNoteField deviceId={device.id} uuid={device.uuid} note={device.note} canEdit={canUpdate} />
          </CardContent>
        </Card>
        </Box>
        <DeviceMetricsPanel device={device} />
      </Box>
      {renaming && <RenameDeviceDialog deviceId={device.id} name={device.device_name} onClose={() => setRenaming(false)} />}
    </Box>
  );
}
