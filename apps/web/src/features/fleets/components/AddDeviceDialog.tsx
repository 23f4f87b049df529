import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/CopyField.tsx';
import { useCreateProvisioningKey } from '../../provisioning-keys/api/provisioning-keys.mutations.ts';
import { addDeviceKeyName, simulatorCommand } from '../add-device.ts';

/**
 * "Add device" (fleets spec §2 "Other fleet dialogs"): the entry point on the fleet summary. It
 * makes a provisioning key for the fleet and gives the command that starts a device with it
 * (Flotilla's own agent); the OS image and configuration download of §2 "Add-device dialog" come
 * with the devices issue. The key is shown once, like on the provisioning keys page.
 */
export function AddDeviceDialog({ fleetId, deviceTypeSlug, deviceTypeName, onClose }: {
  fleetId: number;
  deviceTypeSlug: string;
  deviceTypeName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('fleets');
  const titleId = useId();
  const create = useCreateProvisioningKey(fleetId);
  const key = create.data;
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('addDevice.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('addDevice.intro', { deviceType: deviceTypeName })}</DialogContentText>
          {create.isError && <Alert severity="error">{create.error.message}</Alert>}
          {key ? (
            <>
              <Alert severity="info">{t('addDevice.keyOnce')}</Alert>
              <CopyField label={t('addDevice.command')} value={simulatorCommand(window.location.origin, key, deviceTypeSlug)} />
            </>
          ) : (
            <div>
              <Button
                variant="contained"
                disabled={create.isPending}
                onClick={() => create.mutate({ name: addDeviceKeyName(new Date()), description: t('addDevice.keyDescription'), expiryDate: null })}
              >
                {t('addDevice.createKey')}
              </Button>
            </div>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t(key ? 'common:close' : 'common:cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
