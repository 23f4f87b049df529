import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OVERALL_STATUSES, overallStatusDisplay } from '@flotilla/core/device-status';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { fleetDeviceCountsQuery } from '../api/fleets.queries.ts';

/** One row per overall status with its coloured dot and count (fleets spec §4 Device overall status). */
export function DeviceStatusCounts({ fleetId }: { fleetId: number }) {
  const { t } = useTranslation();
  const counts = useQuery(fleetDeviceCountsQuery(fleetId));
  if (!counts.data) return <Skeleton variant="rectangular" height={180} />;
  return (
    <List dense aria-label={t('fleets:summary.devicesByStatus')}>
      {OVERALL_STATUSES.map((status) => (
        <ListItem key={status} disableGutters secondaryAction={<span data-testid={`status-count-${status}`}>{counts.data[status]}</span>}>
          <ListItemText primary={<StatusDot color={overallStatusDisplay(status).color} label={t(`status.overall.${status}`)} />} />
        </ListItem>
      ))}
    </List>
  );
}
