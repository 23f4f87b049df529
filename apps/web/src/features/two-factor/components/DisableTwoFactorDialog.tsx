import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setToken } from '../../../lib/session.ts';
import { disableTwoFactor } from '../api/two-factor-api.ts';

/** Accounts spec §4: disabling two-factor needs the password. */
export function DisableTwoFactorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('twoFactor');
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const mutation = useMutation({
    mutationFn: ({ password }: { password: string }) => disableTwoFactor(password),
    meta: { silent: true },
    onSuccess: (token) => {
      setToken(token);
      enqueueSnackbar(t('tab.disabledSuccess'), { variant: 'success', preventDuplicate: true });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="disable-2fa-title">
      <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}>
        <DialogTitle id="disable-2fa-title">{t('tab.disableTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('tab.disableIntro')}</DialogContentText>
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {mutation.error.message}
            </Alert>
          )}
          <TextField
            label={t('tab.password')}
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            fullWidth
            error={Boolean(formState.errors.password)}
            helperText={formState.errors.password?.message}
            {...register('password', { validate: (v) => (v ? true : t('tab.passwordRequired')) })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('tab.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={mutation.isPending}>
            {t('tab.disable')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
