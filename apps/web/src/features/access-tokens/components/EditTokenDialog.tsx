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
import type { AccessTokenRow } from '../api/access-tokens.queries.ts';
import { useUpdateAccessToken } from '../api/access-tokens.mutations.ts';

/** Accounts spec §5 API key edit: name required, description optional. */
export function EditTokenDialog({ token, onClose }: { token: AccessTokenRow; onClose: () => void }) {
  const { t } = useTranslation('preferences');
  const { register, handleSubmit, formState } = useForm<{ name: string; description: string }>({
    mode: 'onTouched',
    defaultValues: { name: token.name, description: token.description ?? '' },
  });
  const mutation = useUpdateAccessToken();
  const save = (values: { name: string; description: string }) =>
    mutation.mutate(
      { id: token.id, name: values.name.trim(), description: values.description.trim() || null },
      {
        onSuccess: () => {
          notifySuccess(t('accessTokens.updated'));
          onClose();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-token-title">
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
        <DialogTitle id="edit-token-title">{t('accessTokens.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {mutation.isError && <Alert severity="error">{mutation.error.message}</Alert>}
            <TextField
              label={t('accessTokens.name')}
              required
              autoFocus
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message}
              {...register('name', { validate: (v) => (v.trim() ? true : t('accessTokens.nameRequired')) })}
            />
            <TextField label={t('accessTokens.description')} multiline minRows={2} {...register('description')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="submit" variant="contained" disabled={mutation.isPending}>
            {t('accessTokens.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
