import '../devices-catalog.ts';
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import MapIcon from '@mui/icons-material/Map';
import ViewListIcon from '@mui/icons-material/ViewList';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../../components/data-list/use-list-state.ts';
import { EmptyState } from '../../../components/states/EmptyState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { useLensPreference } from '../../../lib/use-lens-preference.ts';
import { deviceLens, type DeviceLens } from '../device-lens.ts';
import { whoamiQuery } from '../../../lib/auth-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { fleetQuery } from '../../fleets/api/fleets.queries.ts';
import { fleetDevicePageQuery } from '../api/devices.queries.ts';
import { DEVICE_LIST } from '../device-list.ts';
import { DeviceBatchActions, RunningBatchStatus, type LockedBatch, type RunningBatch } from './DeviceBatchActions.tsx';
import { DeviceTable } from './DeviceTable.tsx';
import { UpdateLockAlert } from './UpdateLockAlert.tsx';

const route = getRouteApi('/_app/$fleetClass/$fleetId/devices');

// Leaflet is loaded only when someone looks at the map.
const DeviceMapLens = lazy(() => import('./DeviceMapLens.tsx'));

/**
 * /fleets/$fleetId/devices: the fleet's devices, one server page at a time, sorted and
 * filtered by the server, the state in the URL; the page on screen polls at the default 15 s.
 * Selected devices take supervisor actions in a batch (DeviceBatchActions); the devices an
 * update lock refused stay offered for forcing above the list after the selection is gone, and
 * a batch still running says so above the list when the bar is not on screen (the map lens).
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
  const userKey = actor ? `${actor.actorType}-${actor.actorTypeId}` : null;
  const [lens, setLens] = useLensPreference(deviceLens, userKey);
  const [locked, setLocked] = useState<LockedBatch | null>(null);
  // The batch running now and whether the selection bar (which shows it) is on screen: the list
  // shows the bar only in the table lens, with devices selected.
  const [running, setRunning] = useState<RunningBatch | null>(null);
  const [isBarShown, setBarShown] = useState(false);
  usePageTitle(fleet.data ? t('list.pageTitle', { name: fleet.data.app_name }) : null);

  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('list.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={lens}
          aria-label={t('list.lens')}
          onChange={(_event, next: DeviceLens | null) => {
            if (next !== null) setLens(next);
          }}
        >
          <ToggleButton value="table" aria-label={t('list.lensTable')}>
            <ViewListIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="map" aria-label={t('list.lensMap')}>
            <MapIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Box>
      {running && !isBarShown && <RunningBatchStatus running={running} />}
      {locked && <UpdateLockAlert key={locked.devices.map((d) => d.id).join()} fleetId={fleetId} locked={locked} onChange={setLocked} />}
      <DeviceTable
        state={state}
        query={devices}
        userKey={userKey}
        renderRows={
          lens === 'map'
            ? (rows) => (
                <Suspense fallback={<LoadingState />}>
                  <DeviceMapLens rows={rows} />
                </Suspense>
              )
            : undefined
        }
        // The map places the page's devices by location alone: the table's columns do not apply.
        showsColumns={lens === 'table'}
        batchActions={(ids, clearSelection) => (
          <DeviceBatchActions
            fleetId={fleetId}
            organizationId={fleet.data?.organization[0]?.id}
            ids={ids}
            clearSelection={clearSelection}
            onLocked={setLocked}
            running={running}
            onRunningChange={setRunning}
            onShownChange={setBarShown}
          />
        )}
        empty={<EmptyState title={t('list.empty')} help={t('list.emptyHelp', { slug: fleet.data?.slug ?? '' })} />}
      />
    </Box>
  );
}
