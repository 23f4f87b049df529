import '../../devices/devices-catalog.ts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRenameDevice } from '../api/device-summary.mutations.ts';

/** Rename the device (`device_name`); "Renamed successfully" on success, the API's refusal inline. */
export function RenameDeviceDialog({ deviceId, name, onClose }: { deviceId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const { register, handleSubmit, formState } = useForm<{ name: string }>({ mode: 'onTouched', defaultValues: { name } });
  const rename = useRenameDevice(deviceId);

  const submit = handleSubmit((values) => {
    const next = values.name.trim();
    if (next === name) return onClose();
    rename.mutate(next, {
      onSuccess: () => {
        notifySuccess(t('summary.rename.success'));
        onClose();
      },
    });
  });

  return (
    <Dialog open onClose={rename.isPending ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="rename-device-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="rename-device-title">{t('summary.rename.title')}</DialogTitle>
        <DialogContent>
          {rename.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {rename.error.message}
            </Alert>
          )}
          <TextField
            label={t('summary.name')}
            required
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message}
            {...register('name', { validate: (v) => (v.trim() === '' ? t('summary.rename.required') : true) })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={rename.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={rename.isPending}>
            {t('summary.rename.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
