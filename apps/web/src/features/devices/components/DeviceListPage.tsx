import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetDevicesQuery } from '../api/devices.queries.ts';
import { filterDevices } from '../device-filter.ts';
import { DeviceTable } from './DeviceTable.tsx';

const route = getRouteApi('/_app/fleets/$fleetId/devices');

/** /fleets/$fleetId/devices: the fleet's devices, polled at the default 15 s. */
export function DeviceListPage() {
  const { t } = useTranslation('devices');
  const { fleetId } = route.useRouteContext();
  const fleet = useQuery(fleetQuery(fleetId));
  const devices = useQuery(fleetDevicesQuery(fleetId));
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => filterDevices(devices.data ?? [], filter), [devices.data, filter]);
  usePageTitle(fleet.data ? t('list.pageTitle', { name: fleet.data.app_name }) : null);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        {devices.data && devices.data.length > 0 && (
          <TextField size="small" type="search" label={t('list.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        )}
      </Box>
      {devices.isPending ? (
        <PageLoading />
      ) : devices.data && devices.data.length === 0 ? (
        <EmptyState title={t('list.empty')} help={t('list.emptyHelp', { slug: fleet.data?.slug ?? '' })} />
      ) : visible.length === 0 ? (
        <EmptyState title={t('list.noMatch')} />
      ) : (
        <DeviceTable devices={visible} />
      )}
    </Box>
  );
}
