import TextField from '@mui/material/TextField';
import { FormDialog } from '../../../components/FormDialog.tsx';
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
    <FormDialog title={t('createTitle')} submitLabel={t('submit')} pending={mutation.isPending} error={mutation.isError ? mutation.error.message : null} onSubmit={(event) => void submit(event)} onClose={onClose}>
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
    </FormDialog>
  );
}
