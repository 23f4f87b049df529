import '../devices-catalog.ts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { effectiveLocation } from '@flotilla/core/device-location';
import { ErrorState } from '../../../components/states/ErrorState.tsx';
import { LoadingState } from '../../../components/states/LoadingState.tsx';
import { mapTileUrlQuery } from '../../device-location/api/device-location.queries.ts';
import { DeviceMap, type MapDevice } from '../../device-location/components/DeviceMap.tsx';
import type { DeviceRow } from '../api/devices.queries.ts';

/**
 * The device list's map lens (fleets spec §2 "Fleet device list"): the page's devices where
 * they are (custom location, else reported), a click opening the device. The located devices
 * are also listed as links under the map, which is how a keyboard or screen reader reaches
 * them; how many of the page's devices have no location is said.
 */
export default function DeviceMapLens({ rows }: { rows: readonly DeviceRow[] }) {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  const tiles = useQuery(mapTileUrlQuery);
  const located: MapDevice[] = rows.flatMap((row) => {
    const position = effectiveLocation(row);
    return position ? [{ id: row.id, name: row.device_name, position }] : [];
  });
  const uuidOf = new Map(rows.map((row) => [row.id, row.uuid]));
  if (tiles.error) return <ErrorState error={tiles.error} onRetry={() => tiles.refetch()} />;
  if (!tiles.data) return <LoadingState />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <DeviceMap
        tileUrl={tiles.data}
        label={t('list.map.label')}
        devices={located}
        focus={null}
        height={420}
        onOpen={(device) => void navigate({ to: '/devices/$uuid/summary', params: { uuid: uuidOf.get(device.id) ?? '' } })}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status">
        {t('list.map.located', { count: located.length, total: rows.length })}
      </Typography>
      {located.length > 0 && (
        <Box component="ul" aria-label={t('list.map.devices')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {located.map((device) => (
            <li key={device.id}>
              <Link component={RouterLink} to={`/devices/${uuidOf.get(device.id) ?? ''}/summary`}>
                {device.name}
              </Link>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
