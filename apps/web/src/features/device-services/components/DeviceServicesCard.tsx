import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { deviceServicesQuery } from '../api/device-services.queries.ts';
import { serviceLines } from '../current-services.ts';
import { ServiceStatus } from './ServiceStatus.tsx';

/**
 * The device summary's services ("containers") card (fleets spec §2 Device summary, §3
 * current_services, §4 Container status): each current image install with its service, status
 * (dot and text: running or idle green, stopped red, others blue; a bar and percent while it
 * downloads or installs) and the release that provides it. Read-only: the per-container
 * controls come with the live operations.
 */
export function DeviceServicesCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('deviceServices');
  const query = useQuery(deviceServicesQuery(deviceId));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="device-services-title" gutterBottom>
          {t('title')}
        </Typography>
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
          {(rows) => (
            <Table size="small" aria-labelledby="device-services-title" sx={{ tableLayout: 'fixed' }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('columns.service')}</TableCell>
                  <TableCell sx={{ width: '45%' }}>{t('columns.status')}</TableCell>
                  <TableCell>{t('columns.release')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {serviceLines(rows).map((line) => (
                  <TableRow key={line.id}>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{line.serviceName}</TableCell>
                    <TableCell>
                      <ServiceStatus line={line} />
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {line.release ? <span title={line.release.commit}>{line.release.rawVersion}</span> : '—'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
