import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { createLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { OVERALL_STATUSES, overallStatusDisplay } from '@flotilla/core/device-status';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { StatusDot } from '../../../components/StatusDot.tsx';
import { fleetDeviceCountsQuery } from '../api/fleets.queries.ts';

/** A list row that is a router link, typed by the route it leads to. */
const ListItemLink = createLink(ListItemButton);

/**
 * One row per overall status with its coloured dot and count (fleets spec §4 Device overall
 * status), each leading to the device list filtered to that status (fleets spec §2 "Fleet summary").
 */
export function DeviceStatusCounts({ fleetId }: { fleetId: number }) {
  const { t } = useTranslation();
  const counts = useQuery(fleetDeviceCountsQuery(fleetId));
  return (
    <QueryState query={counts} what={t('fleets:summary.devicesByStatusWhat')} loadingRows={7}>
      {(data) => (
        <List dense aria-label={t('fleets:summary.devicesByStatus')}>
          {OVERALL_STATUSES.map((status) => (
            <ListItem key={status} disablePadding secondaryAction={<span data-testid={`status-count-${status}`}>{data[status]}</span>}>
              <ListItemLink
                to="/$fleetClass/$fleetId/devices"
                params={{ fleetClass: 'fleets', fleetId: String(fleetId) }}
                search={{ filters: [{ field: 'status', op: 'is' as const, value: status }] }}
                sx={{ px: 0.5 }}
              >
                <ListItemText primary={<StatusDot color={overallStatusDisplay(status).color} label={t(`status.overall.${status}`)} />} />
              </ListItemLink>
            </ListItem>
          ))}
        </List>
      )}
    </QueryState>
  );
}
