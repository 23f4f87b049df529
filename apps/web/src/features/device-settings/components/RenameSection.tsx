import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import type { DeviceDetail } from '../../devices/api/devices.queries.ts';
import { useRenameDevice } from '../../device-summary/api/device-summary.mutations.ts';
import { useCanSection } from '../hooks/use-device-permission.ts';
import { SettingsSection } from '../../../components/SettingsSection.tsx';

/** Rename (fleets spec §6 resin.device.update; §8 "renamed successfully"). */
export function RenameSection({ device }: { device: DeviceDetail }) {
  const { t } = useTranslation('deviceSettings');
  const canUpdate = useCanSection(device, 'rename');
  return (
    <SettingsSection title={t('rename.title')} reason={canUpdate ? null : t('noPermission')}>
      {/* Keyed by the name: after a rename (here or elsewhere) the field starts from the new one. */}
      <RenameForm key={device.device_name} device={device} canUpdate={canUpdate} />
    </SettingsSection>
  );
}

function RenameForm({ device, canUpdate }: { device: DeviceDetail; canUpdate: boolean }) {
  const { t } = useTranslation('deviceSettings');
  const rename = useRenameDevice(device.id);
  const { register, handleSubmit, formState, control } = useForm<{ name: string }>({ mode: 'onTouched', defaultValues: { name: device.device_name } });
  const isChanged = useWatch({ control, name: 'name' }).trim() !== device.device_name;
  const submit = handleSubmit((values) => {
    // mutateAsync: this form is keyed by the name, so the refreshed device replaces it before a mutate callback would run.
    rename.mutateAsync(values.name.trim()).then(
      () => notifySuccess(t('rename.success')),
      () => undefined, // shown above the field
    );
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack spacing={1}>
        {rename.isError && <Alert severity="error">{rename.error.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          <TextField
            size="small"
            label={t('rename.label')}
            required
            disabled={!canUpdate}
            error={Boolean(formState.errors.name)}
            helperText={formState.errors.name?.message ?? ' '}
            sx={{ minWidth: { sm: 320 } }}
            slotProps={{ htmlInput: { readOnly: rename.isPending } }}
            {...register('name', { validate: (v) => (v.trim() === '' ? t('rename.required') : true) })}
          />
          <Button type="submit" variant="outlined" disabled={!canUpdate || !isChanged || rename.isPending} sx={{ flexShrink: 0, mt: { sm: '2px' } }}>
            {rename.isPending ? t('saving') : t('rename.submit')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
