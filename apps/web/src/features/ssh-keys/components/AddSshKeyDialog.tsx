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
import { notifySuccess } from '../../../lib/notify.ts';
import { useAddSshKey } from '../api/ssh-keys.mutations.ts';
import { sshKeyErrorMessage } from '../ssh-key-errors.ts';
import { validateSshKeyTitle, validateSshPublicKey } from '../ssh-key-rules.ts';

interface AddKeyForm {
  title: string;
  key: string;
}

/** Accounts spec §5 SSH key: title and key mandatory, key of a supported type; a key already added is said so. */
export function AddSshKeyDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  const { register, handleSubmit, formState } = useForm<AddKeyForm>({ mode: 'onTouched', defaultValues: { title: '', key: '' } });
  const mutation = useAddSshKey(userId);
  const submit = (values: AddKeyForm) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('sshKeys.added'));
        onClose();
      },
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-ssh-key-title">
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id="add-ssh-key-title">{t('sshKeys.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && <Alert severity="error">{sshKeyErrorMessage(mutation.error, t)}</Alert>}
            <TextField
              label={t('sshKeys.keyTitle')}
              required
              autoFocus
              error={Boolean(formState.errors.title)}
              helperText={formState.errors.title?.message}
              {...register('title', { validate: (v) => validateSshKeyTitle(v) ?? true })}
            />
            <TextField
              label={t('sshKeys.key')}
              required
              multiline
              minRows={4}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
              error={Boolean(formState.errors.key)}
              helperText={formState.errors.key?.message ?? t('sshKeys.keyHelp')}
              {...register('key', { validate: (v) => validateSshPublicKey(v) ?? true })}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('sshKeys.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
