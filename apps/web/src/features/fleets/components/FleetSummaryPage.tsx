import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { InfoList } from '../../../components/InfoList.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../api/fleets.queries.ts';
import { DeviceStatusCounts } from './DeviceStatusCounts.tsx';
import { FleetPublicitySettings } from './FleetPublicitySettings.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId');

/**
 * /fleets/$fleetId: info card and device counts by overall status, polling 15 s (fleets spec §2, §9);
 * the "Public fleet" setting for those who may change it, until the fleet settings page exists.
 */
export function FleetSummaryPage() {
  const { t } = useTranslation('fleets');
  const { fleetId } = route.useRouteContext();
  const { data: fleet } = useQuery(fleetQuery(fleetId));
  usePageTitle(fleet ? t('summary.pageTitle', { name: fleet.app_name }) : null);
  if (!fleet) return <PageLoading />;

  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {fleet.app_name}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('summary.info')}
            </Typography>
            <InfoList
              items={[
                { label: t('summary.name'), value: fleet.app_name },
                { label: t('summary.slug'), value: fleet.slug },
                { label: t('summary.deviceType'), value: fleet.is_for__device_type[0]?.name ?? '—' },
                { label: t('summary.organization'), value: fleet.organization[0]?.name ?? '—' },
                { label: t('summary.createdAt'), value: formatDate(fleet.created_at) },
                { label: t('summary.visibility'), value: fleet.is_public ? t('summary.public') : t('summary.private') },
              ]}
            />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', alignItems: 'baseline', mb: 1 }}>
              <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {t('summary.devicesByStatus')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('summary.totalDevices', { count: fleet.owns__device })}
              </Typography>
            </Box>
            <DeviceStatusCounts fleetId={fleetId} />
            <Button component={Link} to={`/fleets/${fleetId}/devices`} sx={{ mt: 1 }}>
              {t('summary.viewDevices')}
            </Button>
          </CardContent>
        </Card>
        <FleetPublicitySettings fleet={fleet} />
      </Box>
    </Box>
  );
}
