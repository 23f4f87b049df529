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
import type { OsType } from '@flotilla/core/os-releases';
import { OS_UPDATE_PERMISSION, osUpdateBlock, osUpdateOptions, type DeviceForOsUpdate, type OsUpdateOption } from '@flotilla/core/os-update';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { QueryState } from '../../../components/states/QueryState.tsx';
import { cleanErrorText, notifySuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/permissions.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { deviceScope } from '../../device-settings/hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';
import { useStartOsUpdate } from '../api/os-update.mutations.ts';
import { hostOsReleasesQuery, type HostOsReleases } from '../api/os-update.queries.ts';
import { OsUpdateActionStatus, OsUpdateProgress } from './OsUpdateProgress.tsx';
import { OsVersionOption } from './OsVersionOption.tsx';

/**
 * The device's host OS update (fleets spec §2 device settings "group OS update"; §4
 * classification; §5 "OS update needs a supported source version… offline devices are not
 * updatable", "The OS update form is disabled when no selected device can be updated… An
 * already-running version cannot be selected", ESR marked production and enterprise only; §6
 * resin.device.actions-proxy-hup). A takeover (data loss, no rollback) asks the name typed.
 */
export function DeviceOsUpdateSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceOsUpdate');
  const canUpdate = useCan(OS_UPDATE_PERMISSION, deviceScope(device));
  const slug = device.is_of__device_type[0]?.slug ?? '';
  const query = useQuery({ ...hostOsReleasesQuery(slug), enabled: canUpdate && slug !== '' });
  return (
    <SettingsSection title={t('os.title')} intro={t('os.intro')} reason={canUpdate ? null : t('noPermission')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('os.running', { version: device.os_version ?? '—' })}
      </Typography>
      <OsUpdateProgress device={device} />
      {canUpdate && (
        <QueryState query={query} what={t('os.what')}>
          {(data) => <OsUpdateForm device={device} data={data} />}
        </QueryState>
      )}
    </SettingsSection>
  );
}

function forRules(device: DeviceDetail): DeviceForOsUpdate {
  return { is_connected_to_vpn: device.is_connected_to_vpn, os_version: device.os_version, os_variant: device.os_variant, deviceType: device.is_of__device_type[0]?.slug ?? '' };
}

function OsUpdateForm({ device, data }: { device: DeviceDetail; data: HostOsReleases }) {
  const { t } = useTranslation('deviceOsUpdate');
  const options = osUpdateOptions(forRules(device), data.releases, data.minTakeoverVersion);
  const block = osUpdateBlock(forRules(device), options);
  const hasEsr = options.some((o) => o.release.osType === 'esr');
  const [osType, setOsType] = useState<OsType>('default');
  const shown = options.filter((o) => o.release.osType === osType);
  const [picked, setPicked] = useState<string>('');
  const selected: OsUpdateOption | undefined = shown.find((o) => o.isSelectable && o.release.rawVersion === picked);
  const [isConfirming, setConfirming] = useState(false);
  const [actionId, setActionId] = useState<string | null>(null);
  const mutation = useStartOsUpdate(device.uuid);
  const isDisabled = block !== null;

  const start = () =>
    selected &&
    mutation.mutate(selected.release.rawVersion, {
      onSuccess: (action) => {
        setConfirming(false);
        setActionId(action.id);
        notifySuccess(t('os.started', { version: selected.release.rawVersion }));
      },
    });

  return (
    <Stack spacing={2}>
      {actionId && <OsUpdateActionStatus uuid={device.uuid} actionId={actionId} />}
      {block && (
        <Typography variant="body2" color="text.secondary" data-testid="os-update-block">
          {t(`os.block.${block}`)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {hasEsr && (
          <TextField
            select
            size="small"
            label={t('os.osType')}
            value={osType}
            disabled={isDisabled}
            onChange={(e) => {
              setOsType(e.target.value === 'esr' ? 'esr' : 'default');
              setPicked('');
            }}
            sx={{ minWidth: 200, maxWidth: '100%' }}
          >
            <MenuItem value="default">{t('os.type.default')}</MenuItem>
            <MenuItem value="esr">{t('os.type.esr')}</MenuItem>
          </TextField>
        )}
        <TextField
          select
          size="small"
          label={t('os.version')}
          value={selected ? picked : ''}
          disabled={isDisabled}
          onChange={(e) => setPicked(e.target.value)}
          sx={{ minWidth: 240, maxWidth: '100%' }}
        >
          {shown.map((o) => (
            <MenuItem key={o.release.id} value={o.release.rawVersion} disabled={!o.isSelectable}>
              <OsVersionOption option={o} />
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {mutation.error && !isConfirming && <Alert severity="error">{cleanErrorText(mutation.error.message)}</Alert>}
      <Box>
        <Button variant="contained" disabled={isDisabled || !selected} onClick={() => setConfirming(true)}>
          {t('os.submit')}
        </Button>
      </Box>
      {isConfirming && selected && (
        <ConfirmDialog
          title={t(selected.isTakeover ? 'os.takeoverTitle' : 'os.confirmTitle', { version: selected.release.rawVersion })}
          message={
            <>
              {t('os.confirmMessage', { name: device.device_name, version: selected.release.rawVersion })}
              {selected.isTakeover && (
                <Alert severity="warning" sx={{ mt: 2 }}>
                  {t('os.takeoverMessage')}
                </Alert>
              )}
            </>
          }
          confirmLabel={t('os.confirm')}
          confirmColor={selected.isTakeover ? 'error' : 'primary'}
          busy={mutation.isPending}
          error={mutation.error ? cleanErrorText(mutation.error.message) : null}
          typedConfirmation={selected.isTakeover ? { text: device.device_name, label: t('os.takeoverTyped', { name: device.device_name }) } : undefined}
          onConfirm={start}
          onClose={() => {
            setConfirming(false);
            mutation.reset();
          }}
        />
      )}
    </Stack>
  );
}
