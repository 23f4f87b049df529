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

/**
 * Dialog body that asks for the password, sends it to a call answering with a new session
 * token, stores that token and then calls `onDone` (identity re-check, disabling 2FA).
 */
export function PasswordTokenForm({
  intro,
  submitLabel,
  isDangerous = false,
  exchange,
  onDone,
  onCancel,
}: {
  intro: string;
  submitLabel: string;
  isDangerous?: boolean;
  exchange: (password: string) => Promise<string>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('twoFactor');
  const { register, handleSubmit, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const mutation = useMutation({
    mutationFn: ({ password }: { password: string }) => exchange(password),
    meta: { silent: true },
    onSuccess: (token) => {
      setToken(token);
      onDone();
    },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit((values) => mutation.mutate(values))(event)}>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>
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
        <Button type="submit" variant="contained" color={isDangerous ? 'error' : 'primary'} disabled={mutation.isPending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
