import '../device-location-catalog.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  currentLocationMode,
  customLocation,
  locationSave,
  parseCoordinate,
  reportedLocation,
  type LocationDraft,
  type LocationMode,
} from '@flotilla/core/device-location';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSaveDeviceLocation } from '../api/device-location.mutations.ts';
import { deviceLocationQuery, mapTileUrlQuery, type DeviceLocationRow } from '../api/device-location.queries.ts';
import { DeviceMap } from './DeviceMap.tsx';

/**
 * /devices/{uuid}/location (fleets spec §2 "Device location", §5 "Location"): the map, and a
 * choice between the location the device reports (automatic) and one set by hand (manual).
 * Saving manual sets the custom location, saving automatic unsets it; Save needs both numbers
 * and is disabled while nothing changed. Changing it needs resin.device.update.
 */
export function DeviceLocationPage({ uuid }: { uuid: string }) {
  const { t } = useTranslation('deviceLocation');
  const device = useQuery(deviceLocationQuery(uuid));
  const tileUrl = useQuery(mapTileUrlQuery);
  usePageTitle(device.data ? t('pageTitle', { name: device.data.device_name }) : null);
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {/* Both read, or loading: a device read as null (gone) is data too, and says "not found". */}
      <QueryState query={{ data: device.data === undefined || tileUrl.data === undefined ? undefined : { device: device.data, tileUrl: tileUrl.data }, error: device.error ?? tileUrl.error, refetch: () => Promise.all([device.refetch(), tileUrl.refetch()]) }} what={t('what')}>
        {({ device: row, tileUrl: tiles }) => (row ? <LocationEditor key={row.id} device={row} tileUrl={tiles} /> : <Alert severity="info">{t('notFound')}</Alert>)}
      </QueryState>
    </Box>
  );
}

function draftOf(device: DeviceLocationRow): LocationDraft {
  const custom = customLocation(device);
  return { mode: currentLocationMode(device), latitude: custom ? String(custom.latitude) : '', longitude: custom ? String(custom.longitude) : '' };
}

function LocationEditor({ device, tileUrl }: { device: DeviceLocationRow; tileUrl: string }) {
  const { t } = useTranslation('deviceLocation');
  const fleet = device.belongs_to__application[0];
  const canUpdate = useCan('resin.device.update', { fleetId: fleet?.id, organizationId: fleet?.organization?.__id });
  const save = useSaveDeviceLocation();
  const [draft, setDraft] = useState<LocationDraft>(() => draftOf(device));
  const reported = reportedLocation(device);
  const picked =
    draft.mode === 'manual'
      ? (() => {
          const latitude = parseCoordinate(draft.latitude, 'latitude');
          const longitude = parseCoordinate(draft.longitude, 'longitude');
          return latitude === null || longitude === null ? null : { latitude, longitude };
        })()
      : reported;
  const outcome = locationSave(device, draft);
  const change = (next: Partial<LocationDraft>) => {
    save.reset();
    setDraft((d) => ({ ...d, ...next }));
  };

  return (
    <Stack spacing={2}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!outcome.canSave || save.isPending) return;
          save.mutate({ deviceId: device.id, patch: outcome.patch }, { onSuccess: () => notifySuccess(t('saved')) });
        }}
      >
        <Stack spacing={2}>
          {save.isError && <Alert severity="error">{save.error.message}</Alert>}
          <RadioGroup row aria-label={t('mode.label')} value={draft.mode} onChange={(event) => change({ mode: event.target.value as LocationMode })}>
            <FormControlLabel value="automatic" control={<Radio />} label={t('mode.automatic')} disabled={!canUpdate} />
            <FormControlLabel value="manual" control={<Radio />} label={t('mode.manual')} disabled={!canUpdate} />
          </RadioGroup>
          {draft.mode === 'automatic' ? (
            reported ? (
              <Typography variant="body2">{t('reported', { latitude: reported.latitude, longitude: reported.longitude })}</Typography>
            ) : (
              <Alert severity="warning">{t('errors.device_location_not_determined')}</Alert>
            )
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('latitude')}
                value={draft.latitude}
                onChange={(event) => change({ latitude: event.target.value })}
                disabled={!canUpdate}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                error={!outcome.canSave && outcome.reason === 'invalid' && parseCoordinate(draft.latitude, 'latitude') === null}
              />
              <TextField
                label={t('longitude')}
                value={draft.longitude}
                onChange={(event) => change({ longitude: event.target.value })}
                disabled={!canUpdate}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                error={!outcome.canSave && outcome.reason === 'invalid' && parseCoordinate(draft.longitude, 'longitude') === null}
              />
            </Stack>
          )}
          {!outcome.canSave && outcome.reason !== 'unchanged' && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t(`reasons.${outcome.reason}`)}
            </Typography>
          )}
          {!canUpdate && (
            <Typography variant="body2" color="text.secondary">
              {t('noPermission')}
            </Typography>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={!canUpdate || !outcome.canSave || save.isPending}>
              {save.isPending ? t('saving') : t('save')}
            </Button>
          </Box>
        </Stack>
      </form>
      {draft.mode === 'manual' && canUpdate && (
        <Typography variant="body2" color="text.secondary">
          {t('pickHint')}
        </Typography>
      )}
      <DeviceMap
        tileUrl={tileUrl}
        label={t('mapLabel', { name: device.device_name })}
        devices={picked ? [{ id: device.id, name: device.device_name, position: picked }] : []}
        focus={picked}
        onPick={draft.mode === 'manual' && canUpdate ? (position) => change({ latitude: String(position.latitude), longitude: String(position.longitude) }) : undefined}
      />
    </Stack>
  );
}
