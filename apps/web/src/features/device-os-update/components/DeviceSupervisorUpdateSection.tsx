import '../device-os-update-catalog.ts';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPERVISOR_UPDATE_PERMISSION, supervisorUpdateBlock, supervisorVersionsOffered, type SupervisorRelease } from '@flotilla/core/os-update';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceScope } from '../../device-settings/hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { useSetSupervisorRelease } from '../api/os-update.mutations.ts';
import { supervisorReleasesQuery } from '../api/os-update.queries.ts';

/**
 * The device's supervisor update (fleets spec §2 device settings "group supervisor update"; §5
 * "Supervisor update is unavailable for ESR OS versions", "The supervisor form is disabled when
 * no versions are available or the only version is the running one"; §6
 * resin.device.actions-proxy-supervisorupgrade; §8 "Cannot update the ESR supervisor", "No
 * versions available"). The versions are the supervisor releases of the device's architecture.
 */
export function DeviceSupervisorUpdateSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceOsUpdate');
  const canUpgrade = useCan(SUPERVISOR_UPDATE_PERMISSION, deviceScope(device));
  const slug = device.is_of__device_type[0]?.slug ?? '';
  const query = useQuery({ ...supervisorReleasesQuery(slug), enabled: canUpgrade && slug !== '' });
  return (
    <SettingsSection title={t('supervisor.title')} intro={t('supervisor.intro')} reason={canUpgrade ? null : t('noPermission')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('supervisor.running', { version: device.supervisor_version ?? '—' })}
      </Typography>
      {canUpgrade && (
        <QueryState query={query} what={t('supervisor.what')}>
          {(releases) => <SupervisorUpdateForm device={device} releases={releases} />}
        </QueryState>
      )}
    </SettingsSection>
  );
}

function SupervisorUpdateForm({ device, releases }: { device: DeviceDetail; releases: SupervisorRelease[] }) {
  const { t } = useTranslation('deviceOsUpdate');
  const block = supervisorUpdateBlock(device, releases);
  const offered = supervisorVersionsOffered(device, releases);
  const [pickedId, setPickedId] = useState<number | ''>('');
  const selected = offered.find((r) => r.id === pickedId);
  const [isConfirming, setConfirming] = useState(false);
  const mutation = useSetSupervisorRelease(device.id, device.uuid);

  return (
    <Stack spacing={2}>
      {block && (
        <Typography variant="body2" color="text.secondary" data-testid="supervisor-update-block">
          {t(`supervisor.block.${block}`)}
        </Typography>
      )}
      <TextField
        select
        size="small"
        label={t('supervisor.version')}
        value={selected ? selected.id : ''}
        disabled={block !== null}
        onChange={(e) => setPickedId(Number(e.target.value))}
        sx={{ minWidth: 240, maxWidth: '100%', alignSelf: 'flex-start' }}
      >
        {offered.map((r) => (
          <MenuItem key={r.id} value={r.id}>
            {r.rawVersion}
          </MenuItem>
        ))}
      </TextField>
      {mutation.error && !isConfirming && <Alert severity="error">{cleanErrorText(mutation.error.message)}</Alert>}
      <Box>
        <Button variant="contained" disabled={block !== null || !selected} onClick={() => setConfirming(true)}>
          {t('supervisor.submit')}
        </Button>
      </Box>
      {isConfirming && selected && (
        <ConfirmDialog
          title={t('supervisor.confirmTitle', { version: selected.rawVersion })}
          message={t('supervisor.confirmMessage', { name: device.device_name, version: selected.rawVersion })}
          confirmLabel={t('supervisor.confirm')}
          confirmColor="primary"
          busy={mutation.isPending}
          error={mutation.error ? cleanErrorText(mutation.error.message) : null}
          onConfirm={() =>
            mutation.mutate(selected.id, {
              onSuccess: () => {
                setConfirming(false);
                setPickedId('');
                notifySuccess(t('supervisor.requested', { version: selected.rawVersion }));
              },
            })
          }
          onClose={() => {
            setConfirming(false);
            mutation.reset();
          }}
        />
      )}
    </Stack>
  );
}
