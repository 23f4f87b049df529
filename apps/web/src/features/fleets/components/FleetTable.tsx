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
import type { FleetListItem } from '../api/fleets.queries.ts';

export function FleetTable({ fleets }: { fleets: readonly FleetListItem[] }) {
  const { t } = useTranslation('fleets');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('list.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('list.columns.name')}</TableCell>
            <TableCell>{t('list.columns.deviceType')}</TableCell>
            <TableCell>{t('list.columns.organization')}</TableCell>
            <TableCell align="right">{t('list.columns.devices')}</TableCell>
            <TableCell align="right">{t('list.columns.online')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fleets.map((fleet) => (
            <TableRow key={fleet.id} hover>
              <TableCell>
                <Link component={RouterLink} to={`/fleets/${fleet.id}`}>
                  {fleet.app_name}
                </Link>
              </TableCell>
              <TableCell>{fleet.is_for__device_type[0]?.name ?? '—'}</TableCell>
              <TableCell>{fleet.organization[0]?.name ?? '—'}</TableCell>
              <TableCell align="right">{fleet.owns__device}</TableCell>
              <TableCell align="right">{fleet.onlineDevices}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
