import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HEARTBEAT_DISPLAY, overallStatusDisplay, type HeartbeatState } from '@flotilla/core/device-status';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { formatRelative } from '../../../lib/format.ts';
import type { DeviceRow } from '../../../lib/model.ts';
import { releaseLabel } from '../release-label.ts';

export function DeviceTable({ devices }: { devices: readonly DeviceRow[] }) {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.name')}</TableCell>
            <TableCell>{t('list.columns.status')}</TableCell>
            <TableCell>{t('list.columns.heartbeat')}</TableCell>
            <TableCell>{t('list.columns.deviceType')}</TableCell>
            <TableCell>{t('list.columns.os')}</TableCell>
            <TableCell>{t('list.columns.supervisor')}</TableCell>
            <TableCell>{t('list.columns.release')}</TableCell>
            <TableCell>{t('list.columns.lastSeen')}</TableCell>
            <TableCell>{t('list.columns.ip')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {devices.map((device) => {
            const status = overallStatusDisplay(device.overall_status);
            const heartbeat = HEARTBEAT_DISPLAY[device.api_heartbeat_state as HeartbeatState] ?? HEARTBEAT_DISPLAY.unknown;
            return (
              <TableRow key={device.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/devices/${device.uuid}`}>
                    {device.device_name}
                  </Link>
                </TableCell>
                <TableCell>
                  <StatusDot color={status.color} label={tc(`status.overall.${device.overall_status}`, { defaultValue: status.label })} />
                </TableCell>
                <TableCell>
                  <StatusDot color={heartbeat.color} label={tc(`status.heartbeat.${device.api_heartbeat_state}`, { defaultValue: heartbeat.label })} />
                </TableCell>
                <TableCell>{device.is_of__device_type[0]?.name ?? '—'}</TableCell>
                <TableCell>{device.os_version ?? '—'}</TableCell>
                <TableCell>{device.supervisor_version ?? '—'}</TableCell>
                <TableCell>{releaseLabel(device.is_running__release[0]) ?? '—'}</TableCell>
                <TableCell>{formatRelative(device.last_connectivity_event)}</TableCell>
                <TableCell>{device.ip_address ?? '—'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
