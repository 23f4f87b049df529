import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateProvisioningKey } from '../api/provisioning-keys.mutations.ts';
import { resolveKeyExpiry, todayDateValue } from '../key-expiry.ts';

interface CreateKeyForm {
  name: string;
  description: string;
  expiry: string;
}

/** A new provisioning key: name (required), description and expiry date (both optional). */
export function CreateProvisioningKeyDialog({ fleetId, onCreated, onClose }: { fleetId: number; onCreated: (key: string) => void; onClose: () => void }) {
  const { t } = useTranslation('provisioningKeys');
  const { register, handleSubmit, formState } = useForm<CreateKeyForm>({ mode: 'onTouched', defaultValues: { name: '', description: '', expiry: '' } });
  const mutation = useCreateProvisioningKey(fleetId);

  const submit = handleSubmit((values) => {
    const expiry = resolveKeyExpiry(values.expiry);
    if (!expiry.ok) return;
    mutation.mutate(
      { name: values.name.trim(), description: values.description.trim() || null, expiryDate: expiry.expiryDate },
      { onSuccess: onCreated },
    );
  });

  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="create-provisioning-key-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="create-provisioning-key-title">{t('createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
            <TextField
              label={t('name')}
              required
              autoFocus
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              {...register('name', { validate: (v) => (v.trim() ? true : t('nameRequired')) })}
            />
            <TextField label={t('description')} multiline minRows={2} {...register('description')} />
            <TextField
              label={t('expiry')}
              type="date"
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayDateValue() } }}
              error={Boolean(formState.errors.expiry)}
              helperText={formState.errors.expiry?.message ?? t('expiryHelp')}
              {...register('expiry', {
                validate: (v) => {
                  const resolved = resolveKeyExpiry(v);
                  return resolved.ok ? true : t(resolved.error);
                },
              })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={mutation.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
