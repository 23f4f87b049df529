import '../device-services-catalog.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTAINER_CONTROL_PERMISSION } from '@flotilla/core/container-controls';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { VisuallyHidden } from '../../../components/VisuallyHidden.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { DEFAULT_POLL_MS } from '../../../lib/query-client.ts';
import { deviceServicesQuery } from '../api/device-services.queries.ts';
import { serviceLines } from '../current-services.ts';
import { useContainerControls } from '../hooks/use-container-controls.tsx';
import { ContainerControls } from './ContainerControls.tsx';
import { ServiceStatus } from './ServiceStatus.tsx';

/** What the card needs of the device (a DeviceDetail has it all). */
export interface ServicesCardDevice {
  id: number;
  uuid: string;
  supervisor_version: string | null;
  is_connected_to_vpn: boolean;
  belongs_to__application: ReadonlyArray<{ id: number; organization?: { __id: number } | null }>;
}

/**
 * The table's cells: one line each. On phones the padding is narrower and none at the table's
 * outer edges (the card has its own), so the four columns fit a 390 px screen when the names
 * are short; the actions column is as narrow as its button.
 */
const CELLS = {
  '& th, & td': { whiteSpace: 'nowrap', px: { xs: 0.75, sm: 2 } },
  '& th:first-of-type, & td:first-of-type': { pl: { xs: 0, sm: 2 } },
  '& th:last-of-type, & td:last-of-type': { width: '1%', pl: { xs: 0.5, sm: 2 }, pr: { xs: 0, sm: 2 } },
} as const;

/** While a container action awaits the device's report, the services are read this often. */
const AWAITING_POLL_MS = 1_000;

/**
 * The device summary's container table (fleets spec §2 Device summary, §3 current_services, §4
 * Container status): each current image install with its service, status (dot and text: running
 * or idle green, stopped red, others blue; a bar and percent while it downloads or installs), the
 * release that provides it, and its controls — start, stop (confirmed), restart, show logs — for
 * supervisor 7 and above and users holding resin.device.supervisor-proxy-write (§6, §9).
 */
export function DeviceServicesCard({ device }: { device: ServicesCardDevice }) {
  const { t } = useTranslation('deviceServices');
  const fleet = device.belongs_to__application[0];
  const canControl = useCan(CONTAINER_CONTROL_PERMISSION, { fleetId: fleet?.id, organizationId: fleet?.organization?.__id ?? undefined });
  const controls = useContainerControls({ deviceId: device.id, appId: fleet?.id ?? 0 });
  const query = useQuery({
    ...deviceServicesQuery(device.id),
    refetchInterval: (q) => (controls.isAwaiting(q.state.data ? serviceLines(q.state.data) : []) ? AWAITING_POLL_MS : DEFAULT_POLL_MS),
  });
  const lines = useMemo(() => (query.data ? serviceLines(query.data) : []), [query.data]);
  const context = { isPermitted: canControl, supervisorVersion: device.supervisor_version, isOnline: device.is_connected_to_vpn };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="device-services-title" gutterBottom>
          {t('title')}
        </Typography>
        {controls.failure && (
          <Alert severity="error" onClose={controls.clearFailure} sx={{ mb: 1 }}>
            {t('failed', { action: t(`actionNames.${controls.failure.action}`), service: controls.failure.serviceName, message: controls.failure.message })}
          </Alert>
        )}
        <QueryState
          query={query}
          what={t('what')}
          loadingRows={2}
          isEmpty={(rows) => rows.length === 0}
          empty={
            <Typography variant="body2" color="text.secondary">
              {t('empty')}
            </Typography>
          }
        >
          {() => (
            // Words are never broken (a service name, a version): a table wider than the card
            // scrolls sideways inside it, as on a 390 px phone with long names; the action
            // buttons it holds make it keyboard-scrollable.
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-labelledby="device-services-title" sx={CELLS}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('columns.service')}</TableCell>
                    <TableCell>{t('columns.status')}</TableCell>
                    <TableCell>{t('columns.release')}</TableCell>
                    <TableCell>
                      <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {lines.map((line) => {
                    const pending = controls.pendingAction(line);
                    return (
                      <TableRow key={line.id} data-service={line.serviceName}>
                        <TableCell>{line.serviceName}</TableCell>
                        <TableCell>
                          <ServiceStatus line={line} />
                          {pending && (
                            <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, color: 'text.secondary', fontSize: 13 }}>
                              <CircularProgress size={12} aria-hidden />
                              {t(`pending.${pending}`)}
                            </Box>
                          )}
                        </TableCell>
                        <TableCell>{line.release ? <span title={line.release.commit}>{line.release.rawVersion}</span> : '—'}</TableCell>
                        <TableCell>
                          <ContainerControls line={line} uuid={device.uuid} context={context} isBusy={pending !== null} onAction={(action) => controls.request(action, line)} />
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </Box>
          )}
        </QueryState>
        {controls.dialog}
      </CardContent>
    </Card>
  );
}
