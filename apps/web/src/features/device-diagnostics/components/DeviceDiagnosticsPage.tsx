import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DIAGNOSTICS_PERMISSION } from '@flotilla/core/diagnostics';
import { rolesHavePermission } from '@flotilla/core/roles';
import { ForbiddenState } from '../../../components/states/ForbiddenState.tsx';
import { RolesPending } from '../../../components/states/RolesPending.tsx';
import { useRolesState } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { DevicePageFrame } from '../../devices/components/DevicePageFrame.tsx';
import { DiagnosticsReportPanel } from './DiagnosticsReportPanel.tsx';
import { HealthChecksPanel } from './HealthChecksPanel.tsx';
import { SupervisorStatePanel } from './SupervisorStatePanel.tsx';

const route = getRouteApi('/_app/devices/$uuid/diagnostics');

const TABS = ['checks', 'diagnose', 'supervisor'] as const;
type DiagnosticsTab = (typeof TABS)[number];

/**
 * /devices/$uuid/diagnostics (fleets spec §2 "Device diagnostics"): tabs for health checks,
 * diagnostics and the supervisor state. Needs resin.device.access_diagnostics (§6): without it
 * the page says so and sends none of the diagnostics requests. Runs need the device online; an
 * offline device's buttons are disabled with the cloudlink reason (§5).
 */
export function DeviceDiagnosticsPage() {
  const { t } = useTranslation('deviceDiagnostics');
  const { uuid } = route.useParams();
  return (
    <DevicePageFrame uuid={uuid} title={t('title')} pageTitle={(name) => t('pageTitle', { name })} what={t('what')} notFound={t('notFound')}>
      {(device) => <DeviceDiagnostics device={device} />}
    </DevicePageFrame>
  );
}

function DeviceDiagnostics({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceDiagnostics');
  const fleet = device.belongs_to__application[0];
  const rolesState = useRolesState({ fleetId: fleet?.id, organizationId: fleet?.organization?.__id });
  const { roles } = rolesState;
  const [tab, setTab] = useState<DiagnosticsTab>('checks');
  const baseId = useId();
  if (roles === null) return <RolesPending state={rolesState} />;
  if (!rolesHavePermission(roles, DIAGNOSTICS_PERMISSION)) return <ForbiddenState message={t('forbidden')} />;
  const offlineReason = device.is_connected_to_vpn ? null : t('cloudlinkRequired');
  const tabId = (name: DiagnosticsTab) => `${baseId}-tab-${name}`;
  const panelId = (name: DiagnosticsTab) => `${baseId}-panel-${name}`;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
        {t('intro')}{' '}
        <Link component={RouterLink} to={`/devices/${device.uuid}/summary`}>
          {device.device_name}
        </Link>
      </Typography>
      {offlineReason && <Alert severity="info">{t('offline')}</Alert>}
      <Tabs value={tab} onChange={(_event, value: DiagnosticsTab) => setTab(value)} aria-label={t('tabsLabel')} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`tabs.${name}`)} id={tabId(name)} aria-controls={panelId(name)} />
        ))}
      </Tabs>
      {/* Only the selected panel is mounted: its queries poll, the others' do not. */}
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} sx={{ minWidth: 0 }}>
        {tab === 'checks' && <HealthChecksPanel uuid={device.uuid} osVersion={device.os_version} offlineReason={offlineReason} />}
        {tab === 'diagnose' && <DiagnosticsReportPanel uuid={device.uuid} offlineReason={offlineReason} />}
        {tab === 'supervisor' && <SupervisorStatePanel uuid={device.uuid} offlineReason={offlineReason} />}
      </Box>
    </Box>
  );
}
