import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetDevicePageQuery } from '../api/devices.queries.ts';
import { DEVICE_LIST } from '../device-list.ts';
import { DeviceBatchActions, type LockedBatch } from './DeviceBatchActions.tsx';
import { DeviceTable } from './DeviceTable.tsx';
import { UpdateLockAlert } from './UpdateLockAlert.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/devices');

/**
 * /fleets/$fleetId/devices: the fleet's devices, one server page at a time, sorted and
 * filtered by the server, the state in the URL; the page on screen polls at the default 15 s.
 * Selected devices take supervisor actions in a batch (DeviceBatchActions); the devices an
 * update lock refused stay offered for forcing above the list after the selection is gone.
 */
export function DeviceListPage() {
  const { t } = useTranslation('devices');
  const { fleetId } = route.useRouteContext();
  const navigate = route.useNavigate();
  const search = route.useSearch();
  const state = useListState(DEVICE_LIST, search, (next) => void navigate({ search: next }));
  const fleet = useQuery(fleetQuery(fleetId));
  const devices = useQuery(fleetDevicePageQuery(fleetId, state.params));
  const { data: actor } = useQuery(whoamiQuery);
  const [locked, setLocked] = useState<LockedBatch | null>(null);
  usePageTitle(fleet.data ? t('list.pageTitle', { name: fleet.data.app_name }) : null);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('list.title')}
      </Typography>
      {locked && <UpdateLockAlert key={locked.devices.map((d) => d.id).join()} fleetId={fleetId} locked={locked} onChange={setLocked} />}
      <DeviceTable
        state={state}
        query={devices}
        userKey={actor ? `${actor.actorType}-${actor.actorTypeId}` : null}
        batchActions={(ids, clearSelection) => (
          <DeviceBatchActions fleetId={fleetId} organizationId={fleet.data?.organization[0]?.id} ids={ids} clearSelection={clearSelection} onLocked={setLocked} />
        )}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp', { slug: fleet.data?.slug ?? '' })} />}
      />
    </Box>
  );
}
