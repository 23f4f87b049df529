import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setToken } from '../../../lib/session.ts';
import { confirmIdentity } from '../api/two-factor-api.ts';

/**
 * Accounts spec §4: past the 20-minute recent-login window a 2FA change needs the password
 * again; the fresh token (new authTime) replaces the session's, then `onConfirmed` continues.
 */
export function ConfirmIdentityForm({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('twoFactor');
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const mutation = useMutation({
    mutationFn: ({ password }: { password: string }) => confirmIdentity(password),
    meta: { silent: true },
    onSuccess: (token) => {
      setToken(token);
      onConfirmed();
    },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('tab.confirmIdentityIntro')}</DialogContentText>
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
        <Button onClick={onCancel}>{t('tab.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {t('tab.continue')}
        </Button>
      </DialogActions>
    </form>
  );
}
