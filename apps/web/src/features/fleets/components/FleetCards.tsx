import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applicationPath } from '@flotilla/core/application-class';
import { OVERALL_STATUSES, overallStatusDisplay } from '@flotilla/core/device-status';
import { StatusDot } from '../../../components/StatusDot.tsx';
import type { DataColumn } from '../../../components/data-list/columns.ts';
import type { DeviceCountsByStatus, FleetListItem } from '../api/fleets.queries.ts';
import { FLEET_CARD_HEIGHT, FLEET_CARD_WIDTH } from '../fleet-lens.ts';

/**
 * The grid lens of the fleet list: one 370x324 card per fleet of the page (fleets spec §Sizes),
 * its name linking to the fleet, then the other columns the user shows, as term and value.
 */
export function FleetCards({ label, fleets, columns }: { label: string; fleets: readonly FleetListItem[]; columns: readonly DataColumn<FleetListItem>[] }) {
  const details = columns.filter((c) => c.id !== 'name');
  return (
    <Box
      component="ul"
      aria-label={label}
      data-testid="fleet-cards"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 1.5,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${FLEET_CARD_WIDTH}px), ${FLEET_CARD_WIDTH}px))`,
      }}
    >
      {fleets.map((fleet) => (
        <Box component="li" key={fleet.id} sx={{ minWidth: 0 }}>
          <Card variant="outlined" sx={{ width: '100%', maxWidth: FLEET_CARD_WIDTH, height: FLEET_CARD_HEIGHT, overflow: 'hidden' }}>
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5, minWidth: 0 }}>
                {/* The fleet's logo: its initial (fleets have no logo asset of their own here). */}
                <Avatar aria-hidden variant="rounded" sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>
                  {fleet.app_name.charAt(0).toUpperCase()}
                </Avatar>
                <Typography variant="h6" component="h2" noWrap sx={{ minWidth: 0 }}>
                  <Link component={RouterLink} to={applicationPath(fleet.is_of__class, fleet.id)}>
                    {fleet.app_name}
                  </Link>
                </Typography>
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
                {details.map((c) => (
                  <Box key={c.id} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.label}
                    </Typography>
                    <Typography component="dd" variant="body2" noWrap sx={{ m: 0, minWidth: 0 }}>
                      {c.render(fleet)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {fleet.statusCounts && <StatusCountsLine counts={fleet.statusCounts} />}
            </CardContent>
          </Card>
        </Box>
      ))}
    </Box>
  );
}

/** The fleet's devices per overall status (fleets spec §2 "Fleet list" cards): the statuses it has, with their counts. */
function StatusCountsLine({ counts }: { counts: DeviceCountsByStatus }) {
  const { t } = useTranslation();
  const present = OVERALL_STATUSES.filter((status) => counts[status] > 0);
  if (present.length === 0) return null;
  return (
    <Box component="ul" aria-label={t('fleets:list.statusCounts')} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {present.map((status) => (
        <Typography component="li" variant="body2" key={status} data-testid={`card-status-${status}`}>
          <StatusDot color={overallStatusDisplay(status).color} label={`${t(`status.overall.${status}`)} ${counts[status]}`} />
        </Typography>
      ))}
    </Box>
  );
}
